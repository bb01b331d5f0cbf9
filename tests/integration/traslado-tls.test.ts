/**
 * 'Mover a Supabase' never hands the database password to a server that did not prove who it is (issue 24 §2):
 * local stand-in servers speak enough of the PostgreSQL protocol (SSLRequest → 'S', TLS, the startup message, an
 * authentication request) and record every byte they receive, decrypted. An impostor with a self-signed
 * certificate (CN=impostor.invalid) answering for a Supabase host is refused in Spanish before the startup
 * message; a server that is not Supabase's needs the administrator's CA; a server that asks for the password in
 * clear text (or as MD5) gets nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clienteDestino, errorDeConexion } from '../../src/main/traslado/conexion';
import { CA_SUPABASE_2021 } from '../../src/main/traslado/ca-supabase';
import { X509Certificate } from 'node:crypto';
import { es } from '../../src/shared/i18n/es';

const t = es.datos.traslado;
const CONTRASENA = 'Secreta-de-la-base-7731';

interface Certificado {
  key: string;
  cert: string;
  ruta: string;
}

let carpeta: string;
let impostor: Certificado;
let propio: Certificado;

/** A self-signed certificate made with openssl (Node has no certificate generator). */
function certificado(nombre: string, cn: string, san?: string): Certificado {
  const key = join(carpeta, `${nombre}.key`);
  const cert = join(carpeta, `${nombre}.pem`);
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '3650', '-subj', `/CN=${cn}`, ...(san ? ['-addext', `subjectAltName=${san}`] : [])],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8'), ruta: cert };
}

type Autenticacion = 'clara' | 'md5';

interface ServidorFalso {
  puerto: number;
  /** Every byte received: raw before TLS, decrypted after it. */
  recibido(): Buffer;
  /** Whether the startup message (protocol 3.0) arrived. */
  inicio(): boolean;
  cerrar(): Promise<void>;
}

