/**
 * 'Gestionar Servicios' (part 2 §2, §5, §7, §8): adding services to a project and provisioning them as a job
 * (progress + cancel): the bot company record, its message table through create_message_table, the workflow
 * POSTed from the Node side to the flow-creation webhook, and the agent webhook stored on the company and in
 * the instance configuracion; for calls a campaign with the 100-minute cap.
 *
 * Every step is saved as soon as it is done, so a failure keeps the instance with its incomplete
 * configuration ('incompleto' + the §8 message) and 'Completar aprovisionamiento' continues where it stopped.
 */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import type { DataPort, WebhooksPort } from '../../ports';
import type { ContextoTrabajo, FinTrabajo } from '../jobs/motor';
import type { TrabajoCon } from '../../domain/trabajos';
import { AppError } from '../../errors';
import { conMensaje, hexAleatorio } from '../../operaciones/comun';
import { proyectos as t } from './texts';
import {
  WEBHOOK_FLUJO,
  baseAgentesDesde,
  canalDeTipoServicio,
  fallaTablaAborta,
  nombreFlujo,
  nombreTablaLibre,
  sqlCrearTablaMensajes,
  webhookAgente,
  type CanalBot,
} from '../../domain/bot-tablas';
import {
  MINUTOS_TOPE_CAMPANA,
  empresaAReutilizar,
  ordenarParaAprovisionar,
  planificarServicios,
  type ConfiguracionInstancia,
  type InstanciaServicio,
  idInstancia,
  type EmpresaWhatsappOpcion,
  type ResultadoAprovisionamiento,
} from './rules';
import { categoriaDeTipo } from '../servicios/rules';
import {
  categoriasDelCatalogo,
  crearCampana,
  crearEmpresaBot,
  crearInstancia,
  crearTablaMensajes,
  eliminarInstancia,
  empresasWhatsappActivas,
  guardarConfiguracion,
  guardarWebhookEmpresaBot,
  instanciasDe,
  leerConfiguracion,
  leerInstancia,
  leerProyecto,
  tablasDelCanal,
  verificarTablaMensajes,
} from './repository';
import { conexion } from "../conexion/texts";
import { trabajos } from "../jobs/texts";
import { errores } from "../../textos";

type Ops = Pick<AreaImplementation<'proyectos'>, 'empresasWhatsapp' | 'aplicarServicios' | 'reintentarAprovisionamiento' | 'eliminarServicio'>;
type Log = (message: string, error?: unknown) => void;

interface Paso {
  instancia: InstanciaServicio;
  empresaId: string | null;
  elegidaWhatsapp: EmpresaWhatsappOpcion | null;
}

/** What the failing step answered, carried as the AppError's detail (shown under the §8 message). */
function detalleDe(error: unknown): string | undefined {
  const d = AppError.is(error) ? (error.details as { detalle?: unknown } | undefined) : undefined;
  return typeof d?.detalle === 'string' ? d.detalle : undefined;
}

/**
 * The flow POST (§7): the §8 message 'No se pudo crear el flujo en N8N. Verifica la conexión.' when the
 * platform cannot be reached or answers non-OK, with 'Error HTTP: {status}' as the detail in the second case.
 */
async function crearFlujo(webhooks: WebhooksPort, canal: CanalBot, nombre: string, tabla: string, uuid: string, signal: AbortSignal): Promise<string> {
  const hook = WEBHOOK_FLUJO[canal];
  let respuesta;
  try {
    respuesta = await webhooks.post(hook, { name: nombreFlujo(canal, nombre), table_supabase: tabla, empresa_id: uuid }, { signal });
  } catch (error) {
    if (AppError.is(error) && (error.code === 'config' || error.code === 'cancelled')) throw error;
    throw new AppError('unavailable', t.errorFlujo);
  }
  if (!respuesta.ok) throw new AppError('unavailable', t.errorFlujo, { detalle: t.errorHttp(respuesta.status) });
  const base = (await webhooks.url('agentesBase')) ?? baseAgentesDesde((await webhooks.url(hook)) ?? '');
  if (!base) throw new AppError('config', conexion.webhookSinConfigurar(conexion.nombres.agentesBase));
  return webhookAgente(base, uuid);
}

