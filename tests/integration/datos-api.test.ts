/**
 * Configuración → Datos below the screen (issue 16). First the operations' own rules over the real api and a
 * real database, with small stand-ins for the host's data-safety services (the engines have their own tests):
 * administrators only, a clear Spanish refusal where the host offers no such service, every input checked,
 * secrets in and never out, the log opened only from the desktop window. Then the real host: a copy made and
 * listed, a client added, the copy restored, the client gone and the session ended; a foreign file refused
 * with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { ActividadDatos, AjustesCopias, CopiaInfo, CopiasPort, EstadoTraslado, RegistroPort, TrasladoPort } from '../../src/shared/ports/datos';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import { contract } from '../../src/shared/contract';
import { AppError } from '../../src/shared/errors';
import { es } from '../../src/shared/i18n/es';
import { crearActividades } from '../../src/main/datos/actividades';
import { openHost, type Host } from '../../src/main/host';
import { migratedPglite } from '../support/databases';
import { ADMIN, Caller, embeddedApi } from '../support/operators';
import { clearService } from '../support/keychain';

const t = es.datos;

/** A gate the stand-in's work waits on, so the test sees the activity running before it ends. */
function compuerta() {
  let abrir!: () => void;
  const abierta = new Promise<void>((r) => (abrir = r));
  return { abierta, abrir };
}

