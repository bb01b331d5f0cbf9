/**
 * The voice platform and n8n, played by the tests (issue 15): the outbound-call webhook is answered at once,
 * and a moment later the call's outcome is posted to the console's inbound endpoint, signed as n8n signs it
 * (docs/N8N-RESULTADOS.md): HMAC-SHA256 with the route's secret over `<unix seconds>.<raw body>`. Written here
 * with node:crypto, not with the product's own signing code, so a mistake there cannot agree with itself.
 * Used by the Playwright loop spec and by the benchmark.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Responder } from './webhook-server';

export interface Resultado {
  conversation_id: string;
  phone: string;
  campana: number;
  status: string;
  duration_call_seg?: number;
  costo?: number;
  summary?: string;
  transcript?: unknown;
  agent_id?: string;
  audio?: string;
}

/** The signing headers of one body at one instant (unix seconds). */
export function cabecerasFirmadas(secreto: string, cuerpo: string, segundos = Math.floor(Date.now() / 1000)): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'X-Consola-Fecha': String(segundos),
    'X-Consola-Firma': `sha256=${createHmac('sha256', secreto).update(`${segundos}.`).update(cuerpo).digest('hex')}`,
  };
}

/** Posts one outcome to `<entrada>/entrada/llamadas`; answers the HTTP status and the JSON body. */
export async function publicarResultado(entrada: string, secreto: string, resultado: Resultado): Promise<{ status: number; body: unknown }> {
  const cuerpo = JSON.stringify(resultado);
  const res = await fetch(`${entrada}/entrada/llamadas`, { method: 'POST', headers: cabecerasFirmadas(secreto, cuerpo), body: cuerpo });
  return { status: res.status, body: await res.json().catch(() => null) };
}

export interface PlataformaVoz {
  /** The webhook server's responder: accept the call, then report its outcome. */
  responder: Responder;
  /** The outcomes posted so far, with the endpoint's answer. */
  publicados: Array<{ resultado: Resultado; status: number }>;
  /** Resolves when every outcome posted so far has been answered. */
  pendientes(): Promise<void>;
}

/**
 * `desenlace(phone)` decides each call's outcome (status, seconds, cost); `campana` is the campaign the calls
 * belong to. The outcome goes out once the call's answer has been sent: "a moment later".
 */
export function plataformaVoz(opciones: {
  entrada: string;
  secreto: string;
  campana: number;
  desenlace?: (phone: string) => Partial<Resultado>;
}): PlataformaVoz {
  const publicados: PlataformaVoz['publicados'] = [];
  const enVuelo = new Set<Promise<void>>();
  const responder: Responder = (req, res) => {
    const phone = String((req.json as { phone?: unknown } | null)?.phone ?? '');
    res.once('finish', () => {
      const resultado: Resultado = {
        conversation_id: `conv_${randomUUID()}`,
        phone,
        campana: opciones.campana,
        status: 'done',
        duration_call_seg: 95,
        costo: 0.35,
        agent_id: String((req.json as { agent_id?: unknown } | null)?.agent_id ?? ''),
        summary: 'El cliente atendió y pidió información.',
        transcript: [
          { role: 'agent', message: 'Hola, le llamo de la agencia.' },
          { role: 'user', message: 'Sí, cuénteme.' },
        ],
        ...opciones.desenlace?.(phone),
      };
      const envio = publicarResultado(opciones.entrada, opciones.secreto, resultado).then(
        ({ status }) => void publicados.push({ resultado, status }),
        () => void publicados.push({ resultado, status: 0 }),
      );
      enVuelo.add(envio);
      void envio.finally(() => enVuelo.delete(envio));
    });
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"ok":true}');
  };
  return {
    responder,
    publicados,
    pendientes: async () => {
      while (enVuelo.size > 0) await Promise.all([...enVuelo]);
    },
  };
}