/** Provisions one bot instance, saving each step. Throws the §7/§8 message when a step fails. */
async function aprovisionarBot(
  data: DataPort,
  webhooks: WebhooksPort,
  paso: Paso,
  existentes: InstanciaServicio[],
  canal: CanalBot,
  signal: AbortSignal,
  log: Log,
): Promise<{ aviso?: string }> {
  const { instancia } = paso;
  const cfg: ConfiguracionInstancia = { ...instancia.configuracion };
  const guardar = () => guardarConfiguracion(data, instancia.id, cfg);
  let aviso: string | undefined;

  // 1. Reuse (decided once, on the first run).
  if (!cfg.empresa_uuid && cfg.reutiliza_empresa_existente === undefined) {
    const reutilizable = empresaAReutilizar(instancia.tipoServicio, existentes, paso.elegidaWhatsapp);
    if (reutilizable) {
      Object.assign(cfg, {
        reutiliza_empresa_existente: true,
        comparte_tabla_con: reutilizable.tableSupabase,
        tabla_independiente: false,
        table_supabase: reutilizable.tableSupabase,
        tabla_creada: true,
        empresa_principal: reutilizable.empresaUuid,
      });
      if (reutilizable.mismoCanal) {
        cfg.empresa_uuid = reutilizable.empresaUuid;
        if (reutilizable.webhookN8n) cfg.webhook_n8n = reutilizable.webhookN8n;
      }
    } else {
      cfg.reutiliza_empresa_existente = false;
      cfg.tabla_independiente = true;
    }
    if (canal === 'whatsapp' && cfg.empresa_uuid) {
      cfg.empresa_whatsapp_id = cfg.empresa_uuid;
      cfg.empresas_whatsapp_ids = [cfg.empresa_uuid];
    }
    await guardar();
  }

  // 2. The company record.
  if (!cfg.empresa_uuid) {
    if (!cfg.table_supabase) {
      cfg.table_supabase = nombreTablaLibre(instancia.nombreInstancia, canal, await tablasDelCanal(data, canal));
      if (!cfg.table_supabase) throw new AppError('validation', t.nombreInstanciaInvalido);
    }
    cfg.empresa_uuid = await crearEmpresaBot(data, canal, { nombre: instancia.nombreInstancia, tabla: cfg.table_supabase, empresaId: paso.empresaId });
    if (canal === 'whatsapp') {
      cfg.empresa_whatsapp_id = cfg.empresa_uuid;
      cfg.empresas_whatsapp_ids = [cfg.empresa_uuid];
    }
    await guardar();
  }
  const uuid = cfg.empresa_uuid;
  const tabla = cfg.table_supabase!;

  // The message-table rule (SQL): no flow is ever created for a table that is not a message table, whatever
  // registered the company.
  await verificarTablaMensajes(data, tabla);

  // 3. The message table. WordPress/Shopify go on to the flow when it fails (SQL kept for manual
  //    execution); Duda/WhatsApp stop here.
  if (cfg.tabla_creada !== true) {
    try {
      await crearTablaMensajes(data, tabla);
      cfg.tabla_creada = true;
      delete cfg.sql_manual;
    } catch (error) {
      log(`no se pudo crear la tabla ${tabla}`, error);
      cfg.tabla_creada = false;
      if (fallaTablaAborta(canal)) {
        await guardar();
        throw new AppError('unavailable', t.errorTabla(tabla));
      }
      cfg.sql_manual = sqlCrearTablaMensajes(tabla);
      aviso = `${t.tablaManual(tabla)}\n${cfg.sql_manual}`;
      log(aviso);
    }
    await guardar();
  }

  // 4. The workflow, then the agent webhook on the company and in the configuration.
  if (!cfg.webhook_n8n) {
    const webhook = await crearFlujo(webhooks, canal, instancia.nombreInstancia, tabla, uuid, signal);
    await guardarWebhookEmpresaBot(data, canal, uuid, webhook);
    cfg.webhook_n8n = webhook;
    await guardar();
  }

  if (cfg.tabla_creada === false) {
    // The flow exists; only the table is missing: still incomplete so it can be finished later.
    throw new AppError('unavailable', aviso ?? t.errorTabla(tabla));
  }
  cfg.status = true;
  // 'completo' also takes the instance out of estado 'error' (trigger servicios_instancias_estado_aprovisionamiento).
  cfg.aprovisionamiento = 'completo';
  delete cfg.error_aprovisionamiento;
  delete cfg.error_detalle;
  await guardar();
  return aviso ? { aviso } : {};
}

