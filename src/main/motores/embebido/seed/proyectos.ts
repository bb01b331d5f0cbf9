/**
 * The projects of the client companies, in several states, with their service instances (one in 'error', for
 * the notification; a second WhatsApp service sharing the first one's bot company) and the dated history of
 * their states. Every service points at the demo's real campaigns and bot companies.
 */
import type { EmpresasBot } from './bots';
import { BOTS } from './bots';
import { CAMPANAS } from './campanas';
import { CATEGORIA_DE } from './catalogo';
import type { Siembra } from './contexto';
import { DAY, isoDate, MINUTE } from './tiempo';

interface ServicioDef {
  tipo: 'bot_wordpress' | 'bot_shopify' | 'bot_duda' | 'whatsapp' | 'llamadas';
  nombre: string;
  estado: 'activo' | 'inactivo' | 'en_proceso' | 'completado' | 'mantenimiento' | 'error';
  /** Index into BOTS, or into CAMPANAS for 'llamadas'. */
  ref: number;
  diasDespues: number;
}

export interface ProyectoDef {
  nombre: string;
  descripcion: string;
  plan: number;
  empresa: number;
  diasAtras: number;
  duracionDias: number | null;
  historia: readonly (readonly [ProyectoEstado, number])[];
  servicios: readonly ServicioDef[];
}

type ProyectoEstado = 'activo' | 'inactivo' | 'en_proceso' | 'completado' | 'cancelado' | 'pausado';

export const PROYECTOS: readonly ProyectoDef[] = [
  {
    nombre: 'Chatbot web Clínica Dental Sonrisa', descripcion: 'Asistente de citas y preguntas frecuentes en el sitio WordPress.',
    plan: 1, empresa: 0, diasAtras: 160, duracionDias: 365,
    historia: [['en_proceso', 0], ['activo', 21]],
    servicios: [{ tipo: 'bot_wordpress', nombre: 'Chatbot web Clínica Dental Sonrisa - Bot WordPress', estado: 'activo', ref: 0, diasDespues: 2 }],
  },
  {
    nombre: 'Tienda en línea Aurora', descripcion: 'Bot de ventas en Shopify y seguimiento de pedidos.',
    plan: 2, empresa: 1, diasAtras: 130, duracionDias: 90,
    historia: [['en_proceso', 0], ['activo', 18], ['completado', 95]],
    servicios: [{ tipo: 'bot_shopify', nombre: 'Tienda en línea Aurora - Bot Shopify', estado: 'completado', ref: 1, diasDespues: 3 }],
  },
  {
    nombre: 'Atención inmobiliaria Horizonte', descripcion: 'Bot Duda para el sitio web y canal de WhatsApp para visitas.',
    plan: 1, empresa: 2, diasAtras: 48, duracionDias: 120,
    historia: [['en_proceso', 0]],
    servicios: [
      { tipo: 'bot_duda', nombre: 'Atención inmobiliaria Horizonte - Bot Duda', estado: 'en_proceso', ref: 2, diasDespues: 1 },
      { tipo: 'whatsapp', nombre: 'Atención inmobiliaria Horizonte - WhatsApp', estado: 'error', ref: 3, diasDespues: 5 },
    ],
  },
  {
    nombre: 'Pedidos por WhatsApp Café Origen', descripcion: 'Toma de pedidos por WhatsApp y campaña de afiliación por voz.',
    plan: 2, empresa: 3, diasAtras: 95, duracionDias: null,
    historia: [['en_proceso', 0], ['activo', 12]],
    servicios: [
      { tipo: 'whatsapp', nombre: 'Pedidos por WhatsApp Café Origen - WhatsApp', estado: 'activo', ref: 3, diasDespues: 1 },
      { tipo: 'llamadas', nombre: 'Afiliación Plan Salud Familiar', estado: 'activo', ref: 0, diasDespues: 30 },
    ],
  },
  {
    nombre: 'Cobranza y renovaciones Seguros Andinos', descripcion: 'Campañas de voz de cobranza preventiva y renovación de pólizas.',
    plan: 2, empresa: 4, diasAtras: 70, duracionDias: 180,
    historia: [['activo', 0], ['pausado', 40]],
    servicios: [
      { tipo: 'llamadas', nombre: 'Cobranza Preventiva Cartera', estado: 'mantenimiento', ref: 1, diasDespues: 2 },
    ],
  },
  {
    nombre: 'Portal de clientes Transportes Cóndor', descripcion: 'Propuesta de bot para consulta de envíos; pendiente de arranque.',
    plan: 0, empresa: 5, diasAtras: 12, duracionDias: 60,
    historia: [['inactivo', 0]],
    servicios: [],
  },
];

/** What the projects refer to, each by position in its definition list. */
export interface Referencias {
  campanaIds: readonly number[];
  /** Each campaign's minute cap (a calls service shows it). */
  caps: readonly number[];
  bots: EmpresasBot;
  empresaIds: readonly string[];
  planIds: readonly string[];
}