/** Answers SSLRequest with 'S' (when it has a certificate) or 'N', then asks for the password as `pide` says. */
async function servidorFalso(host: string, tls: Certificado | null, pide: Autenticacion): Promise<ServidorFalso> {
  const partes: Buffer[] = [];
  let arranco = false;
  const sockets = new Set<Socket>();
  const pedido = pide === 'clara' ? Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]) : Buffer.from([0x52, 0, 0, 0, 12, 0, 0, 0, 5, 1, 2, 3, 4]);
  /** Records what arrives and, once the startup message (protocol 3.0) is in, asks for the password. */
  const atenderProtocolo = (s: Socket | TLSSocket, inicial: Buffer) => {
    let pendiente = inicial;
    const revisar = () => {
      if (!arranco && pendiente.length >= 8 && pendiente.readInt32BE(4) === 196608) {
        arranco = true;
        s.write(pedido);
      }
    };
    s.on('data', (trozo: Buffer) => {
      partes.push(trozo);
      pendiente = Buffer.concat([pendiente, trozo]);
      revisar();
    });
    s.on('error', () => undefined);
    revisar();
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', (primero: Buffer) => {
      partes.push(primero);
      const esSsl = primero.length === 8 && primero.readInt32BE(4) === 80877103;
      if (!esSsl) return atenderProtocolo(socket, primero); // no TLS asked for: this is the startup message
      if (!tls) {
        socket.write('N');
        return atenderProtocolo(socket, Buffer.alloc(0));
      }
      socket.write('S');
      atenderProtocolo(new TLSSocket(socket, { isServer: true, key: tls.key, cert: tls.cert }), Buffer.alloc(0));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const direccion = server.address();
  if (!direccion || typeof direccion === 'string') throw new Error('sin puerto');
  return {
    puerto: direccion.port,
    recibido: () => Buffer.concat(partes),
    inicio: () => arranco,
    cerrar: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Connects as the move does and answers the Spanish error it shows (connect must fail). */
async function conectar(conexion: string, redirigir?: { host: string; puerto: number }): Promise<string> {
  let cliente;
  try {
    cliente = clienteDestino(conexion, redirigir);
  } catch (error) {
    return (errorDeConexion(error) ?? error as Error).message;
  }
  cliente.on('error', () => undefined);
  try {
    await cliente.connect();
  } catch (error) {
    const appError = errorDeConexion(error);
    return appError ? appError.message : `sin traducir: ${(error as Error).message}`;
  } finally {
    await cliente.end().catch(() => undefined);
  }
  return 'conectó';
}

beforeAll(() => {
  carpeta = mkdtempSync(join(tmpdir(), 'consola-traslado-tls-'));
  impostor = certificado('impostor', 'impostor.invalid');
  propio = certificado('propio', 'servidor-propio', 'IP:127.0.0.2');
});

afterAll(() => {
  rmSync(carpeta, { recursive: true, force: true });
});

describe('traslado: la contraseña solo va a un servidor verificado', () => {
  it('lleva la raíz de Supabase que publica su panel (Supabase Root 2021 CA)', () => {
    const ca = new X509Certificate(CA_SUPABASE_2021);
    expect(ca.subject).toContain('CN=Supabase Root 2021 CA');
    expect(ca.fingerprint256).toBe('80:70:25:AD:50:D4:ED:21:9D:2C:9C:7D:29:9C:00:4F:82:4E:B0:0C:F7:F6:5A:FE:F6:07:D0:7B:72:E6:CA:FA');
    expect(ca.verify(ca.publicKey)).toBe(true);
  });

  it('un impostor con certificado propio (CN=impostor.invalid) que responde por db.<ref>.supabase.co no recibe la contraseña', async () => {
    const servidor = await servidorFalso('127.0.0.1', impostor, 'clara');
    try {
      for (const conexion of [
        `postgresql://postgres:${CONTRASENA}@db.abcdefghijklmnopqrst.supabase.co:5432/postgres`,
        // The string cannot relax it: sslmode=require or disable changes nothing for Supabase's hosts.
        `postgresql://postgres:${CONTRASENA}@db.abcdefghijklmnopqrst.supabase.co:5432/postgres?sslmode=require`,
        `postgresql://postgres.abcdefghijklmnopqrst:${CONTRASENA}@aws-0-us-east-1.pooler.supabase.com:5432/postgres?sslmode=disable`,
      ]) {
        expect(await conectar(conexion, { host: '127.0.0.1', puerto: servidor.puerto })).toBe(t.certificadoNoValido);
      }
      expect(servidor.inicio()).toBe(false);
      expect(servidor.recibido().length).toBeGreaterThan(0);
      expect(servidor.recibido().includes(Buffer.from(CONTRASENA))).toBe(false);
    } finally {
      await servidor.cerrar();
    }
  });

  it('otro servidor sin la CA del administrador: se niega antes de conectar; con una CA que no es la suya, también', async () => {
    const servidor = await servidorFalso('127.0.0.2', impostor, 'clara');
    try {
      expect(await conectar(`postgres://postgres:${CONTRASENA}@127.0.0.2:${servidor.puerto}/postgres?sslmode=require`)).toBe(t.faltaCa);
      expect(servidor.recibido().length).toBe(0);
      expect(await conectar(`postgres://postgres:${CONTRASENA}@127.0.0.2:${servidor.puerto}/postgres?sslrootcert=${join(carpeta, 'no-existe.pem')}`)).toBe(
        t.caIlegible,
      );
      // The administrator's CA is another one: the impostor's certificate does not chain to it.
      expect(await conectar(`postgres://postgres:${CONTRASENA}@127.0.0.2:${servidor.puerto}/postgres?sslrootcert=${propio.ruta}`)).toBe(t.certificadoNoValido);
      // Its own self-signed certificate as the CA, but issued for another name (verify-full checks the host).
      expect(await conectar(`postgres://postgres:${CONTRASENA}@127.0.0.2:${servidor.puerto}/postgres?sslrootcert=${impostor.ruta}`)).toBe(t.certificadoNoValido);
      expect(servidor.inicio()).toBe(false);
      expect(servidor.recibido().includes(Buffer.from(CONTRASENA))).toBe(false);
    } finally {
      await servidor.cerrar();
    }
  });

  it('un servidor verificado que pide la contraseña en claro o como MD5 no recibe nada', async () => {
    for (const pide of ['clara', 'md5'] as const) {
      const servidor = await servidorFalso('127.0.0.2', propio, pide);
      try {
        expect(await conectar(`postgres://postgres:${CONTRASENA}@127.0.0.2:${servidor.puerto}/postgres?sslrootcert=${propio.ruta}`)).toBe(t.contrasenaEnClaro);
        // It got as far as asking: the TLS link was verified and the startup message went.
        expect(servidor.inicio()).toBe(true);
        expect(servidor.recibido().includes(Buffer.from(CONTRASENA))).toBe(false);
      } finally {
        await servidor.cerrar();
      }
    }
  });

  it('en este equipo (sin TLS) tampoco se entrega la contraseña en claro', async () => {
    const servidor = await servidorFalso('127.0.0.1', null, 'clara');
    try {
      expect(await conectar(`postgres://postgres:${CONTRASENA}@127.0.0.1:${servidor.puerto}/postgres`)).toBe(t.contrasenaEnClaro);
      expect(servidor.inicio()).toBe(true);
      expect(servidor.recibido().includes(Buffer.from(CONTRASENA))).toBe(false);
    } finally {
      await servidor.cerrar();
    }
  });
});