async function aprovisionarLlamadas(data: DataPort, instancia: InstanciaServicio): Promise<void> {
  const cfg: ConfiguracionInstancia = { ...instancia.configuracion };
  if (!cfg.campana_id) {
    const campana = await crearCampana(data, instancia.nombreInstancia, MINUTOS_TOPE_CAMPANA);
    cfg.campana_id = campana.id;
    cfg.campana_nombre = campana.nombre;
    cfg.minutos_tope = campana.minutos;
  }
  cfg.aprovisionamiento = 'completo';
  delete cfg.error_aprovisionamiento;
  delete cfg.error_detalle;
  await guardarConfiguracion(data, instancia.id, cfg);
}

/** The job body: provisions each step in order, reporting progress; a failure marks that instance incomplete. */
async function ejecutar(data: DataPort, webhooks: WebhooksPort | undefined, pasos: Paso[], omitidos: string[], ctx: ContextoTrabajo, log: Log): Promise<FinTrabajo<ResultadoAprovisionamiento>> {
  const resultado: ResultadoAprovisionamiento = { agregados: [], omitidos };
  const filas = new Map<string, ResultadoAprovisionamiento['agregados'][number]>();
  let ok = 0;
  let failed = 0;
  // §7 order (WhatsApp, Shopify, Duda, other bots, calls): each provisions after the ones it may reuse. The
  // instances keep the order they were asked in; only the provisioning follows this one.
  for (const [k, paso] of ordenarParaAprovisionar(pasos, (p) => p.instancia.tipoServicio).entries()) {
    const { instancia } = paso;
    ctx.progreso({ fase: t.aprovisionando(instancia.nombreInstancia) });
    const fila: ResultadoAprovisionamiento['agregados'][number] = { id: instancia.id, nombreInstancia: instancia.nombreInstancia, tipoServicio: instancia.tipoServicio, completo: false };
    try {
      if (ctx.señal.aborted) throw new AppError('cancelled', trabajos.cancelado);
      const canal = canalDeTipoServicio(instancia.tipoServicio);
      if (canal) {
        if (!webhooks) throw new AppError('config', errores.requiereEscritorio);
        // Reuse looks at the project's instances as they are now (earlier steps of this job included).
        const existentes = (await instanciasDe(data, instancia.proyectoId)).filter((i) => i.id !== instancia.id);
        const { aviso } = await aprovisionarBot(data, webhooks, paso, existentes, canal, ctx.señal, log);
        if (aviso) fila.aviso = aviso;
      } else if (instancia.tipoServicio === 'llamadas') {
        await aprovisionarLlamadas(data, instancia);
      } else {
        await guardarConfiguracion(data, instancia.id, { ...instancia.configuracion, aprovisionamiento: 'completo' });
      }
      fila.completo = true;
      ok += 1;
    } catch (error) {
      const mensaje = AppError.is(error) ? error.message : t.errorActualizar;
      const detalle = detalleDe(error);
      log(`aprovisionamiento de ${instancia.id} incompleto`, error);
      fila.error = mensaje;
      if (detalle) fila.detalle = detalle;
      failed += 1;
      try {
        const { error_detalle: _anterior, ...actual } = await leerConfiguracion(data, instancia.id);
        // 'incompleto' puts the instance in estado 'error' until it is completed (trigger
        // servicios_instancias_estado_aprovisionamiento), so the projects table and the metrics alert show it.
        await guardarConfiguracion(data, instancia.id, { ...actual, aprovisionamiento: 'incompleto', error_aprovisionamiento: mensaje, ...(detalle ? { error_detalle: detalle } : {}) });
      } catch (e) {
        log('no se pudo marcar la configuración incompleta', e);
      }
    }
    filas.set(instancia.id, fila);
    ctx.progreso({ hechos: k + 1, ok, fallidos: failed, fase: t.progresoAprovisionamiento(k + 1, pasos.length) });
  }
  resultado.agregados = pasos.map((p) => filas.get(p.instancia.id)!);
  return { mensaje: failed > 0 ? t.algunosFallaron(failed) : t.serviciosActualizados, resultado };
}

