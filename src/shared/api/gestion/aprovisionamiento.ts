/**
 * 'Gestionar Servicios' (part 2 §2, §5, §7, §8): adding services to a project and provisioning them as a job
 * (progress + cancel): the bot company record, its message table through create_message_table, the workflow
 * POSTed from the Node side to the flow-creation webhook, and the agent webhook stored on the company and in
 * the instance configuracion; for calls a campaign with the 100-minute cap.
 *
 * Every step is saved as soon as it is done, so a failure keeps the instance with its incomplete
 * configuration ('incompleto' + the §8 message) and 'Completar aprovisionamiento' continues where it stopped.
 */
import type { ApiDeps, ApiImplementation } from '../types';
import type { DataPort, WebhooksPort } from '../../ports';
import type { JobContext } from '../jobs/registry';
import { AppError } from '../../errors';
import { es } from '../../i18n/es';
import { proyectos as t } from '../../i18n/areas/gestion';
import {
  TABLA_EMPRESAS_BOT,
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
} from '../../domain/provision';
import { idInstancia, type EmpresaWhatsappOpcion, type ResultadoAprovisionamiento } from '../../domain/proyectos';
import { categoriaDeTipo } from '../../domain/servicios';
import { conMensaje, hexAleatorio, num, sesion } from '../comun';
import { leerProyecto, normalizarInstancia } from './repositorio';

type Ops = Pick<ApiImplementation['proyectos'], 'empresasWhatsapp' | 'aplicarServicios' | 'reintentarAprovisionamiento' | 'eliminarServicio'>;
type Log = (message: string, error?: unknown) => void;

interface Paso {
  instancia: InstanciaServicio;
  empresa_id: string | null;
  elegidaWhatsapp: EmpresaWhatsappOpcion | null;
}

async function guardarConfiguracion(data: DataPort, id: string, cfg: ConfiguracionInstancia): Promise<void> {
  await data.run({ kind: 'update', table: 'servicios_instancias', values: { configuracion: cfg }, filters: [{ column: 'id', op: 'eq', value: id }] });
}

