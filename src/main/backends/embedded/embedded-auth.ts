/**
 * Operators of the embedded database: bcrypt hashes made by pgcrypto in the auth.users stand-in, and
 * server-side sessions held by the Node side (auth.sessions stores only a SHA-256 of each token, so a
 * copied database file does not hand out live sessions). Runs as the database owner, never as a caller.
 */
import { createHash, randomBytes } from 'node:crypto';
import { OPERATOR_SESSION_HOURS, type AuthPort, type AuthSession, type LoginLock } from '../../../shared/ports/auth';
import type { SqlClient, SqlQueryable } from '../../../shared/ports/sql';
import { operador, type Operator } from '../../../shared/areas/auth/operador';
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

export function createEmbeddedAuth(db: SqlClient, now: () => Date = () => new Date()): AuthPort {
  async function openSession(runner: SqlQueryable, operator: Operator): Promise<AuthSession> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now().getTime() + OPERATOR_SESSION_HOURS * 3_600_000).toISOString();
    await runner.query('insert into auth.sessions (user_id, token_hash, expires_at) values ($1, $2, $3)', [
      operator.id,
      hashToken(token),
      expiresAt,
    ]);
    await runner.query('update auth.users set last_sign_in_at = $2 where id = $1', [operator.id, now().toISOString()]);
    return { token, operator, expiresAt };
  }

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

    async verifyPassword(email, password) {
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
      return openSession(db, toOperator(row));
    },

    async getSession(token) {
      if (!token) return null;
      const { rows } = await db.query<OperatorRow & { expires_at: string }>(
        `select ${OPERATOR_COLUMNS}, s.expires_at
           from auth.sessions s join auth.users u on u.id = s.user_id join public.perfiles p on p.id = u.id
          where s.token_hash = $1 and s.expires_at > $2 and p.activo`,
        [hashToken(token), now().toISOString()],
      );
      const row = rows[0];
      return row ? { token, operator: toOperator(row), expiresAt: new Date(row.expires_at).toISOString() } : null;
    },

    async signOut(token) {
      await db.query('delete from auth.sessions where token_hash = $1 or expires_at <= $2', [hashToken(token), now().toISOString()]);
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
      });
    },

    async endSessions(userId, keepToken) {
      await db.query('delete from auth.sessions where user_id = $1 and token_hash <> $2', [userId, keepToken ? hashToken(keepToken) : '']);
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
    },
  };
}
