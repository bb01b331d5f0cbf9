/**
 * Operators of the embedded database: bcrypt hashes made by pgcrypto in the auth.users stand-in, and
 * server-side sessions held by the Node side (auth.sessions stores only a SHA-256 of each token, so a
 * copied database file does not hand out live sessions). Runs as the database owner, never as a caller.
 */
import { createHash, randomBytes } from 'node:crypto';
import { OPERATOR_SESSION_HOURS, type AuthPort, type AuthSession, type Dispositivo, type LoginLock, type MfaPort } from '../../../shared/ports/auth';
import type { SecretsPort } from '../../../shared/ports/secrets';
import {
  cifrar,
  claveTotp,
  descifrar,
  hashRecuperacion,
  nuevoSecreto,
  nuevosCodigosRecuperacion,
  pareceRecuperacion,
  pasoDelCodigo,
  uriTotp,
} from '../../secretos/totp';
import type { SqlClient, SqlQueryable } from '../../../shared/ports/sql';
import { operador, type Operator } from '../../../shared/ports/operador';
import { NO_LOCK, normalizeEmail, sameLock } from '../../../shared/areas/auth/rules';
import { AppError } from '../../../shared/errors';
import { es } from '../../../shared/i18n/es';

/** bcrypt cost: 10 is Supabase's own default. */
const BCRYPT_COST = 10;

interface OperatorRow {
  id: string;
  email: string;
  nombre: string;
  es_admin: boolean;
  activo: boolean;
  created_at: string;
}

