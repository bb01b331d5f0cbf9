/**
 * The calls of the campaigns over the 60 days before `now`: scripted answered calls with their transcripts
 * and summaries, failures (a few in the last 24 hours, for the notification), calls still in progress, and
 * a handful of real MP3 recordings for recent answered calls.
 */
import { CAMPANAS, capFor } from './campanas';
import type { Clientes } from './clientes';
import { insertBatches, type Siembra } from './contexto';
import { NOMBRES } from './personas';
import { DAY, MINUTE } from './tiempo';

type Turn = readonly ['agent' | 'user', string];

interface Script {
  campana: number;
  resultado: string;
  resumen: string;
  turnos: readonly Turn[];
}

const SCRIPTS: readonly Script[] = [
  {
    campana: 0,
    resultado: 'interesado',
    resumen: '{nombre} mostró interés en el Plan Salud Familiar y pidió recibir la información por correo.',
    turnos: [
      ['agent', 'Hola, ¿hablo con {nombre}? Le llamamos de Salud Vital para contarle sobre el Plan Salud Familiar.'],
      ['user', 'Sí, soy yo. ¿De qué se trata?'],
      ['agent', 'Es un plan que cubre consultas, urgencias y odontología para todo su grupo familiar desde $89.000 al mes.'],
      ['user', 'Suena interesante. ¿Puedo incluir a mis papás?'],
      ['agent', 'Sí, puede incluir hasta dos beneficiarios mayores de 60 años. ¿Le envío la información a su correo?'],
      ['user', 'Sí, por favor.'],
      ['agent', 'Perfecto, {nombre}. En unos minutos la recibe. ¡Que tenga un buen día!'],
    ],
  },
  {
    campana: 0,
    resultado: 'volver_a_llamar',
    resumen: '{nombre} no podía hablar; se agendó una nueva llamada para mañana después de las 3 p. m.',
    turnos: [
      ['agent', 'Buenas tardes, ¿hablo con {nombre}? Le llamamos de Salud Vital.'],
      ['user', 'Sí, pero ahora no puedo hablar, estoy en una reunión.'],
      ['agent', 'Entiendo. ¿Le parece si le llamamos mañana en la tarde?'],
      ['user', 'Sí, después de las tres.'],
      ['agent', 'Listo, quedó agendado. Muchas gracias.'],
    ],
  },
  {
    campana: 1,
    resultado: 'compromiso_de_pago',
    resumen: '{nombre} confirmó que pagará la cuota antes del vencimiento por PSE; se envió el enlace de pago.',
    turnos: [
      ['agent', 'Buenos días, {nombre}. Le habla el asistente virtual de Financiera Progreso.'],
      ['agent', 'Le recordamos que su cuota vence el próximo viernes.'],
      ['user', 'Sí, ya lo tenía presente. ¿Puedo pagar por PSE?'],
      ['agent', 'Claro, puede pagar por PSE, en corresponsales bancarios o en nuestra app.'],
      ['user', 'Perfecto, gracias.'],
      ['agent', 'Gracias a usted. Le enviaremos el enlace de pago por mensaje de texto.'],
    ],
  },
  {
    campana: 1,
    resultado: 'acuerdo_de_pago',
    resumen: '{nombre} no podrá pagar a tiempo; aceptó un acuerdo de pago a dos cuotas.',
    turnos: [
      ['agent', 'Buenos días, {nombre}. Le llamamos de Financiera Progreso por su cuota de este mes.'],
      ['user', 'Tuve un inconveniente y no voy a poder pagar a tiempo.'],
      ['agent', 'Lamento escuchar eso. Puedo ofrecerle un acuerdo de pago a dos cuotas. ¿Le interesa?'],
      ['user', 'Sí, eso me ayudaría mucho.'],
      ['agent', 'Listo, un asesor lo contactará hoy para formalizar el acuerdo.'],
    ],
  },
  {
    campana: 2,
    resultado: 'cotizacion_enviada',
    resumen: '{nombre} pidió la cotización de renovación con 12 % de descuento por WhatsApp.',
    turnos: [
      ['agent', 'Hola, {nombre}, le llamamos de Seguros Andinos. Su póliza de vehículo vence este mes.'],
      ['user', '¿Cuánto me sale la renovación?'],
      ['agent', 'Con su historial sin siniestros, la renovación tiene un 12 % de descuento.'],
      ['user', 'Me interesa, pero quiero comparar.'],
      ['agent', 'Con gusto. Le envío la cotización por WhatsApp para que la revise.'],
      ['user', 'Bueno, gracias.'],
    ],
  },
  {
    campana: 2,
    resultado: 'no_interesado',
    resumen: '{nombre} ya renovó con otra aseguradora; acepta ser contactado el próximo año.',
    turnos: [
      ['agent', 'Buenas tardes, {nombre}. Le habla el asistente de Seguros Andinos sobre la renovación de su póliza.'],
      ['user', 'Ya renové con otra aseguradora.'],
      ['agent', 'Entendido, gracias por avisarnos. ¿Podemos contactarle el próximo año?'],
      ['user', 'Sí, no hay problema.'],
    ],
  },
];