describe('Configuración → Datos: las operaciones', () => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  const admin = new Caller();
  const luis = new Caller();
  // The HTTP host's calls carry the client's address; the desktop window's (IPC) carry none.
  const navegador = Object.assign(new Caller(), { clientAddress: '127.0.0.1' });
  const logs: string[] = [];
  const actividades = crearActividades((m) => logs.push(m));

  const call = (op: string, input: unknown = {}, who: Caller = admin) => api.dispatch('datos', op, input, who);
  const ok = async <T,>(op: string, input: unknown = {}, who: Caller = admin): Promise<T> => {
    const r = await call(op, input, who);
    if (!r.ok) throw new Error(`${op}: ${JSON.stringify(r.error)}`);
    return r.data as T;
  };
  const esperarFin = async (): Promise<ActividadDatos> => {
    await actividades.esperar();
    return (await ok<ActividadDatos>('actividad'))!;
  };

  // Stand-ins of the host's services, recording what the operations hand them.
  const recibido: { restaurar: string[]; eliminar: string[]; ajustes: unknown[]; traslado: unknown[]; abiertos: number } = {
    restaurar: [],
    eliminar: [],
    ajustes: [],
    traslado: [],
    abiertos: 0,
  };
  const ajustes: AjustesCopias = {
    carpeta: '/datos/copias',
    carpetaPredeterminada: '/datos/copias',
    automaticas: true,
    ultimaAutomatica: '2026-11-21T05:00:00.000Z',
    proximaAutomatica: '2026-11-22T05:00:00.000Z',
  };
  const lista: CopiaInfo[] = [
    { nombre: 'consola-20261121-150000-manual.sql', tipo: 'manual', creada: '2026-11-21T15:00:00.000Z', bytes: 2048, version: '0.1.0', filas: 321 },
  ];
  let gate = compuerta();
  const copias: CopiasPort = {
    ajustes: async () => ajustes,
    async guardarAjustes(input) {
      recibido.ajustes.push(input);
      if (input.carpeta === '/sin/permiso') throw new AppError('validation', 'No se puede escribir en la carpeta /sin/permiso.');
      return { ...ajustes, carpeta: input.carpeta ?? ajustes.carpetaPredeterminada, automaticas: input.automaticas };
    },
    listar: async () => lista,
    crear: () =>
      actividades.iniciar('copia', t.falloCopia, async ({ señal, progreso }) => {
        progreso('Copiando clientes', 10, 40);
        await Promise.race([gate.abierta, new Promise((_, no) => señal.addEventListener('abort', () => no(new Error('abortada'))))]);
        return 'Copia creada: consola-20261121-150500-manual.sql';
      }),
    async restaurar(archivo) {
      const tarea = actividades.iniciar('restauracion', t.falloRestauracion, async () => {
        throw new AppError('validation', 'El archivo no es una copia de seguridad de la consola. No se cambió nada.');
      });
      recibido.restaurar.push(archivo);
      return tarea;
    },
    async eliminar(nombre) {
      recibido.eliminar.push(nombre);
      if (nombre !== lista[0]!.nombre) throw new Error(`ENOENT: ${nombre}`);
    },
  };
  const estadoTraslado: EstadoTraslado = { supabaseUrl: null, conexionGuardada: false, claveServicioGuardada: false, documentos: 0, pendiente: null, terminado: null, datosLocales: true };
  const traslado: TrasladoPort = {
    estado: async () => estadoTraslado,
    async iniciar(input) {
      recibido.traslado.push(input);
      return actividades.iniciar('traslado', t.falloTraslado, async () => 'Traslado terminado.');
    },
    async eliminarDatosLocales() {
      throw new Error('EBUSY: /datos/pgdata');
    },
  };
  const lineas = Array.from({ length: 300 }, (_, i) => `2026-11-21T15:00:${String(i % 60).padStart(2, '0')}.000Z info línea ${i + 1}`);
  const registro: RegistroPort = {
    ruta: '/datos/registro/consola.log',
    leer: async (n) => lineas.slice(-n),
    async abrir() {
      recibido.abiertos++;
    },
  };

  beforeAll(async () => {
    db = await migratedPglite();
    api = await embeddedApi(db);
    expect(await api.dispatch('auth', 'crearPrimerAdmin', ADMIN, admin)).toMatchObject({ ok: true });
    const r = await api.dispatch('operadores', 'agregar', { email: 'luis.perez@agencia.co', nombre: 'Luis Pérez', rol: 'operador' }, admin);
    const contrasena = (r as Extract<Envelope, { ok: true }>).data as { contrasena: string };
    expect(await api.dispatch('auth', 'iniciarSesion', { email: 'luis.perez@agencia.co', password: contrasena.contrasena }, luis)).toMatchObject({ ok: true });
    expect(await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, navegador)).toMatchObject({ ok: true });
  }, 60_000);
  afterAll(async () => {
    await api?.cerrar();
    await db?.cerrar();
  });

  it('sin los servicios del host: una negativa clara en español, nada inventado', async () => {
    expect(await call('actividad')).toEqual({ ok: true, data: null });
    expect(await call('cancelar')).toEqual({ ok: true, data: { cancelada: false } });
    expect(await call('copias')).toMatchObject({ ok: false, error: { code: 'config', message: t.soloEmbebida } });
    expect(await call('crearCopia')).toMatchObject({ ok: false, error: { code: 'config', message: t.soloEmbebida } });
    expect(await call('traslado')).toMatchObject({ ok: false, error: { code: 'config', message: t.op.trasladoNoDisponible } });
    expect(await call('registro')).toMatchObject({ ok: false, error: { code: 'config', message: t.op.registroNoDisponible } });
  });

  it('solo administradores; sin sesión, la de iniciar sesión', async () => {
    Object.assign(api.backend, { copias, traslado, registro, actividades });
    const validas: Record<string, unknown> = {
      guardarAjustesCopias: { carpeta: null, automaticas: true },
      restaurar: { archivo: lista[0]!.nombre },
      eliminarCopia: { nombre: lista[0]!.nombre },
    };
    const operaciones = Object.keys(contract.datos);
    expect(operaciones.length).toBe(12);
    for (const op of operaciones) {
      expect(await call(op, validas[op] ?? {}, luis), op).toMatchObject({ ok: false, error: { code: 'forbidden', message: es.errores.sinPermiso } });
      expect(await call(op, validas[op] ?? {}, new Caller()), op).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    }
    // Nothing reached the services.
    expect(recibido).toEqual({ restaurar: [], eliminar: [], ajustes: [], traslado: [], abiertos: 0 });
    expect(actividades.actual()).toBeNull();
  });

  it('cada entrada se comprueba con su mensaje en español', async () => {
    const error = async (op: string, input: unknown) => {
      const r = await call(op, input);
      expect(r.ok, `${op} ${JSON.stringify(input)}`).toBe(false);
      return (r as Extract<Envelope, { ok: false }>).error;
    };
    expect(await error('guardarAjustesCopias', { carpeta: 'copias/aqui', automaticas: true })).toMatchObject({ code: 'validation', message: t.copias.carpetaNoAbsoluta });
    expect(await error('restaurar', { archivo: '   ' })).toMatchObject({ code: 'validation', message: t.op.archivoRequerido });
    expect(await error('restaurar', { archivo: '../otra/copia.sql' })).toMatchObject({ code: 'validation', message: t.copias.rutaNoAbsoluta });
    expect(await error('eliminarCopia', { nombre: '../../settings.json' })).toMatchObject({ code: 'validation', message: t.copias.noEsDeLaLista });
    expect(await error('eliminarCopia', { nombre: '.consola.lock' })).toMatchObject({ code: 'validation', message: t.copias.noEsDeLaLista });
    expect(await error('trasladar', { conexionBase: 'mysql://root:x@db.example.co/db' })).toMatchObject({ code: 'validation', message: t.traslado.conexionInvalida });
    expect(await error('trasladar', { supabaseUrl: 'ftp://proyecto.supabase.co' })).toMatchObject({ code: 'validation', message: es.configuracion.urlSupabaseInvalida });
    expect(await error('registro', { lineas: 0 })).toMatchObject({ code: 'validation', message: t.op.lineasInvalidas });
    expect(await error('registro', { lineas: 5000 })).toMatchObject({ code: 'validation', message: t.op.lineasInvalidas });
    expect(recibido).toEqual({ restaurar: [], eliminar: [], ajustes: [], traslado: [], abiertos: 0 });
  });

  it('copias: ajustes y lista; crear da la tarea al instante, una a la vez, y se puede cancelar', async () => {
    expect(await ok('copias')).toEqual({ ajustes, copias: lista });
    expect(await ok('guardarAjustesCopias', { carpeta: ' C:\\Copias\\Consola ', automaticas: false })).toMatchObject({ carpeta: 'C:\\Copias\\Consola', automaticas: false });
    expect(await ok('guardarAjustesCopias', { carpeta: null, automaticas: true })).toMatchObject({ carpeta: ajustes.carpetaPredeterminada });
    // The service's own refusal reaches the screen as it is.
    expect(await call('guardarAjustesCopias', { carpeta: '/sin/permiso', automaticas: true })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: 'No se puede escribir en la carpeta /sin/permiso.' },
    });
    expect(recibido.ajustes).toEqual([
      { carpeta: 'C:\\Copias\\Consola', automaticas: false },
      { carpeta: null, automaticas: true },
      { carpeta: '/sin/permiso', automaticas: true },
    ]);

    const tarea = await ok<ActividadDatos>('crearCopia');
    expect(tarea).toMatchObject({ tipo: 'copia', estado: 'en_curso', mensaje: null, fin: null });
    // A second one while it runs: refused, and the first goes on.
    expect(await call('crearCopia')).toMatchObject({ ok: false, error: { code: 'conflict', message: t.actividadEnCurso } });
    expect(await call('restaurar', { archivo: lista[0]!.nombre })).toMatchObject({ ok: false, error: { code: 'conflict', message: t.actividadEnCurso } });
    await expect.poll(async () => (await ok<ActividadDatos>('actividad')).fase).toBe('Copiando clientes');
    expect(await ok('actividad')).toMatchObject({ id: tarea.id, estado: 'en_curso', hechos: 10, total: 40 });
    expect(await ok('cancelar')).toEqual({ cancelada: true });
    expect(await esperarFin()).toMatchObject({ id: tarea.id, estado: 'cancelado', mensaje: t.cancelada });
    expect(await ok('cancelar')).toEqual({ cancelada: false });

    gate = compuerta();
    const otra = await ok<ActividadDatos>('crearCopia');
    gate.abrir();
    expect(await esperarFin()).toMatchObject({ id: otra.id, estado: 'terminado', mensaje: 'Copia creada: consola-20261121-150500-manual.sql' });
  });

  it('restaurar y eliminar: la copia nombrada o una ruta completa; la razón del servicio, o un mensaje propio si algo inesperado falla', async () => {
    const tarea = await ok<ActividadDatos>('restaurar', { archivo: '/home/ana/Descargas/otra-copia.sql' });
    expect(tarea).toMatchObject({ tipo: 'restauracion', estado: 'en_curso' });
    expect(await esperarFin()).toMatchObject({ estado: 'fallido', mensaje: 'El archivo no es una copia de seguridad de la consola. No se cambió nada.' });
    await ok('restaurar', { archivo: ` ${lista[0]!.nombre} ` });
    await esperarFin();
    expect(recibido.restaurar).toEqual(['/home/ana/Descargas/otra-copia.sql', lista[0]!.nombre]);

    expect(await call('eliminarCopia', { nombre: lista[0]!.nombre })).toEqual({ ok: true, data: null });
    // An unexpected failure (here a file system error) never reaches the screen as it is.
    const r = await call('eliminarCopia', { nombre: 'consola-20260101-000000-manual.sql' });
    expect(r).toMatchObject({ ok: false, error: { message: t.op.errorEliminarCopia } });
    expect(JSON.stringify(r)).not.toContain('ENOENT');
    expect(await call('eliminarDatosLocales')).toMatchObject({ ok: false, error: { message: t.op.errorEliminarLocales } });
  });

  it('trasladar: la URL, la clave y la cadena de conexión entran y no vuelven nunca', async () => {
    const clave = 'eyJhbGciOiJIUzI1NiJ9.clave-anonima-de-prueba.firma';
    const contrasena = 'Contrasena-De-La-Base-42';
    const conexionBase = `postgresql://postgres:${contrasena}@db.abcdefghijklmnop.supabase.co:5432/postgres`;
    const respuestas: unknown[] = [];
    respuestas.push(await call('traslado'));
    respuestas.push(await call('trasladar', { supabaseUrl: 'https://abcdefghijklmnop.supabase.co/', anonKey: ` ${clave} `, conexionBase }));
    respuestas.push(await call('actividad'));
    await actividades.esperar();
    respuestas.push(await call('actividad'));
    // Resuming sends nothing: the service uses what it stored.
    respuestas.push(await call('trasladar', {}));
    await actividades.esperar();
    expect(respuestas.every((r) => (r as Envelope).ok)).toBe(true);
    expect(respuestas[3]).toMatchObject({ data: { tipo: 'traslado', estado: 'terminado', mensaje: 'Traslado terminado.' } });
    expect(recibido.traslado).toEqual([{ supabaseUrl: 'https://abcdefghijklmnop.supabase.co', anonKey: clave, conexionBase }, {}]);
    const todo = JSON.stringify(respuestas) + logs.join('\n');
    for (const secreto of [clave, contrasena]) expect(todo).not.toContain(secreto);
  });

  it('registro: las últimas líneas; el visor del sistema solo desde la ventana del escritorio', async () => {
    const escritorio = await ok<{ ruta: string; lineas: string[]; puedeAbrir: boolean }>('registro');
    expect(escritorio).toEqual({ ruta: registro.ruta, lineas: lineas.slice(-200), puedeAbrir: true });
    expect(await ok('registro', { lineas: 3 })).toMatchObject({ lineas: lineas.slice(-3) });
    expect(await call('abrirRegistro')).toEqual({ ok: true, data: null });
    expect(recibido.abiertos).toBe(1);

    expect(await ok('registro', {}, navegador)).toMatchObject({ puedeAbrir: false, lineas: lineas.slice(-200) });
    expect(await call('abrirRegistro', {}, navegador)).toMatchObject({ ok: false, error: { code: 'config', message: t.op.abrirSoloEscritorio } });
    expect(recibido.abiertos).toBe(1);

    const sinVisor: RegistroPort = { ruta: registro.ruta, leer: registro.leer };
    Object.assign(api.backend, { registro: sinVisor });
    expect(await ok('registro')).toMatchObject({ puedeAbrir: false });
    expect(await call('abrirRegistro')).toMatchObject({ ok: false, error: { code: 'config', message: t.op.abrirSoloEscritorio } });
  });
});