function toOperator(row: OperatorRow): Operator {
  return operador({ id: row.id, email: row.email, nombre: row.nombre, esAdmin: row.es_admin, createdAt: new Date(row.created_at).toISOString() });
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const OPERATOR_COLUMNS = `u.id, u.email, p.nombre, p.es_admin, p.activo, u.created_at`;

/** An auth user with a bcrypt hash of its password; the trigger on auth.users decides on its profile. */
async function insertUser(runner: SqlQueryable, { email, nombre, password }: { email: string; nombre: string; password: string }): Promise<string> {
  const { rows } = await runner.query<{ id: string }>(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data)
     values ($1, crypt($2, gen_salt('bf', ${BCRYPT_COST})), jsonb_build_object('full_name', $3::text))
     returning id`,
    [normalizeEmail(email), password, nombre.trim()],
  );
  return rows[0]!.id;
}

/** A session's last use is written at most this often (every request would be one more write). */
const ULTIMO_USO_CADA_MS = 60_000;

/** A User-Agent or an address is shown, never trusted: bounded before it is stored. */
const acotar = (valor: string | undefined, max: number) => (valor ? valor.slice(0, max) : null);

/**
 * `secretos`: the keychain, where the key that encrypts the TOTP secrets lives (without it there is no second
 * factor, and sign-in stays one step).
 */
export function crearAuthEmbebida(db: SqlClient, now: () => Date = () => new Date(), secretos?: SecretsPort): AuthPort {
  const oyentes = new Set<() => void>();
  const avisar = () => {
    for (const oyente of oyentes) oyente();
  };
  const clave = claveTotp(secretos);

  async function openSession(runner: SqlQueryable, operator: Operator, dispositivo: Dispositivo = {}): Promise<AuthSession> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now().getTime() + OPERATOR_SESSION_HOURS * 3_600_000).toISOString();
    const { rows } = await runner.query<{ id: string; mfa: boolean }>(
      `insert into auth.sessions (user_id, token_hash, expires_at, created_at, refreshed_at, user_agent, ip)
       values ($1, $2, $3, $4, $4, $5, $6)
       returning id, exists (select 1 from auth.mfa_totp t where t.user_id = $1 and t.verificado) as mfa`,
      [operator.id, hashToken(token), expiresAt, now().toISOString(), acotar(dispositivo.userAgent, 400), acotar(dispositivo.ip, 100)],
    );
    await runner.query('update auth.users set last_sign_in_at = $2 where id = $1', [operator.id, now().toISOString()]);
    const mfa = rows[0]?.mfa === true;
    return { token, operator, expiresAt, sessionId: rows[0]!.id, aal: 'aal1', ...(mfa ? { mfaPendiente: true } : {}) };
  }

  /** The live session of a token (any level), or an 'unauthenticated' error. */
  async function sesionViva(token: string): Promise<{ id: string; user_id: string; email: string }> {
    const { rows } = await db.query<{ id: string; user_id: string; email: string }>(
      `select s.id, s.user_id, u.email from auth.sessions s join auth.users u on u.id = s.user_id
        where s.token_hash = $1 and s.expires_at > $2`,
      [hashToken(token), now().toISOString()],
    );
    if (!rows[0]) throw new AppError('unauthenticated', es.login.sesionExpirada);
    return rows[0];
  }

  const auditar = (runner: SqlQueryable, usuario: string, accion: string, detalle: Record<string, unknown> = {}) =>
    runner.query('select public.auditoria_registrar($1, null, $2::jsonb, $3::uuid, null)', [accion, JSON.stringify(detalle), usuario]);

  /** The factor's secret, decrypted, if the operator has one (verified or being enrolled). */
  async function factor(usuario: string): Promise<{ secreto: string; verificado: boolean } | null> {
    const { rows } = await db.query<{ secreto_cifrado: string; verificado: boolean }>(
      'select secreto_cifrado, verificado from auth.mfa_totp where user_id = $1',
      [usuario],
    );
    if (!rows[0]) return null;
    return { secreto: descifrar(await clave(), rows[0].secreto_cifrado), verificado: rows[0].verificado };
  }

  /**
   * Accepts a code of the app once: the step is stored in the same statement that checks it is later than the
   * last one accepted, so the same code (or an older one) is refused, also when two requests race.
   */
  async function usarCodigo(runner: SqlQueryable, usuario: string, secreto: string, codigo: string, verificado: boolean): Promise<boolean> {
    const paso = pasoDelCodigo(secreto, codigo, now());
    if (paso === null) return false;
    const { rows } = await runner.query(
      `update auth.mfa_totp set ultimo_paso = $2::bigint
        where user_id = $1 and verificado = $3 and (ultimo_paso is null or ultimo_paso < $2::bigint)
       returning 1`,
      [usuario, paso, verificado],
    );
    return rows.length === 1;
  }

  async function usarRecuperacion(runner: SqlQueryable, usuario: string, codigo: string): Promise<boolean> {
    const { rows } = await runner.query(
      `update auth.mfa_recuperacion set usado_at = $3 where user_id = $1 and codigo_hash = $2 and usado_at is null returning 1`,
      [usuario, hashRecuperacion(codigo), now().toISOString()],
    );
    return rows.length === 1;
  }

  const mfa: MfaPort = {
    async estado(token) {
      const sesion = await sesionViva(token);
      const { rows } = await db.query<{ activo: boolean; restantes: number }>(
        `select exists (select 1 from auth.mfa_totp t where t.user_id = $1 and t.verificado) as activo,
                (select count(*)::int from auth.mfa_recuperacion r where r.user_id = $1 and r.usado_at is null) as restantes`,
        [sesion.user_id],
      );
      return { activo: rows[0]?.activo === true, codigosRestantes: Number(rows[0]?.restantes ?? 0) };
    },

    async iniciar(token) {
      const sesion = await sesionViva(token);
      const actual = await factor(sesion.user_id);
      if (actual?.verificado) throw new AppError('conflict', es.seguridad.yaActiva);
      const secreto = nuevoSecreto();
      await db.query(
        `insert into auth.mfa_totp (user_id, secreto_cifrado, verificado, ultimo_paso, created_at) values ($1, $2, false, null, $3)
         on conflict (user_id) do update set secreto_cifrado = excluded.secreto_cifrado, ultimo_paso = null, created_at = excluded.created_at
          where not auth.mfa_totp.verificado`,
        [sesion.user_id, cifrar(await clave(), secreto), now().toISOString()],
      );
      return { uri: uriTotp(secreto, sesion.email), secreto };
    },

    async confirmar(token, codigo) {
      const sesion = await sesionViva(token);
      const actual = await factor(sesion.user_id);
      if (!actual) throw new AppError('validation', es.seguridad.sinInscripcion);
      if (actual.verificado) throw new AppError('conflict', es.seguridad.yaActiva);
      const codigos = nuevosCodigosRecuperacion();
      const ok = await db.transaction(async (tx) => {
        if (!(await usarCodigo(tx, sesion.user_id, actual.secreto, codigo, false))) return false;
        await tx.query('update auth.mfa_totp set verificado = true where user_id = $1', [sesion.user_id]);
        await tx.query('delete from auth.mfa_recuperacion where user_id = $1', [sesion.user_id]);
        await tx.query(
          'insert into auth.mfa_recuperacion (user_id, codigo_hash) select $1, unnest($2::text[])',
          [sesion.user_id, codigos.map(hashRecuperacion)],
        );
        // Proven now: this session is aal2.
        await tx.query(`update auth.sessions set aal = 'aal2' where id = $1`, [sesion.id]);
        await auditar(tx, sesion.user_id, 'mfa.activar');
        return true;
      });
      if (!ok) throw new AppError('validation', es.seguridad.codigoIncorrecto);
      return { codigosRecuperacion: codigos };
    },

    async verificar(token, codigo) {
      const sesion = await sesionViva(token);
      const actual = await factor(sesion.user_id);
      if (!actual?.verificado) return false;
      return db.transaction(async (tx) => {
        const recuperacion = pareceRecuperacion(codigo);
        const ok = recuperacion
          ? await usarRecuperacion(tx, sesion.user_id, codigo)
          : await usarCodigo(tx, sesion.user_id, actual.secreto, codigo, true);
        if (!ok) {
          await auditar(tx, sesion.user_id, 'sesion.codigo_rechazado');
          return false;
        }
        await tx.query(`update auth.sessions set aal = 'aal2' where id = $1`, [sesion.id]);
        await auditar(tx, sesion.user_id, recuperacion ? 'sesion.codigo_recuperacion' : 'sesion.segundo_paso');
        return true;
      });
    },

    async desactivar(token, codigo) {
      const sesion = await sesionViva(token);
      const actual = await factor(sesion.user_id);
      if (!actual?.verificado) throw new AppError('validation', es.seguridad.noActiva);
      return db.transaction(async (tx) => {
        const ok = pareceRecuperacion(codigo)
          ? await usarRecuperacion(tx, sesion.user_id, codigo)
          : await usarCodigo(tx, sesion.user_id, actual.secreto, codigo, true);
        if (!ok) return false;
        await tx.query('delete from auth.mfa_totp where user_id = $1', [sesion.user_id]);
        await tx.query('delete from auth.mfa_recuperacion where user_id = $1', [sesion.user_id]);
        await auditar(tx, sesion.user_id, 'mfa.desactivar');
        return true;
      });
    },
  };

  return {
    async needsSetup() {
      const { rows } = await db.query<{ vacio: boolean }>('select not exists (select 1 from public.perfiles) as vacio');
      return rows[0]?.vacio ?? true;
    },

    async createFirstAdmin({ nombre, email, password }) {
      return db.transaction(async (tx) => {
        // Two first-run screens submitting at once must not both become administrators.
        await tx.query('select pg_advisory_xact_lock(424242)');
        const { rows: existing } = await tx.query('select 1 from public.perfiles limit 1');
        if (existing.length > 0) throw new AppError('conflict', es.primerAdmin.yaExiste);
        // The profile (and its admin flag) is made by the database trigger on auth.users.
        const id = await insertUser(tx, { email, nombre, password });
        const { rows: ops } = await tx.query<OperatorRow>(
          `select ${OPERATOR_COLUMNS} from auth.users u join public.perfiles p on p.id = u.id where u.id = $1`,
          [id],
        );
        return openSession(tx, toOperator(ops[0]!));
      });
    },

    async verifyPassword(email, password, dispositivo) {
      const { rows } = await db.query<OperatorRow & { ok: boolean }>(
        `select ${OPERATOR_COLUMNS}, u.encrypted_password = crypt($2, u.encrypted_password) as ok
           from auth.users u join public.perfiles p on p.id = u.id
          where u.email = $1`,
        [normalizeEmail(email), password],
      );
      const row = rows[0];
      if (!row) {
        // Same cost as a real check, so response time does not tell which e-mails exist.
        await db.query(`select crypt($1, gen_salt('bf', ${BCRYPT_COST}))`, [password]);
        return null;
      }
      if (!row.ok) return null;
      // The right password of a deactivated operator: no session, and he is told why.
      if (!row.activo) throw new AppError('forbidden', es.operadores.cuentaDesactivada);
      return openSession(db, toOperator(row), dispositivo);
    },

    async getSession(token) {
      if (!token) return null;
      const { rows } = await db.query<OperatorRow & { expires_at: string; sesion: string; aal: string; mfa: boolean; usada: string | null }>(
        `select ${OPERATOR_COLUMNS}, s.expires_at, s.id as sesion, s.aal, s.refreshed_at as usada,
                exists (select 1 from auth.mfa_totp t where t.user_id = u.id and t.verificado) as mfa
           from auth.sessions s join auth.users u on u.id = s.user_id join public.perfiles p on p.id = u.id
          where s.token_hash = $1 and s.expires_at > $2 and p.activo`,
        [hashToken(token), now().toISOString()],
      );
      const row = rows[0];
      if (!row) return null;
      if (!row.usada || now().getTime() - new Date(row.usada).getTime() > ULTIMO_USO_CADA_MS) {
        await db.query('update auth.sessions set refreshed_at = $2 where id = $1', [row.sesion, now().toISOString()]);
      }
      const aal = row.aal === 'aal2' ? 'aal2' : 'aal1';
      return {
        token,
        operator: toOperator(row),
        expiresAt: new Date(row.expires_at).toISOString(),
        sessionId: row.sesion,
        aal,
        ...(row.mfa && aal === 'aal1' ? { mfaPendiente: true } : {}),
      };
    },

    async signOut(token) {
      await db.query('delete from auth.sessions where token_hash = $1 or expires_at <= $2', [hashToken(token), now().toISOString()]);
      avisar();
    },

    async getLoginLock(email): Promise<LoginLock> {
      const { rows } = await db.query<{ failed_count: number; locked_until: string | null }>(
        'select failed_count, locked_until from auth.login_attempts where email = $1',
        [normalizeEmail(email)],
      );
      const row = rows[0];
      return row
        ? { failedCount: row.failed_count, lockedUntil: row.locked_until ? new Date(row.locked_until).toISOString() : null }
        : { failedCount: 0, lockedUntil: null };
    },

    async swapLoginLock(email, expected, next) {
      const key = normalizeEmail(email);
      // One statement each: PostgreSQL re-checks the WHERE on the row's latest version when another attempt
      // updated it meanwhile (and PGlite runs one statement at a time), so two attempts cannot both win.
      if (sameLock(expected, NO_LOCK)) {
        if (sameLock(next, NO_LOCK)) return true;
        const { rows } = await db.query(
          `insert into auth.login_attempts as a (email, failed_count, locked_until) values ($1, $2::int, $3::timestamptz)
           on conflict (email) do update set failed_count = excluded.failed_count, locked_until = excluded.locked_until
            where a.failed_count = 0 and a.locked_until is null
           returning 1`,
          [key, next.failedCount, next.lockedUntil],
        );
        return rows.length === 1;
      }
      const { rows } = sameLock(next, NO_LOCK)
        ? await db.query(
            `delete from auth.login_attempts
              where email = $1 and failed_count = $2::int and locked_until is not distinct from $3::timestamptz
             returning 1`,
            [key, expected.failedCount, expected.lockedUntil],
          )
        : await db.query(
            `update auth.login_attempts set failed_count = $4::int, locked_until = $5::timestamptz
              where email = $1 and failed_count = $2::int and locked_until is not distinct from $3::timestamptz
             returning 1`,
            [key, expected.failedCount, expected.lockedUntil, next.failedCount, next.lockedUntil],
          );
      return rows.length === 1;
    },

    async changePassword(token, currentPassword, newPassword) {
      return db.transaction(async (tx) => {
        const { rows: live } = await tx.query<{ user_id: string }>(
          'select user_id from auth.sessions where token_hash = $1 and expires_at > $2',
          [hashToken(token), now().toISOString()],
        );
        const userId = live[0]?.user_id;
        if (!userId) throw new AppError('unauthenticated', es.login.sesionExpirada);
        // The current password is verified in the same statement that changes it.
        const { rows } = await tx.query<{ id: string }>(
          `update auth.users set encrypted_password = crypt($3, gen_salt('bf', ${BCRYPT_COST})), updated_at = $4
            where id = $1 and encrypted_password = crypt($2, encrypted_password)
            returning id`,
          [userId, currentPassword, newPassword, now().toISOString()],
        );
        if (rows.length === 0) return false;
        // Other sessions of this operator end: whoever knew the old password is signed out.
        await tx.query('delete from auth.sessions where user_id = $1 and token_hash <> $2', [userId, hashToken(token)]);
        return true;
      }).finally(avisar);
    },

    async endSessions(userId, keepToken) {
      await db.query('delete from auth.sessions where user_id = $1 and token_hash <> $2', [userId, keepToken ? hashToken(keepToken) : '']);
      avisar();
    },

    mfa,

    sesionesTerminadas: {
      suscribir(oyente) {
        oyentes.add(oyente);
        return () => void oyentes.delete(oyente);
      },
      avisar,
    },

    // As the owner: the trigger on auth.users consumes the authorisation operadores_agregar has just made as
    // the administrator, and creates the profile with its name and role.
    createUser: (input) => insertUser(db, input),

    async setPassword(userId, password, keepToken) {
      await db.transaction(async (tx) => {
        await tx.query(`update auth.users set encrypted_password = crypt($2, gen_salt('bf', ${BCRYPT_COST})), updated_at = $3 where id = $1`, [
          userId,
          password,
          now().toISOString(),
        ]);
        await tx.query('delete from auth.sessions where user_id = $1 and token_hash <> $2', [userId, keepToken ? hashToken(keepToken) : '']);
      });
      avisar();
    },
  };
}
