/**
 * The move's pure rules (issue 16): which project a connection string points at (direct host or Supabase's
 * session pooler), the refusals before anything is stored, TLS off this computer, and the two text formats the
 * move reads from a snapshot (COPY lines narrowed to the columns the target has, setval lines as parameters).
 */
import { describe, expect, it } from 'vitest';
import { clienteDestino, comprobarConexion, refDeConexion, refDeProyecto } from '../../src/main/traslado/conexion';
import { leerSetval, proyectarLineas, seMueve } from '../../src/main/traslado/destino';
import { esTablaMensajes } from '../../src/main/copias/formato';
import { es } from '../../src/shared/i18n/es';
import { CA_SUPABASE_2021 } from '../../src/main/traslado/ca-supabase';

const t = es.datos.traslado;
const PROYECTO = 'https://abcdefghijklmnopqrst.supabase.co';

describe('traslado: la cadena de conexión', () => {
  it('reconoce el proyecto de la conexión directa y la del pooler; otro servidor no tiene proyecto', () => {
    expect(refDeProyecto(PROYECTO)).toBe('abcdefghijklmnopqrst');
    expect(refDeProyecto('http://127.0.0.1:54321')).toBeNull();
    expect(refDeConexion(new URL('postgresql://postgres:x@db.abcdefghijklmnopqrst.supabase.co:5432/postgres'))).toBe('abcdefghijklmnopqrst');
    expect(refDeConexion(new URL('postgresql://postgres.abcdefghijklmnopqrst:x@aws-0-us-east-1.pooler.supabase.com:5432/postgres'))).toBe('abcdefghijklmnopqrst');
    expect(refDeConexion(new URL('postgresql://postgres:x@aws-0-us-east-1.pooler.supabase.com:5432/postgres'))).toBe('');
    expect(refDeConexion(new URL('postgres://postgres:x@mi-servidor.example.com:5432/postgres'))).toBeNull();
  });

  it('se niega a una cadena inválida o de otro proyecto, con el texto en español', () => {
    expect(() => comprobarConexion('no es una url', PROYECTO)).toThrow(t.conexionInvalida);
    expect(() => comprobarConexion('https://db.abcdefghijklmnopqrst.supabase.co', PROYECTO)).toThrow(t.conexionInvalida);
    expect(() => comprobarConexion('postgresql://postgres:x@db.otroproyectodistinto.supabase.co:5432/postgres', PROYECTO)).toThrow(t.otroProyecto);
    expect(() => comprobarConexion('postgresql://postgres:x@aws-0-eu-west-1.pooler.supabase.com:5432/postgres', PROYECTO)).toThrow(t.otroProyecto);
    expect(comprobarConexion('postgresql://postgres:x@db.abcdefghijklmnopqrst.supabase.co:5432/postgres', PROYECTO).hostname).toBe(
      'db.abcdefghijklmnopqrst.supabase.co',
    );
    // A self-hosted server is the administrator's choice: no ref to compare, but its CA is required.
    expect(() => comprobarConexion('postgres://postgres:x@mi-servidor.example.com:5432/postgres', 'http://127.0.0.1:54321')).toThrow(t.faltaCa);
    expect(comprobarConexion('postgres://postgres:x@mi-servidor.example.com:5432/postgres?sslrootcert=/etc/ca.pem', 'http://127.0.0.1:54321').hostname).toBe(
      'mi-servidor.example.com',
    );
    expect(comprobarConexion('postgres://postgres:x@127.0.0.1:5432/postgres', 'http://127.0.0.1:54321').port).toBe('5432');
  });

  it('verifica del todo a Supabase con su raíz, sea cual sea el sslmode; en este equipo no cifra salvo que se pida', () => {
    const ssl = (url: string) => (clienteDestino(url) as unknown as { connectionParameters: { ssl: unknown } }).connectionParameters.ssl;
    const verificada = { ca: CA_SUPABASE_2021, rejectUnauthorized: true };
    expect(ssl('postgresql://postgres:x@db.abcdefghijklmnopqrst.supabase.co:5432/postgres')).toEqual(verificada);
    expect(ssl('postgresql://postgres:x@db.abcdefghijklmnopqrst.supabase.co:5432/postgres?sslmode=require')).toEqual(verificada);
    expect(ssl('postgresql://postgres.abcdefghijklmnopqrst:x@aws-0-us-east-1.pooler.supabase.com:6543/postgres?sslmode=disable')).toEqual(verificada);
    expect(ssl('postgresql://postgres:x@127.0.0.1:5432/postgres')).toBe(false);
    expect(() => ssl('postgres://postgres:x@mi-servidor.example.com:5432/postgres')).toThrow(t.faltaCa);
  });
});

describe('traslado: lo que se lee de la instantánea', () => {
  it('deja en cada línea COPY solo las columnas que tiene el destino (los escapes no se tocan)', () => {
    const texto = 'a\tb\\tb\tc\n1\t\\N\t3\n';
    expect(proyectarLineas(texto, [0, 2])).toBe('a\tc\n1\t3\n');
    expect(proyectarLineas(texto, [1])).toBe('b\\tb\n\\N\n');
  });

  it('lee las líneas setval de la copia como partes, y nada más', () => {
    expect(leerSetval(`SELECT pg_catalog.setval('"public"."campanas_id_seq"', 42, true);`)).toEqual({
      secuencia: '"public"."campanas_id_seq"',
      valor: '42',
      llamado: true,
    });
    expect(leerSetval(`SELECT pg_catalog.setval('"public"."x''y"', 1, false);`)).toMatchObject({ secuencia: '"public"."x\'y"', llamado: false });
    expect(leerSetval(`SELECT pg_catalog.setval('a', 1, true); drop table x;`)).toBeNull();
    expect(leerSetval('drop table public.clientes;')).toBeNull();
  });

  it('mueve public y auth.users; ni las sesiones ni los intentos ni los registros internos', () => {
    expect(seMueve('public', 'clientes')).toBe(true);
    expect(seMueve('auth', 'users')).toBe(true);
    expect(seMueve('auth', 'sessions')).toBe(false);
    expect(seMueve('auth', 'login_attempts')).toBe(false);
    expect(seMueve('_consola', 'migraciones')).toBe(false);
    expect(seMueve('_consola_copia', 'archivos')).toBe(false);
    expect(esTablaMensajes('public', 'cafe_origen_registro_whatsapp')).toBe(true);
    expect(esTablaMensajes('public', 'clientes')).toBe(false);
  });
});