/** Inserts the projects, their service instances and their state history; answers the projects' ids. */
export async function seedProyectos({ tx, rng, nowMs }: Siembra, { campanaIds, caps, bots, empresaIds, planIds }: Referencias): Promise<string[]> {
  const proyectoIds = PROYECTOS.map(() => rng.uuid());
  const instancias: Record<string, unknown>[] = [];
  const historia: Record<string, unknown>[] = [];
  const proyectos = PROYECTOS.map((p, k) => {
    const creado = nowMs - p.diasAtras * DAY - rng.int(0, 8 * 60) * MINUTE;
    const estado = p.historia[p.historia.length - 1]![0];
    const propias = p.servicios.map((s) => {
      const creadoS = creado + s.diasDespues * DAY;
      const id = `${s.tipo}_${creadoS}_${rng.hex(6)}`;
      let configuracion: Record<string, unknown>;
      if (s.tipo === 'llamadas') {
        configuracion = { campana_id: campanaIds[s.ref], campana_nombre: CAMPANAS[s.ref]!.nombre, minutos_tope: caps[s.ref] };
      } else {
        const bot = BOTS[s.ref]!;
        configuracion = {
          empresa_uuid: bots.uuids[s.ref], table_supabase: bot.tabla, webhook_n8n: bots.webhookDe(s.ref), status: true,
          tabla_independiente: true,
        };
        if (s.tipo === 'whatsapp') {
          configuracion.empresa_whatsapp_id = bots.uuids[s.ref];
          if (k !== PROYECTOS.findIndex((q) => q.servicios.some((x) => x.tipo === 'whatsapp'))) {
            configuracion.reutiliza_empresa_existente = true;
            configuracion.comparte_tabla_con = bot.tabla;
            configuracion.tabla_independiente = false;
          }
        }
      }
      const fila = {
        id, proyecto_id: proyectoIds[k], empresa_id: empresaIds[p.empresa], tipo_servicio: s.tipo,
        nombre_instancia: s.nombre, estado: s.estado, categoria: CATEGORIA_DE[s.tipo] ?? 'Otros', configuracion,
        created_at: new Date(creadoS).toISOString(),
      };
      instancias.push(fila);
      historia.push({ entidad_tipo: 'servicio', entidad_id: id, estado_anterior: null, estado_nuevo: s.estado, created_at: fila.created_at });
      return fila;
    });
    let anterior: string | null = null;
    for (const [estadoH, dias] of p.historia) {
      historia.push({
        entidad_tipo: 'proyecto', entidad_id: proyectoIds[k], estado_anterior: anterior, estado_nuevo: estadoH,
        created_at: new Date(creado + dias * DAY).toISOString(),
      });
      anterior = estadoH;
    }
    return {
      id: proyectoIds[k], nombre: p.nombre, descripcion: p.descripcion, plan_id: planIds[p.plan], empresa_id: empresaIds[p.empresa],
      servicios_instancias: JSON.stringify(propias.map(({ proyecto_id: _p, empresa_id: _e, ...rest }) => rest)),
      estado, fecha_inicio: isoDate(creado), fecha_fin: p.duracionDias === null ? null : isoDate(creado + p.duracionDias * DAY),
      created_at: new Date(creado).toISOString(),
      updated_at: new Date(creado + (p.historia[p.historia.length - 1]![1]) * DAY).toISOString(),
    };
  });
  await tx.query(
    `insert into public.proyectos
       (id, nombre, descripcion, plan_id, empresa_id, servicios_instancias, estado, fecha_inicio, fecha_fin, created_at, updated_at)
     select * from jsonb_to_recordset($1::jsonb) as x(
       id uuid, nombre text, descripcion text, plan_id uuid, empresa_id uuid, servicios_instancias text, estado text,
       fecha_inicio date, fecha_fin date, created_at timestamptz, updated_at timestamptz)`,
    [JSON.stringify(proyectos)],
  );
  await tx.query(
    `insert into public.servicios_instancias
       (id, proyecto_id, empresa_id, tipo_servicio, nombre_instancia, estado, categoria, configuracion, created_at, updated_at)
     select id, proyecto_id, empresa_id, tipo_servicio, nombre_instancia, estado, categoria, configuracion, created_at, created_at
       from jsonb_to_recordset($1::jsonb) as x(
         id text, proyecto_id uuid, empresa_id uuid, tipo_servicio text, nombre_instancia text, estado text,
         categoria text, configuracion jsonb, created_at timestamptz)`,
    [JSON.stringify(instancias)],
  );
  // The triggers stamped "now"; the demo history is the dated one below.
  await tx.query(
    `delete from public.historial_estados
      where (entidad_tipo = 'proyecto' and entidad_id = any($1::text[]))
         or (entidad_tipo = 'servicio' and entidad_id = any($2::text[]))`,
    [proyectoIds, instancias.map((s) => s.id as string)],
  );
  await tx.query(
    `insert into public.historial_estados (entidad_tipo, entidad_id, estado_anterior, estado_nuevo, usuario_id, created_at)
     select entidad_tipo, entidad_id, estado_anterior, estado_nuevo, null, created_at
       from jsonb_to_recordset($1::jsonb) as x(
         entidad_tipo text, entidad_id text, estado_anterior text, estado_nuevo text, created_at timestamptz)`,
    [JSON.stringify(historia)],
  );
  return proyectoIds;
}
