/**
 * The bots' conversations: sessions of 3–20 messages alternating human / ai over the last 30 days (about one
 * session in six from today), some stored as the plain text n8n also writes. The texts are in
 * datos/conversaciones.json, per message table.
 */
import { BOTS } from './bots';
import { insertBatches, type Siembra } from './contexto';
import conversacionesJson from './datos/conversaciones.json';
import { DAY, HOUR, MINUTE } from './tiempo';

/** Question / answer pairs of each bot, by its message table. */
const CONVERSACIONES = new Map(Object.entries(conversacionesJson).map(([tabla, pares]) => [tabla, pares.map(par)]));

function par(texts: string[]): readonly [string, string] {
  const [pregunta, respuesta, ...resto] = texts;
  if (pregunta === undefined || respuesta === undefined || resto.length > 0) throw new Error(`conversaciones.json: ${JSON.stringify(texts)} no es un par`);
  return [pregunta, respuesta];
}

/** Fills every bot's message table; answers how many messages were written in all. */
export async function seedMensajes({ tx, rng, nowMs, today, escala }: Siembra): Promise<number> {
  let mensajesTotal = 0;
  const objetivo = BOTS.map((b) => Math.round(escala.mensajes * b.peso));
  for (const [k, bot] of BOTS.entries()) {
    const conversaciones = CONVERSACIONES.get(bot.tabla)!;
    const sesiones: string[] = [];
    const mensajes: string[] = [];
    const fechas: number[] = [];
    let sesion = 0;
    while (mensajes.length < objetivo[k]!) {
      const quedan = objetivo[k]! - mensajes.length;
      let largo = Math.min(rng.int(3, 20), quedan);
      if (quedan - largo < 3 && quedan <= 20) largo = quedan; // no 1–2 message leftover session
      const id = bot.canal === 'whatsapp' ? `573${rng.int(0, 24).toString().padStart(2, '0')}${rng.int(1_000_000, 9_999_999)}` : `sess_${rng.hex(20)}`;
      // About one session in six is from today; the rest spread over the last 30 days.
      const hoy = sesion % 6 === 0;
      const fin = hoy
        ? nowMs - rng.float() * Math.min(Math.max(nowMs - today, 20 * MINUTE), 6 * HOUR)
        : nowMs - (1 + rng.float() * 29) * DAY;
      const paso = rng.int(15, 90) * 1000;
      const planos = rng.chance(0.12);
      for (let m = 0; m < largo; m += 1) {
        const [pregunta, respuesta] = conversaciones[(Math.floor(m / 2) + sesion) % conversaciones.length]!;
        const humano = m % 2 === 0;
        const texto = humano ? pregunta : respuesta;
        sesiones.push(id);
        mensajes.push(JSON.stringify(planos ? texto : { type: humano ? 'human' : 'ai', content: texto }));
        fechas.push(Math.min(nowMs, fin - (largo - 1 - m) * paso));
      }
      sesion += 1;
    }
    await insertBatches(mensajes.length, async (from, to) => {
      await tx.query(
        `insert into public.${bot.tabla} (session_id, message, created_at)
         select s, m::jsonb, to_timestamp(t / 1000.0) at time zone 'UTC'
           from unnest($1::text[], $2::text[], $3::float8[]) with ordinality as x(s, m, t, o)
          order by t, o`,
        [sesiones.slice(from, to), mensajes.slice(from, to), fechas.slice(from, to)],
      );
    });
    mensajesTotal += mensajes.length;
  }
  return mensajesTotal;
}