async function empresaWhatsapp(data: DataPort, uuid: string): Promise<EmpresaWhatsappOpcion | null> {
  const { rows } = await data.run({
    kind: 'select',
    table: 'empresas_whatsapp',
    columns: ['uuid', 'name', 'table_supabase', 'webhook_n8n'],
    filters: [{ column: 'uuid', op: 'eq', value: uuid }, { column: 'status', op: 'eq', value: true }],
  });
  const r = rows[0];
  return r ? { uuid: String(r.uuid), name: String(r.name), table_supabase: String(r.table_supabase), webhook_n8n: r.webhook_n8n == null ? null : String(r.webhook_n8n) } : null;
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
  if (!base) throw new AppError('config', es.conexion.webhookSinConfigurar(es.conexion.nombres.agentesBase));
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
  const tablaEmpresas = TABLA_EMPRESAS_BOT[canal];
  const guardar = () => guardarConfiguracion(data, instancia.id, cfg);
  let aviso: string | undefined;

  // 1. Reuse (decided once, on the first run).
  if (!cfg.empresa_uuid && cfg.reutiliza_empresa_existente === undefined) {
    const reutilizable = empresaAReutilizar(instancia.tipo_servicio, existentes, paso.elegidaWhatsapp);
    if (reutilizable) {
      Object.assign(cfg, {
        reutiliza_empresa_existente: true,
        comparte_tabla_con: reutilizable.table_supabase,
        tabla_independiente: false,
        table_supabase: reutilizable.table_supabase,
        tabla_creada: true,
        empresa_principal: reutilizable.empresa_uuid,
      });
      if (reutilizable.mismoCanal) {
        cfg.empresa_uuid = reutilizable.empresa_uuid;
        if (reutilizable.webhook_n8n) cfg.webhook_n8n = reutilizable.webhook_n8n;
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
      const { rows } = await data.run({ kind: 'select', table: tablaEmpresas, columns: ['table_supabase'] });
      const ocupados = new Set(rows.map((r) => String(r.table_supabase)));
      cfg.table_supabase = nombreTablaLibre(instancia.nombre_instancia, canal, ocupados);
      if (!cfg.table_supabase) throw new AppError('validation', t.nombreInstanciaInvalido);
    }
    const { rows } = await data.run({
      kind: 'insert',
      table: tablaEmpresas,
      rows: [{ name: instancia.nombre_instancia, table_supabase: cfg.table_supabase, status: true, empresa_id: paso.empresa_id }],
      returning: ['uuid'],
    });
    cfg.empresa_uuid = String(rows[0]!.uuid);
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
  await data.run({ kind: 'rpc', fn: 'verificar_tabla_mensajes', args: { p_tabla: tabla } });

  // 3. The message table. WordPress/Shopify go on to the flow when it fails (SQL kept for manual
  //    execution); Duda/WhatsApp stop here.
  if (cfg.tabla_creada !== true) {
    try {
      await data.run({ kind: 'rpc', fn: 'create_message_table', args: { nombre: tabla } });
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
    const webhook = await crearFlujo(webhooks, canal, instancia.nombre_instancia, tabla, uuid, signal);
    await data.run({ kind: 'update', table: tablaEmpresas, values: { webhook_n8n: webhook }, filters: [{ column: 'uuid', op: 'eq', value: uuid }] });
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
    const { rows } = await data.run({
      kind: 'insert',
      table: 'campanas',
      rows: [{ nombre: instancia.nombre_instancia, minutos: MINUTOS_TOPE_CAMPANA }],
      returning: ['id', 'nombre', 'minutos'],
    });
    cfg.campana_id = num(rows[0]!.id);
    cfg.campana_nombre = String(rows[0]!.nombre);
    cfg.minutos_tope = num(rows[0]!.minutos);
  }
  cfg.aprovisionamiento = 'completo';
  delete cfg.error_aprovisionamiento;
  delete cfg.error_detalle;
  await guardarConfiguracion(data, instancia.id, cfg);
}

async function instanciasDe(data: DataPort, proyectoId: string): Promise<InstanciaServicio[]> {
  const { rows } = await data.run({ kind: 'select', table: 'servicios_instancias', filters: [{ column: 'proyecto_id', op: 'eq', value: proyectoId }], order: [{ column: 'created_at' }, { column: 'id' }] });
  return rows.map(normalizarInstancia);
}

/** The job body: provisions each step in order, reporting progress; a failure marks that instance incomplete. */
async function ejecutar(data: DataPort, webhooks: WebhooksPort | undefined, pasos: Paso[], omitidos: string[], ctx: JobContext, log: Log): Promise<ResultadoAprovisionamiento> {
  const resultado: ResultadoAprovisionamiento = { agregados: [], omitidos };
  const filas = new Map<string, ResultadoAprovisionamiento['agregados'][number]>();
  let ok = 0;
  let failed = 0;
  // §7 order (WhatsApp, Shopify, Duda, other bots, calls): each provisions after the ones it may reuse. The
  // instances keep the order they were asked in; only the provisioning follows this one.
  for (const [k, paso] of ordenarParaAprovisionar(pasos, (p) => p.instancia.tipo_servicio).entries()) {
    const { instancia } = paso;
    ctx.progress({ message: t.aprovisionando(instancia.nombre_instancia) });
    const fila: ResultadoAprovisionamiento['agregados'][number] = { id: instancia.id, nombre_instancia: instancia.nombre_instancia, tipo_servicio: instancia.tipo_servicio, completo: false };
    try {
      if (ctx.signal.aborted) throw new AppError('cancelled', es.trabajos.cancelado);
      const canal = canalDeTipoServicio(instancia.tipo_servicio);
      if (canal) {
        if (!webhooks) throw new AppError('config', es.errores.requiereEscritorio);
        // Reuse looks at the project's instances as they are now (earlier steps of this job included).
        const existentes = (await instanciasDe(data, instancia.proyecto_id)).filter((i) => i.id !== instancia.id);
        const { aviso } = await aprovisionarBot(data, webhooks, paso, existentes, canal, ctx.signal, log);
        if (aviso) fila.aviso = aviso;
      } else if (instancia.tipo_servicio === 'llamadas') {
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
        const { rows } = await data.run({ kind: 'select', table: 'servicios_instancias', columns: ['configuracion'], filters: [{ column: 'id', op: 'eq', value: instancia.id }] });
        const { error_detalle: _anterior, ...actual } = (rows[0]?.configuracion ?? {}) as ConfiguracionInstancia;
        // 'incompleto' puts the instance in estado 'error' until it is completed (trigger
        // servicios_instancias_estado_aprovisionamiento), so the projects table and the metrics alert show it.
        await guardarConfiguracion(data, instancia.id, { ...actual, aprovisionamiento: 'incompleto', error_aprovisionamiento: mensaje, ...(detalle ? { error_detalle: detalle } : {}) });
      } catch (e) {
        log('no se pudo marcar la configuración incompleta', e);
      }
    }
    filas.set(instancia.id, fila);
    ctx.progress({ done: k + 1, ok, failed, message: t.progresoAprovisionamiento(k + 1, pasos.length) });
  }
  resultado.agregados = pasos.map((p) => filas.get(p.instancia.id)!);
  ctx.progress({ message: failed > 0 ? t.algunosFallaron(failed) : t.serviciosActualizados });
  return resultado;
}

export function aprovisionamientoApi({ backend, jobs, log }: ApiDeps): Ops {
  return {
    async empresasWhatsapp(_input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorCarga, async () => {
        const { rows } = await data.run({
          kind: 'select',
          table: 'empresas_whatsapp',
          columns: ['uuid', 'name', 'table_supabase', 'webhook_n8n'],
          filters: [{ column: 'status', op: 'eq', value: true }],
          order: [{ column: 'name' }],
        });
        return rows
          .filter((r) => r.uuid != null)
          .map((r) => ({ uuid: String(r.uuid), name: String(r.name), table_supabase: String(r.table_supabase), webhook_n8n: r.webhook_n8n == null ? null : String(r.webhook_n8n) }));
      }, log);
    },

    async aplicarServicios(input, ctx) {
      const { session, data } = await sesion(backend, ctx);
      const pasos = await conMensaje(t.errorActualizar, async () => {
        const proyecto = await leerProyecto(data, input.proyectoId);
        const plan = planificarServicios(proyecto.instancias, input.servicios);
        const { rows: catalogo } = await data.run({ kind: 'select', table: 'servicios_disponibles', columns: ['tipo', 'categoria'] });
        const categoria = new Map(catalogo.map((c) => [String(c.tipo), String(c.categoria)]));
        const out: Paso[] = [];
        let ms = (backend.now ?? (() => new Date()))().getTime();
        for (const p of plan.agregar) {
          let elegida: EmpresaWhatsappOpcion | null = null;
          if (p.tipo === 'whatsapp' && p.empresa_whatsapp_uuid) {
            elegida = await empresaWhatsapp(data, p.empresa_whatsapp_uuid);
            if (!elegida) throw new AppError('validation', t.empresaWhatsappNoEncontrada);
          }
          const fila = {
            id: idInstancia(p.tipo, ms++, hexAleatorio(3)),
            proyecto_id: proyecto.id,
            empresa_id: proyecto.empresa_id,
            tipo_servicio: p.tipo,
            nombre_instancia: p.nombre_instancia,
            estado: 'activo',
            categoria: categoria.get(p.tipo) ?? categoriaDeTipo(p.tipo),
            configuracion: { aprovisionamiento: 'pendiente' } satisfies ConfiguracionInstancia,
          };
          const { rows } = await data.run({ kind: 'insert', table: 'servicios_instancias', rows: [fila], returning: ['*'] });
          out.push({ instancia: normalizarInstancia(rows[0]!), empresa_id: proyecto.empresa_id, elegidaWhatsapp: elegida });
        }
        return { out, omitidos: plan.omitidos };
      }, log);
      return jobs.start('aprovisionamiento', session.operator.id, pasos.out.length, (jctx) =>
        ejecutar(data, backend.webhooks, pasos.out, pasos.omitidos, jctx, log),
      );
    },

    async reintentarAprovisionamiento(input, ctx) {
      const { session, data } = await sesion(backend, ctx);
      const paso = await conMensaje(t.errorActualizar, async () => {
        const { rows } = await data.run({ kind: 'select', table: 'servicios_instancias', filters: [{ column: 'id', op: 'eq', value: input.instanciaId }] });
        if (!rows[0]) throw new AppError('not_found', t.servicioNoEncontrado);
        const instancia = normalizarInstancia(rows[0]);
        return { instancia, empresa_id: instancia.empresa_id, elegidaWhatsapp: null } satisfies Paso;
      }, log);
      return jobs.start('aprovisionamiento', session.operator.id, 1, (jctx) => ejecutar(data, backend.webhooks, [paso], [], jctx, log));
    },

    async eliminarServicio(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorEliminarServicio, async () => {
        const { rows } = await data.run<{ value: { id: string; empresa_desactivada: boolean } | null }>({ kind: 'rpc', fn: 'eliminar_servicio_instancia', args: { p_id: input.instanciaId } });
        const r = rows[0]?.value;
        if (!r) throw new AppError('not_found', t.servicioNoEncontrado);
        return { id: String(r.id), empresa_desactivada: Boolean(r.empresa_desactivada) };
      }, log);
    },
  };
}
