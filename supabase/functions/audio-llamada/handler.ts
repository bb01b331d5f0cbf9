/**
 * The Edge Function `audio-llamada`'s work, with nothing of Deno in it: `index.ts` serves it on Supabase's
 * Edge Runtime and the tests' gateway (tests/support/supabase-local.ts) runs the same module in Node.
 *
 * Body `{ conversation_id }`; answers `{ audio }` (the MP3 as base64, as `registro_audio_llamadas` stores it).
 * The row is read through the project's own data API with the caller's JWT, so the table's RLS decides who
 * may hear a call exactly as it decides who may read the row (an operator; never anon); the function holds
 * no key of its own beyond the public anon key every request to the API carries.
 */

export interface EntornoAudio {
  /** The project's URL (SUPABASE_URL on the Edge Runtime). */
  url: string;
  /** The project's anon key (SUPABASE_ANON_KEY on the Edge Runtime). */
  anonKey: string;
  fetch: typeof fetch;
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

function json(status: number, value: unknown): Response {
  return new Response(JSON.stringify(value), { status, headers: { ...CORS, 'Content-Type': 'application/json' } });
}

/** A conversation id as the voice platform writes them: short, no control characters. */
const ID = /^[\w.:-]{1,200}$/;

export async function responderAudio(req: Request, entorno: EntornoAudio): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'método no permitido' });
  const authorization = req.headers.get('Authorization');
  if (!authorization) return json(401, { error: 'falta el token de la sesión' });
  let id: unknown;
  try {
    id = ((await req.json()) as { conversation_id?: unknown } | null)?.conversation_id;
  } catch {
    return json(400, { error: 'el cuerpo debe ser JSON' });
  }
  if (typeof id !== 'string' || !ID.test(id)) return json(400, { error: 'conversation_id no válido' });

  const consulta = new URL(`${entorno.url.replace(/\/$/, '')}/rest/v1/registro_audio_llamadas`);
  consulta.searchParams.set('select', 'audio');
  consulta.searchParams.set('conversation_id', `eq.${id}`);
  consulta.searchParams.set('limit', '1');
  const res = await entorno.fetch(consulta, {
    headers: { apikey: entorno.anonKey, Authorization: authorization, Accept: 'application/json' },
  });
  if (res.status === 401 || res.status === 403) return json(res.status, { error: 'sin permiso para este audio' });
  if (!res.ok) return json(502, { error: 'no se pudo leer el audio' });
  const filas = (await res.json()) as Array<{ audio?: unknown }>;
  const audio = filas[0]?.audio;
  if (typeof audio !== 'string' || !audio) return json(404, { error: 'no hay audio para esta conversación' });
  return json(200, { audio });
}
