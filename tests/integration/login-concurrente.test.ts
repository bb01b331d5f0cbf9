/**
 * Issue 11, finding 2: sign-in attempts sent at the same moment must not get past the 5-try lock. Over HTTP
 * against the served app (startServer over the real dispatcher) on PGlite and PostgreSQL 15, and on the
 * hosted backend's in-memory counters (a local stand-in for GoTrue counts the password checks that reach it).
 * The counter is reserved atomically before each check, so at most five passwords are ever checked per lock
 * window and the fifth failure locks, whatever arrives in parallel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { AuthPort } from '../../src/shared/ports/auth';
import { startServer, type RunningServer } from '../../src/main/serve';
import { crearBackendAlojado } from '../../src/main/motores/alojado/open-hosted';
import { crearBoveda } from '../../src/main/secretos/vault';
import { crearApi } from '../../src/shared/api';
import { crearDespachador, type Implementations } from '../../src/main/dispatch';
import { es } from '../../src/shared/i18n/es';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, Clock, embeddedApi } from '../support/operators';
import { clearService, testService } from '../support/keychain';

interface Answer {
  status: number;
  code: string | null;
  message: string | null;
}

/** Posts a sign-in to the served app as a browser would (JSON, same origin); answers status and error. */
async function signIn(server: RunningServer, email: string, password: string): Promise<Answer> {
  const res = await fetch(`${server.url}/api/auth/iniciarSesion`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { ok: boolean; error?: { code: string; message: string } };
  return { status: res.status, code: body.error?.code ?? null, message: body.error?.message ?? null };
}

/** Only the per-address budget of the transport is lifted here: these tests are about the e-mail's lock. */
const NO_ADDRESS_LIMIT = { signInAttempts: 10_000, concurrentPublicBodies: 1_000 };

/**
 * Holds every password check at a gate until the test opens it, counting them: the test can then send the
 * right password while the wrong ones are being checked, which is the race the lock must win.
 */
function gateChecks(auth: AuthPort) {
  const original = auth.verifyPassword.bind(auth);
  const held: Array<() => void> = [];
  let open = false;
  const gate = {
    calls: 0,
    held: () => held.length,
    /** Called whenever a check arrives at the gate. */
    onArrival: () => {},
    release() {
      open = true;
      held.splice(0).forEach((resolve) => resolve());
    },
    restore() {
      auth.verifyPassword = original;
    },
  };
  auth.verifyPassword = async (email, password) => {
    gate.calls++;
    if (!open) {
      const wait = new Promise<void>((resolve) => held.push(resolve));
      gate.onArrival();
      await wait;
    }
    return original(email, password);
  };
  return gate;
}

describe.each(MIGRATED_BACKENDS)('inicio de sesión en paralelo por HTTP en %s', (_name, fresh) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  let server: RunningServer;
  let rendererDir: string;
  const clock = new Clock();

  beforeAll(async () => {
    db = await fresh();
    api = await embeddedApi(db, clock);
    expect(await api.dispatch('auth', 'crearPrimerAdmin', ADMIN, new Caller())).toMatchObject({ ok: true });
    rendererDir = mkdtempSync(join(tmpdir(), 'consola-login-'));
    server = await startServer({ dispatch: api.dispatch, rendererDir, now: clock.now, limits: NO_ADDRESS_LIMIT });
  });
  afterAll(async () => {
    await server?.cerrar();
    await db?.cerrar();
    rmSync(rendererDir, { recursive: true, force: true });
  });

  /**
   * Sends sign-ins while every password check waits at the gate, and opens it only once each request sent is
   * either answered or waiting there: all of them are in flight together, whatever the database's speed.
   */
  function inParallel(gate: ReturnType<typeof gateChecks>) {
    let answered = 0;
    let sent = 0;
    let settled: (() => void) | null = null;
    const progress = () => {
      if (settled && answered + gate.held() === sent) settled();
    };
    gate.onArrival = progress;
    return {
      send(password: string): Promise<Answer> {
        sent++;
        return signIn(server, ADMIN.email, password).then((answer) => {
          answered++;
          progress();
          return answer;
        });
      },
      allInFlight: () =>
        new Promise<void>((resolve) => {
          settled = resolve;
          progress();
        }),
    };
  }

  it('40 contraseñas equivocadas a la vez: solo 5 se comprueban, la quinta bloquea, y luego ni la correcta entra', async () => {
    const gate = gateChecks(api.backend.auth);
    try {
      const burst = inParallel(gate);
      const pending = Array.from({ length: 40 }, (_, i) => burst.send(`Equivocada${i}x`));
      await burst.allInFlight();
      gate.release();
      const answers = await Promise.all(pending);
      expect(gate.calls).toBe(5);
      expect(answers.filter((a) => a.code === 'unauthenticated')).toHaveLength(4);
      const locked = answers.filter((a) => a.code === 'locked');
      expect(locked).toHaveLength(36);
      expect(locked.every((a) => a.status === 429 && a.message === es.login.bloqueado(5))).toBe(true);

      const right = await signIn(server, ADMIN.email, ADMIN.password);
      expect(right).toEqual({ status: 429, code: 'locked', message: es.login.bloqueado(5) });
      expect(gate.calls).toBe(5);
    } finally {
      gate.release();
      gate.restore();
    }
    // The lock runs out after its five minutes, as for attempts one after another.
    clock.advance(5 * 60_000 + 1_000);
    expect(await signIn(server, ADMIN.email, ADMIN.password)).toEqual({ status: 200, code: null, message: null });
  });

  it('29 equivocadas y la correcta en el mismo momento: nunca más de 5 comprobaciones y el bloqueo se mantiene', async () => {
    const gate = gateChecks(api.backend.auth);
    try {
      const burst = inParallel(gate);
      const wrong = Array.from({ length: 29 }, (_, i) => burst.send(`Equivocada${i}y`));
      await burst.allInFlight();
      // The right password arrives while the wrong ones are still being checked.
      const right = burst.send(ADMIN.password);
      await burst.allInFlight();
      gate.release();
      const answers = await Promise.all([...wrong, right]);

      expect(gate.calls).toBeLessThanOrEqual(5);
      expect(await right).toEqual({ status: 429, code: 'locked', message: es.login.bloqueado(5) });
      expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
      const { rows } = await db.query<{ failed_count: number }>('select failed_count from auth.login_attempts where email = $1', [
        ADMIN.email.toLowerCase(),
      ]);
      expect(rows[0]?.failed_count).toBe(5);
      // And the lock holds afterwards.
      expect(await signIn(server, ADMIN.email, ADMIN.password)).toMatchObject({ status: 429, code: 'locked' });
    } finally {
      gate.release();
      gate.restore();
    }
  });

  it('cambiar la contraseña con 20 contraseñas actuales equivocadas a la vez: solo 5 se comprueban y el email queda bloqueado', async () => {
    clock.advance(10 * 60_000); // past the lock the tests above left
    const caller = new Caller();
    expect(await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, caller)).toMatchObject({ ok: true });
    const auth = api.backend.auth;
    const original = auth.changePassword.bind(auth);
    let checks = 0;
    auth.changePassword = async (token, actual, nueva) => {
      checks++;
      return original(token, actual, nueva);
    };
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api.dispatch('configuracion', 'cambiarContrasena', { actual: `NoEsLaActual${i}`, nueva: 'OtraSegura2027x', confirmacion: 'OtraSegura2027x' }, caller),
        ),
      );
      expect(checks).toBe(5);
      const codes = answers.map((a) => (a.ok ? 'ok' : a.error.code));
      expect(codes.filter((c) => c === 'validation')).toHaveLength(4);
      expect(codes.filter((c) => c === 'locked')).toHaveLength(16);
    } finally {
      auth.changePassword = original;
    }
    expect(await signIn(server, ADMIN.email, ADMIN.password)).toMatchObject({ status: 429, code: 'locked' });
  });
});