const FALLIDAS = [
  { resultado: 'no_contesta', resumen: 'La llamada no se completó: {nombre} no contestó.' },
  { resultado: 'numero_invalido', resumen: 'La llamada no se completó: el número está fuera de servicio.' },
  { resultado: 'buzon_de_voz', resumen: 'Se detectó buzón de voz; no se dejó mensaje.' },
] as const;

const STATUSES = ['done', 'failed', 'pending', 'in-progress', 'initiated'] as const;
const STATUS_WEIGHTS = [0.74, 0.12, 0.06, 0.04, 0.04];

/** One generated call; indexes point into the clients, CAMPANAS, STATUSES, SCRIPTS (+1; 0 = none). */
export interface Llamada {
  ms: number;
  cliente: number;
  campana: number;
  status: number;
  script: number;
  resumen: number;
  dur: number;
  costo: number;
}

/** The calls in time order. Roughly 15 % of each campaign's clients get none (badge 'Sin llamadas'). */
export function generarLlamadas({ rng, nowMs, today, escala }: Siembra, cli: Clientes): Llamada[] {
  const pesos = CAMPANAS.map((c) => c.peso);
  const porCampana = cli.porCampana;
  const nLlamadas = escala.llamadas;
  const calls = new Array<Llamada>(nLlamadas);
  const forzadas = Math.min(6, Math.floor(nLlamadas / 50) + (nLlamadas > 0 ? 1 : 0));
  for (let i = 0; i < nLlamadas; i += 1) {
    const campana = rng.weighted(pesos);
    const propios = porCampana[campana]!;
    // Roughly 15 % of each campaign's clients get no call (badge 'Sin llamadas').
    const alcance = Math.max(1, Math.floor(propios.length * 0.85));
    const cliente = propios[rng.int(0, alcance - 1)]!;
    let ms: number;
    let status: number;
    if (i < forzadas) {
      // A few failures in the last 24 hours, so the notification shows.
      ms = nowMs - rng.int(10, 20 * 60) * MINUTE;
      status = 1;
    } else {
      const dia = Math.min(59, Math.floor(Math.pow(rng.float(), 1.3) * 60));
      ms = today - dia * DAY + (8 * 60 + rng.int(0, 11 * 60)) * MINUTE + rng.int(0, 59) * 1000;
      if (ms >= nowMs) ms = nowMs - rng.int(1, 6 * 60) * MINUTE;
      status = rng.weighted(STATUS_WEIGHTS);
    }
    let script = 0;
    let resumen = 0;
    let dur = -1;
    let costo = -1;
    if (status === 0) {
      const opciones = SCRIPTS.map((s, k) => (s.campana === campana ? k : -1)).filter((k) => k >= 0);
      const k = rng.pick(opciones);
      script = k + 1;
      resumen = k + 1;
      dur = rng.int(45, 330);
      costo = Math.round(((dur / 60) * 0.11 + 0.02) * 10_000) / 10_000;
    } else if (status === 1) {
      const f = rng.int(0, FALLIDAS.length - 1);
      resumen = SCRIPTS.length + f + 1;
      dur = rng.int(0, 20);
      costo = dur > 0 ? 0.01 : 0;
    } else if (status === 3) {
      dur = rng.int(5, 90);
    }
    calls[i] = { ms, cliente, campana, status, script, resumen, dur, costo };
  }
  calls.sort((a, b) => a.ms - b.ms);
  return calls;
}

