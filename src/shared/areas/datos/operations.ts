/**
 * Configuración → Datos (issue 16): what the screen asks of the host's data-safety services (backups, the move
 * to a hosted project, the diagnostic log), which the host hands to every backend it opens (ports/datos.ts).
 * Administrators only, checked here on every operation as Conexión does: these are files, the keychain and the
 * whole database, not rows an SQL policy could guard.
 */
import type { ApiDeps, AreaImplementation, SignedIn } from '../../operaciones/types';
import { conMensaje } from '../../operaciones/comun';
import { AppError } from '../../errors';
import { auditar } from '../auditoria/registrar';
import type { CopiasPort, RegistroPort, TrasladoPort } from '../../ports/datos';
import { soloAdministradores } from '../auth/roles';
import { LINEAS_REGISTRO } from './contract';
import { datos as t } from './texts';

export function datosOperations(deps: ApiDeps): AreaImplementation<'datos'> {
  return soloAdministradores(datosSinRol(deps));
}

function datosSinRol({ backend, log }: ApiDeps): AreaImplementation<'datos'> {
  // Read at call time: the host gives each backend it opens its own object, with or without each port.
  const copias = (): CopiasPort => {
    if (!backend.copias) throw new AppError('config', t.soloEmbebida);
    return backend.copias;
  };
  const traslado = (): TrasladoPort => {
    if (!backend.traslado) throw new AppError('config', t.op.trasladoNoDisponible);
    return backend.traslado;
  };
  const registro = (): RegistroPort => {
    if (!backend.registro) throw new AppError('config', t.op.registroNoDisponible);
    return backend.registro;
  };
  /**
   * Only the desktop window opens the file with the system's viewer: its calls come over IPC, which carries no
   * client address. A browser on the served build would open it on the server's screen, not the reader's.
   */
  const puedeAbrir = (port: RegistroPort, ctx: SignedIn) => Boolean(port.abrir) && ctx.clientAddress === undefined;

  return {
    async actividad() {
      return backend.actividades?.actual() ?? null;
    },

    async cancelar() {
      return { cancelada: backend.actividades?.cancelar() ?? false };
    },

    async copias() {
      const port = copias();
      return conMensaje(t.op.errorLeerCopias, async () => ({ ajustes: await port.ajustes(), copias: await port.listar() }), log);
    },

    async guardarAjustesCopias(input) {
      const port = copias();
      return conMensaje(t.op.errorGuardarAjustes, () => port.guardarAjustes({ carpeta: input.carpeta, automaticas: input.automaticas }), log);
    },

    async crearCopia() {
      const port = copias();
      return conMensaje(t.falloCopia, async () => port.crear(), log);
    },

    async restaurar(input, ctx) {
      const port = copias();
      // The audit row is written by the restore itself, into the restored database once it is open (written
      // here, before, it went into the database the restore replaces).
      const quien = { id: ctx.session.operator.id, email: ctx.session.operator.email };
      return conMensaje(t.falloRestauracion, async () => port.restaurar(input.archivo, { deOtroEquipo: input.deOtroEquipo === true, quien }), log);
    },

    async eliminarCopia(input) {
      const port = copias();
      await conMensaje(t.op.errorEliminarCopia, () => port.eliminar(input.nombre), log);
      return null;
    },

    async traslado() {
      const port = traslado();
      return conMensaje(t.op.errorEstadoTraslado, () => port.estado(), log);
    },

    async trasladar(input, ctx) {
      const port = traslado();
      await auditar(ctx.data, 'datos.trasladar', input.supabaseUrl ?? null, {}, log);
      return conMensaje(
        t.falloTraslado,
        () =>
          port.iniciar({
            ...(input.supabaseUrl ? { supabaseUrl: input.supabaseUrl.replace(/\/+$/, '') } : {}),
            ...(input.anonKey ? { anonKey: input.anonKey } : {}),
            ...(input.conexionBase ? { conexionBase: input.conexionBase } : {}),
            ...(input.claveServicio ? { claveServicio: input.claveServicio } : {}),
          }),
        log,
      );
    },

    async eliminarDatosLocales() {
      const port = traslado();
      await conMensaje(t.op.errorEliminarLocales, () => port.eliminarDatosLocales(), log);
      return null;
    },

    async registro(input, ctx) {
      const port = registro();
      const lineas = await conMensaje(t.op.errorLeerRegistro, () => port.leer(input.lineas ?? LINEAS_REGISTRO), log);
      return { ruta: port.ruta, lineas, puedeAbrir: puedeAbrir(port, ctx) };
    },

    async abrirRegistro(_input, ctx) {
      const port = registro();
      if (!puedeAbrir(port, ctx) || !port.abrir) throw new AppError('config', t.op.abrirSoloEscritorio);
      const abrir = port.abrir.bind(port);
      await conMensaje(t.op.errorAbrirRegistro, () => abrir(), log);
      return null;
    },
  };
}