describe('inicio de sesión en paralelo con el backend alojado (contadores en memoria)', () => {
  const SERVICE = testService('login-concurrente');
  const EMAIL = 'ana@agencia.co';
  const RIGHT = 'Correcta2026';
  let goTrue: Server;
  let checks = 0;
  let server: RunningServer;
  let rendererDir: string;

  beforeAll(async () => {
    // Answers as GoTrue does; every password grant it receives is one password check.
    goTrue = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        res.setHeader('Content-Type', 'application/json');
        if (req.url?.startsWith('/auth/v1/token?grant_type=password')) {
          checks++;
          const { email, password } = JSON.parse(body) as { email: string; password: string };
          if (email === EMAIL && password === RIGHT) {
            res.statusCode = 500; // never reached in these tests: the lock stops the right password first
            return res.end(JSON.stringify({ message: 'no esperado' }));
          }
          res.statusCode = 400;
          return res.end(JSON.stringify({ code: 'invalid_credentials', error_code: 'invalid_credentials', msg: 'Invalid login credentials' }));
        }
        res.statusCode = 404;
        res.end(JSON.stringify({ message: 'not found' }));
      });
    });
    await new Promise<void>((resolve) => goTrue.listen(0, '127.0.0.1', () => resolve()));
    const backend = crearBackendAlojado(
      { url: `http://127.0.0.1:${(goTrue.address() as AddressInfo).port}`, anonKey: 'clave-anonima-de-prueba' },
      crearBoveda(SERVICE),
    );
    const dispatch = crearDespachador(crearApi(backend) as unknown as Implementations);
    rendererDir = mkdtempSync(join(tmpdir(), 'consola-login-alojado-'));
    server = await startServer({ dispatch, rendererDir, limits: NO_ADDRESS_LIMIT });
  });
  afterAll(async () => {
    await server?.cerrar();
    await new Promise((resolve) => goTrue?.close(resolve));
    await clearService(SERVICE);
    rmSync(rendererDir, { recursive: true, force: true });
  });

  it('40 equivocadas a la vez: solo 5 llegan al servidor de autenticación y la correcta queda bloqueada', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(server, EMAIL, `Mala${i}`)));
    expect(checks).toBe(5);
    expect(answers.filter((a) => a.code === 'unauthenticated')).toHaveLength(4);
    expect(answers.filter((a) => a.code === 'locked')).toHaveLength(36);
    expect(await signIn(server, EMAIL, RIGHT)).toMatchObject({ status: 429, code: 'locked', message: es.login.bloqueado(5) });
    expect(checks).toBe(5);
  });
});
