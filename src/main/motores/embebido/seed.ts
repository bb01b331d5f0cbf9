/**
 * Demo data for the embedded database: realistic Spanish/Colombian campaigns, clients, calls (with
 * transcripts and a few real MP3 recordings), bot companies with their message tables, client companies,
 * plans, the service catalogue and projects.
 *
 * Deterministic (one seeded PRNG, dates relative to `now`) except for the client companies' portal passwords,
 * which are crypto-random per install (a fixed seed gave every install the same, derivable passwords; nobody
 * is told them: an operator generates a new one to hand out). Runs as the database owner in ONE transaction and
 * only when there are no campaigns yet. Rows go in with multi-row INSERT … SELECT FROM unnest(arrays), never
 * one query per row, so the benchmark scale (50 000 clients, 200 000 calls) stays fast on PGlite.
 *
 * One module per thing seeded, in ./seed/: the campaigns, their clients and calls (campanas, clientes,
 * llamadas), the client companies, plans and service catalogue (empresas, planes, catalogo), the bot
 * companies and their conversations (bots, mensajes), the projects and their metrics (proyectos, metricas)
 * and the marketing agent's records (marketing). They share one PRNG, drawn in the order below.
 */
import type { SqlClient, SqlQueryable } from '../../../shared/ports/sql';
import { findDemoAudioDir, loadAudio } from './seed/audio';
import { BOTS, seedEmpresasBot } from './seed/bots';
import { seedCampanas } from './seed/campanas';
import { empezarCargaMasiva } from './seed/carga-masiva';
import { seedCatalogo } from './seed/catalogo';
import { generarClientes, seedClientes } from './seed/clientes';
import type { Siembra } from './seed/contexto';
import { seedEmpresas } from './seed/empresas';
import { generarLlamadas, seedGrabaciones, seedLlamadas, topesPorConsumo } from './seed/llamadas';
import { seedMarketing } from './seed/marketing';
import { seedMensajes } from './seed/mensajes';
import { seedMetricas } from './seed/metricas';
import { seedPlanes } from './seed/planes';
import { seedProyectos } from './seed/proyectos';
import { Rng } from './seed/rng';
import { bogotaMidnight } from './seed/tiempo';

// The seed's public face: where the recordings are, and the PRNG tests watch (no portal password comes from it).
export { findDemoAudioDir, Rng };

export interface SeedScale {
  clientes?: number;
  llamadas?: number;
  mensajes?: number;
}

export interface SeedOptions {
  scale?: SeedScale;
  /** The moment the data is relative to (calls over the 60 days before it). Default: the current time. */
  now?: Date;
  /** Folder with the demo MP3 files. Default: findDemoAudioDir(); none found means no audio rows. */
  audioDir?: string | null;
}

export interface SeedSummary {
  /** True when the database already had campaigns and nothing was written. */
  skipped: boolean;
  /** Rows per table after seeding ('mensajes' = all message tables together). */
  counts: Record<string, number>;
  /** The message tables created through create_message_table. */
  messageTables: string[];
  durationMs: number;
}

export const DEFAULT_SCALE = { clientes: 300, llamadas: 3000, mensajes: 2400 } as const;

/** The seed's one PRNG seed: the same demo data on every install. */
const SEMILLA = 20_261_121;

/** Tables counted in the summary ('mensajes' is added apart: all message tables together). */
const TABLAS_CONTADAS = [
  'campanas', 'clientes', 'registro_escrito_llamada', 'registro_audio_llamadas', 'configuracion_campana',
  'empresas', 'planes', 'planes_empresas_wordpress', 'servicios_disponibles', 'proyectos', 'servicios_instancias',
  'historial_estados', 'metricas_proyectos', 'empresas_wordpress_bots', 'empresas_shopify_bots', 'empresas_bot_duda',
  'empresas_whatsapp', 'agente_marketing',
];

/**
 * Fills an empty database with the demo data. Runs as the database owner (policies do not apply to it);
 * does nothing and answers { skipped: true } when campaigns already exist.
 */
export async function seedDemoData(client: SqlClient, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const nowMs = (options.now ?? new Date()).getTime();
  const escala = {
    clientes: Math.max(3, Math.floor(options.scale?.clientes ?? DEFAULT_SCALE.clientes)),
    llamadas: Math.max(0, Math.floor(options.scale?.llamadas ?? DEFAULT_SCALE.llamadas)),
    mensajes: Math.max(0, Math.floor(options.scale?.mensajes ?? DEFAULT_SCALE.mensajes)),
  };
  const audio = await loadAudio(options.audioDir === undefined ? findDemoAudioDir() : options.audioDir);

  return client.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(774201122)');
    const existing = await tx.query<{ hay: boolean }>('select exists (select 1 from public.campanas) as hay');
    if (existing.rows[0]?.hay) {
      return { skipped: true, counts: {}, messageTables: [], durationMs: Date.now() - started };
    }
    const s: Siembra = { tx, rng: new Rng(SEMILLA), nowMs, today: bogotaMidnight(nowMs), escala };

    // Campaigns, clients and calls: generated first (the caps come from the calls' consumption), then
    // written in bulk.
    const clientes = generarClientes(s);
    const llamadas = generarLlamadas(s, clientes);
    const caps = topesPorConsumo(llamadas);
    const terminarCargaMasiva = await empezarCargaMasiva(tx);
    const campanaIds = await seedCampanas(s, caps);
    await seedClientes(s, clientes, campanaIds);
    await seedLlamadas(s, llamadas, clientes, campanaIds);
    await seedGrabaciones(s, audio);
    await terminarCargaMasiva();

    const empresaIds = await seedEmpresas(s);
    const planIds = await seedPlanes(s);
    await seedCatalogo(s);
    const bots = await seedEmpresasBot(s, empresaIds, planIds);
    const mensajes = await seedMensajes(s);
    const proyectoIds = await seedProyectos(s, { campanaIds, caps, bots, empresaIds, planIds });
    await seedMetricas(s, proyectoIds);
    await seedMarketing(s);

    const counts = await contarFilas(tx);
    counts.mensajes = mensajes;
    return { skipped: false, counts, messageTables: BOTS.map((b) => b.tabla), durationMs: Date.now() - started };
  });
}

async function contarFilas(tx: SqlQueryable): Promise<Record<string, number>> {
  const conteo = await tx.query<Record<string, number | string>>(
    `select ${TABLAS_CONTADAS.map((t) => `(select count(*) from public.${t}) as ${t}`).join(', ')}`,
  );
  const counts: Record<string, number> = {};
  for (const t of TABLAS_CONTADAS) counts[t] = Number(conteo.rows[0]?.[t] ?? 0);
  return counts;
}