/** Caps from the consumption, so each campaign lands in the state it is meant to show. */
export function topesPorConsumo(calls: readonly Llamada[]): number[] {
  const segundos = CAMPANAS.map(() => 0);
  for (const c of calls) if (c.dur > 0) segundos[c.campana]! += c.dur;
  return CAMPANAS.map((def, k) => capFor(Math.round(segundos[k]! / 60), def.estado));
}

export async function seedLlamadas({ tx }: Siembra, calls: readonly Llamada[], cli: Clientes, campanaIds: readonly number[]): Promise<void> {
  const nLlamadas = calls.length;
  // Every (script, first name) transcript is rendered once; rows reference it by number.
  const transcripts = SCRIPTS.flatMap((s) =>
    NOMBRES.map((nombre) => JSON.stringify(s.turnos.map(([role, message]) => ({ role, message: message.replaceAll('{nombre}', nombre) })))),
  );
  const resumenes = [...SCRIPTS.map((s) => s.resumen), ...FALLIDAS.map((f) => f.resumen)];
  const resultados = [...SCRIPTS.map((s) => s.resultado), ...FALLIDAS.map((f) => f.resultado)];
  await insertBatches(nLlamadas, async (from, to) => {
    const part = calls.slice(from, to);
    await tx.query(
      `with tr as (select o::int as k, t::jsonb as j from unnest($7::text[]) with ordinality as u(t, o))
       insert into public.registro_escrito_llamada
         (created_at, agent_id, phone, campana, conversation_id, status, resultado, summary, costo, duration_call_seg, transcript)
       select to_timestamp(x.ms / 1000.0),
              ($1::text[])[x.k + 1],
              x.phone,
              ($2::bigint[])[x.k + 1],
              'conv_' || substr(md5('consola-demo:' || (x.o + $3::int)), 1, 24),
              ($4::text[])[x.st + 1],
              ($5::text[])[nullif(x.re, 0)],
              replace(($6::text[])[nullif(x.re, 0)], '{nombre}', x.nombre),
              case when x.costo >= 0 then round(x.costo::numeric, 4) end,
              case when x.dur >= 0 then x.dur end,
              case
                when x.sc > 0 then tr.j
                when x.st = 1 then '[]'::jsonb
              end
         from unnest($8::float8[], $9::int[], $10::text[], $11::text[], $12::int[], $13::int[], $14::int[], $15::int[], $16::float8[])
              with ordinality as x(ms, k, phone, nombre, st, sc, re, dur, costo, o)
         left join tr on tr.k = x.sc
        order by x.o`,
      [
        CAMPANAS.map((c) => c.agentId), campanaIds, from, [...STATUSES], resultados, resumenes, transcripts,
        part.map((c) => c.ms), part.map((c) => c.campana), part.map((c) => cli.telefono[c.cliente]!),
        part.map((c) => cli.nombre[c.cliente]!), part.map((c) => c.status), part.map((c) => (c.script > 0 ? (c.script - 1) * NOMBRES.length + cli.nombreIdx[c.cliente]! + 1 : 0)),
        part.map((c) => c.resumen), part.map((c) => c.dur), part.map((c) => c.costo),
      ],
    );
  });
}

/** A handful of recent answered calls get a real recording (base64 MP3s; none when there is no audio folder). */
export async function seedGrabaciones({ tx }: Siembra, audio: readonly string[]): Promise<void> {
  if (audio.length === 0) return;
  const recientes = await tx.query<{ conversation_id: string; created_at: unknown }>(
    `select conversation_id, created_at from public.registro_escrito_llamada
      where status = 'done' order by created_at desc limit 8`,
  );
  const ids = recientes.rows.map((r) => r.conversation_id);
  await tx.query(
    `insert into public.registro_audio_llamadas (conversation_id, audio, created_at)
     select c, a, l.created_at
       from unnest($1::text[], $2::text[]) as x(c, a)
       join public.registro_escrito_llamada l on l.conversation_id = x.c`,
    [ids, ids.map((_, k) => audio[k % audio.length]!)],
  );
}