/** The kind of a provisioning job (its rows in `trabajos` carry the project's id as `referencia`). */
export const TIPO_APROVISIONAMIENTO = 'aprovisionamiento';

export function aprovisionamientoOperations({ backend, jobs, log }: ApiDeps): Ops {
  return {
    empresasWhatsapp: (_input, { data }) => conMensaje(t.errorCarga, () => empresasWhatsappActivas(data), log),

    async aplicarServicios(input, { session, data }) {
      const pasos = await conMensaje(t.errorActualizar, async () => {
        const proyecto = await leerProyecto(data, input.proyectoId);
        const plan = planificarServicios(proyecto.instancias, input.servicios);
        const categoria = await categoriasDelCatalogo(data);
        const out: Paso[] = [];
        let ms = (backend.now ?? (() => new Date()))().getTime();
        for (const p of plan.agregar) {
          let elegida: EmpresaWhatsappOpcion | null = null;
          if (p.tipo === 'whatsapp' && p.empresaWhatsappUuid) {
            elegida = (await empresasWhatsappActivas(data, p.empresaWhatsappUuid))[0] ?? null;
            if (!elegida) throw new AppError('validation', t.empresaWhatsappNoEncontrada);
          }
          const instancia = await crearInstancia(data, {
            id: idInstancia(p.tipo, ms++, hexAleatorio(3)),
            proyectoId: proyecto.id,
            empresaId: proyecto.empresaId,
            tipoServicio: p.tipo,
            nombreInstancia: p.nombreInstancia,
            estado: 'activo',
            categoria: categoria.get(p.tipo) ?? categoriaDeTipo(p.tipo),
            configuracion: { aprovisionamiento: 'pendiente' },
          });
          out.push({ instancia, empresaId: proyecto.empresaId, elegidaWhatsapp: elegida });
        }
        return { out, omitidos: plan.omitidos };
      }, log);
      return jobs.iniciar({ session, data }, { tipo: TIPO_APROVISIONAMIENTO, total: pasos.out.length, fallo: t.errorActualizar, referencia: input.proyectoId }, (jctx) =>
        ejecutar(data, backend.webhooks, pasos.out, pasos.omitidos, jctx, log),
      ) as Promise<TrabajoCon<ResultadoAprovisionamiento>>;
    },

    async reintentarAprovisionamiento(input, { session, data }) {
      const paso = await conMensaje(t.errorActualizar, async () => {
        const instancia = await leerInstancia(data, input.instanciaId);
        if (!instancia) throw new AppError('not_found', t.servicioNoEncontrado);
        return { instancia, empresaId: instancia.empresaId, elegidaWhatsapp: null } satisfies Paso;
      }, log);
      return jobs.iniciar({ session, data }, { tipo: TIPO_APROVISIONAMIENTO, total: 1, fallo: t.errorActualizar, referencia: paso.instancia.proyectoId }, (jctx) =>
        ejecutar(data, backend.webhooks, [paso], [], jctx, log),
      ) as Promise<TrabajoCon<ResultadoAprovisionamiento>>;
    },

    eliminarServicio: (input, { data }) =>
      conMensaje(t.errorEliminarServicio, async () => {
        const r = await eliminarInstancia(data, input.instanciaId);
        if (!r) throw new AppError('not_found', t.servicioNoEncontrado);
        return r;
      }, log),
  };
}