describe('Configuración → Datos sobre el host real', () => {
  const service = `consola-test-datos-${process.pid}-${Date.now()}`;
  let host: Host;
  let dataDir: string;
  const admin = new Caller();
  const logs: string[] = [];

  const call = (area: string, op: string, input: unknown = {}, who: Caller = admin) => host.dispatch(area, op, input, who);
  const ok = async <T,>(area: string, op: string, input: unknown = {}): Promise<T> => {
    const r = await call(area, op, input);
    if (!r.ok) throw new Error(`${area}.${op}: ${JSON.stringify(r.error)}`);
    return r.data as T;
  };
  /** Polls the activity as the screen does, until it ended (or the session it was read with ended). */
  const hastaQueTermine = async (who: Caller = admin): Promise<Envelope> => {
    let ultima: Envelope | null = null;
    await expect
      .poll(
        async () => {
          ultima = await call('datos', 'actividad', {}, who);
          return ultima.ok ? (ultima.data as ActividadDatos).estado : ultima.error.code;
        },
        { timeout: 120_000, interval: 250 },
      )
      .not.toBe('en_curso');
    return ultima!;
  };
  const correos = async (campanaId: number) =>
    (await ok<{ filas: Array<{ email: string }> }>('llamadas', 'clientesPagina', { campanaId, porPagina: 100 })).filas.map((f) => f.email).sort();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'consola-datos-'));
    host = await openHost({ dataDir, seedDemoData: false, secretsService: service, copiasAutomaticas: false, log: (m) => logs.push(m) });
    expect(await call('auth', 'crearPrimerAdmin', ADMIN)).toMatchObject({ ok: true });
  }, 120_000);
  afterAll(async () => {
    await host?.cerrar();
    await clearService(service);
  });

  it('una copia creada y listada; restaurada: la sesión termina, el cliente posterior desaparece; un archivo ajeno no cambia nada', async () => {
    const campana = await ok<{ id: number }>('llamadas', 'crearCampana', { nombre: 'Campaña de la copia', minutos: 100 });
    const cliente = (n: string) => ({ nombre: n, apellido: 'Prueba', telefono: '+57 300 000 0001', email: `${n.toLowerCase()}@clientes.co`, campanaId: campana.id });
    await ok('llamadas', 'crearCliente', cliente('Antes'));

    const copia = await ok<ActividadDatos>('datos', 'crearCopia');
    expect(copia).toMatchObject({ tipo: 'copia', estado: 'en_curso' });
    expect(await hastaQueTermine()).toMatchObject({ ok: true, data: { id: copia.id, estado: 'terminado' } });
    const { copias, ajustes } = await ok<{ copias: CopiaInfo[]; ajustes: AjustesCopias }>('datos', 'copias');
    expect(ajustes).toMatchObject({ carpeta: join(dataDir, 'copias'), carpetaPredeterminada: join(dataDir, 'copias'), automaticas: true });
    expect(copias).toHaveLength(1);
    expect(copias[0]).toMatchObject({ tipo: 'manual', version: expect.any(String) });
    expect(copias[0]!.filas).toBeGreaterThan(0);

    await ok('llamadas', 'crearCliente', cliente('Despues'));
    expect(await correos(campana.id)).toEqual(['antes@clientes.co', 'despues@clientes.co']);

    const restauracion = await ok<ActividadDatos>('datos', 'restaurar', { archivo: copias[0]!.nombre });
    expect(restauracion).toMatchObject({ tipo: 'restauracion', estado: 'en_curso' });
    // The restored database holds no session of now: the screen's next read signs it out.
    expect(await hastaQueTermine()).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect(await call('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password })).toMatchObject({ ok: true });
    expect(await ok('datos', 'actividad')).toMatchObject({ id: restauracion.id, estado: 'terminado', mensaje: t.copias.restaurada(copias[0]!.nombre) });
    expect(await correos(campana.id)).toEqual(['antes@clientes.co']);

    // A foreign file: refused with the Spanish reason; same data, same session.
    const ajeno = join(dataDir, 'ajeno.sql');
    writeFileSync(ajeno, 'create table cosas (id int);\n');
    const rechazo = await ok<ActividadDatos>('datos', 'restaurar', { archivo: ajeno });
    expect(await hastaQueTermine()).toMatchObject({ ok: true, data: { id: rechazo.id, estado: 'fallido', mensaje: t.copias.ajena } });
    expect(await correos(campana.id)).toEqual(['antes@clientes.co']);
    expect(await call('datos', 'copias')).toMatchObject({ ok: true, data: { copias: [{ nombre: copias[0]!.nombre }] } });

    // Deleting: only a listed name.
    expect(await call('datos', 'eliminarCopia', { nombre: 'consola-20200101-000000-manual.sql' })).toMatchObject({ ok: false, error: { message: t.copias.noEsDeLaLista } });
    expect(await call('datos', 'eliminarCopia', { nombre: copias[0]!.nombre })).toEqual({ ok: true, data: null });
    expect(await ok('datos', 'copias')).toMatchObject({ copias: [] });
  }, 300_000);

  it('una carpeta en la que no se puede escribir se rechaza en español y los ajustes no cambian', async () => {
    const archivo = join(dataDir, 'no-es-carpeta');
    writeFileSync(archivo, 'x');
    expect(await call('datos', 'guardarAjustesCopias', { carpeta: join(archivo, 'copias'), automaticas: true })).toMatchObject({
      ok: false,
      error: { message: t.copias.carpetaNoEscribible(join(archivo, 'copias')) },
    });
    expect(await ok('datos', 'copias')).toMatchObject({ ajustes: { carpeta: join(dataDir, 'copias') } });
    const otra = join(dataDir, 'otras-copias');
    expect(await ok('datos', 'guardarAjustesCopias', { carpeta: otra, automaticas: false })).toMatchObject({ carpeta: otra, automaticas: false });
    expect(await ok('datos', 'copias')).toMatchObject({ ajustes: { carpeta: otra, automaticas: false, proximaAutomatica: null } });
  });
});
