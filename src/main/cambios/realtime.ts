/**
 * Hosted Supabase's row changes (Realtime postgres_changes) as the backend's CambiosPort. Realtime applies the
 * tables' RLS to whoever subscribes, so it needs a signed-in operator's client: the first live session's
 * client carries the subscription, and when that operator signs out it moves to another live session's
 * client (none left: no subscription). It is open only while someone listens (the host does while this
 * backend is the one open). It says whether the channel really listens (issue 22 §3): 'en-vivo' only after
 * Realtime answered SUBSCRIBED, so a project without a reachable Realtime server is reported as such and the
 * screens fall back to a slow refresh instead of waiting for a notice that cannot come.
 */
import type { AreaCambio, CambiosPort, EstadoCambios } from '../../shared/ports/cambios';

/**
 * The tables whose changes the screens show, by area: those the migrations add to the publication
 * supabase_realtime (20261128001000_cambios_en_vivo.sql, the batches' 20261128001100_lotes.sql; a table outside
 * it would make Realtime refuse the whole channel). tests/integration/realtime-publicacion.test.ts migrates a
 * PostgreSQL 15 that has the publication and compares.
 */
export const TABLAS_REALTIME: Readonly<Record<string, AreaCambio>> = {
  registro_escrito_llamada: 'llamadas',
  clientes: 'llamadas',
  campanas: 'llamadas',
  intentos_llamada: 'llamadas',
  mensajes_resumen_sesiones: 'mensajes',
  lotes_llamadas: 'llamadas',
  lotes_llamadas_items: 'llamadas',
  no_llamar: 'llamadas',
  // Configuración → Actividad (20261208000100_cuentas_mfa_alojado.sql); RLS lets only administrators receive it.
  auditoria: 'auditoria',
};

/**
 * Opens the subscription on one client, calling `avisar(tabla)` per change and `alEstado` whenever the channel's
 * state changes ('en-vivo' once subscribed, 'sin-conexion' when it errs, times out or closes, 'conectando' while
 * it rejoins); answers its closing.
 */
export type AbrirRealtime<C> = (cliente: C, avisar: (tabla: string) => void, alEstado: (estado: EstadoCambios) => void) => () => void;

export interface SeguidorRealtime<C> {
  cambios: CambiosPort;
  /** A session went live: its client may carry the subscription. */
  agregarCliente(cliente: C): void;
  /** A session ended: its client no longer can (before it signs out). */
  quitarCliente(cliente: C): void;
}

export function seguirRealtime<C>(abrir: AbrirRealtime<C>, log: (message: string, error?: unknown) => void = () => {}): SeguidorRealtime<C> {
  const clientes = new Set<C>();
  const oyentes = new Set<(area: AreaCambio) => void>();
  const oyentesEstado = new Set<(estado: EstadoCambios) => void>();
  let actual: { cliente: C; cerrar: () => void } | null = null;
  // No channel yet: nothing can announce a change.
  let estado: EstadoCambios = 'sin-conexion';

  const fijarEstado = (nuevo: EstadoCambios) => {
    if (nuevo === estado) return;
    estado = nuevo;
    for (const oyente of [...oyentesEstado]) oyente(nuevo);
  };

  const avisar = (tabla: string) => {
    const area = TABLAS_REALTIME[tabla];
    if (!area) return;
    for (const oyente of [...oyentes]) oyente(area);
  };

  const cerrarActual = () => {
    const previo = actual;
    actual = null;
    fijarEstado('sin-conexion');
    try {
      previo?.cerrar();
    } catch (error) {
      log('Cierre de la suscripción en vivo', error);
    }
  };

  const ajustar = () => {
    if (oyentes.size === 0 || clientes.size === 0) return cerrarActual();
    if (actual && clientes.has(actual.cliente)) return;
    cerrarActual();
    const cliente = clientes.values().next().value as C;
    // Only the subscription open now speaks for the state: a closed one's late callbacks are ignored.
    const esta = { cliente, cerrar: () => {} };
    actual = esta;
    fijarEstado('conectando');
    try {
      esta.cerrar = abrir(cliente, avisar, (nuevo) => {
        if (actual === esta) fijarEstado(nuevo);
      });
    } catch (error) {
      log('No se pudo abrir la suscripción en vivo', error);
      if (actual === esta) {
        actual = null;
        fijarEstado('sin-conexion');
      }
    }
  };

  return {
    cambios: {
      suscribir(oyente) {
        oyentes.add(oyente);
        ajustar();
        return () => {
          oyentes.delete(oyente);
          ajustar();
        };
      },
      estado(oyente) {
        oyentesEstado.add(oyente);
        oyente(estado);
        return () => void oyentesEstado.delete(oyente);
      },
    },
    agregarCliente(cliente) {
      clientes.add(cliente);
      ajustar();
    },
    quitarCliente(cliente) {
      clientes.delete(cliente);
      ajustar();
    },
  };
}
