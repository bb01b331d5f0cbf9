/**
 * Ready-made n8n workflows (issue 23 §5), downloaded from Configuración → Conexión → Entrada de resultados and
 * imported into n8n as they are (menu … → Import from File, or `n8n import:workflow --input=<file>`):
 *
 *  - 'llamadas': Webhook → Code → Crypto → HTTP Request. The voice platform's outcome arrives at n8n's webhook; the
 *    Code node reads its fields from where a Webhook trigger puts them (`$json.body`; at the top level after any
 *    other node), keeps the attempt (`intento`) and builds the exact body, the timestamp and an Idempotency-Key;
 *    Crypto signs `<fecha>.<cuerpo>` (HMAC-SHA256, hex); HTTP Request posts those very bytes to the console.
 *  - 'mensajes': the same for a bot's chat-memory row.
 *  - 'saliente': the console's outbound-call webhook: receives the call (answers 200 at once) and hands the
 *    platform node the call with its correlation headers (attempt, campaign, client) as fields.
 *
 * The console's address is filled in; the secret is the one thing to paste (the Crypto node's Secret): it never
 * goes into the file. Only node types n8n 1.x ships are used (n8n-nodes-base.webhook, .code, .crypto,
 * .httpRequest, .stickyNote), at type versions n8n 1.123 knows. tests/integration/n8n-flujos.test.ts runs each
 * Code node's JavaScript and the signing steps against the real listener; docs/N8N-RESULTADOS.md explains them.
 */
import type { RutaEntrada } from './entrada';
import { conexion } from './texts';

const t = conexion.entrada.flujos;

export const FLUJOS_N8N = ['llamadas', 'mensajes', 'saliente'] as const;
export type FlujoN8n = (typeof FLUJOS_N8N)[number];

export interface NodoN8n {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: Record<string, unknown>;
  webhookId?: string;
}

export interface FlujoExportado {
  name: string;
  nodes: NodoN8n[];
  connections: Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }>;
  settings: { executionOrder: 'v1' };
  pinData: Record<string, never>;
  active: false;
  tags: never[];
  /** n8n's `import:workflow` refuses a workflow without one (NOT NULL workflow_entity.versionId). */
  versionId: string;
}

/** The path of each flow's Webhook trigger in n8n (its production address is <n8n>/webhook/<path>). */
export const RUTA_WEBHOOK_N8N: Record<FlujoN8n, string> = {
  llamadas: 'consola-resultado-llamada',
  mensajes: 'consola-mensaje-bot',
  saliente: 'consola-llamada-saliente',
};

/** The file a flow downloads as. */
export const archivoFlujo = (flujo: FlujoN8n) => `consola-n8n-${flujo}.json`;

/**
 * The Idempotency-Key, inside the Code node: the attempt (or the conversation, or the session) and a fingerprint
 * of the exact body. An identical resend — n8n's Retry, the HTTP node's own retries, the platform reporting the
 * same outcome twice — answers `duplicado`; a changed outcome of the same attempt is written.
 */
const CLAVE_JS = String.raw`const huella = (s) => {
  let a = 0x811c9dc5, b = 0x01000193;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 16777619) >>> 0;
    b = Math.imul(b ^ c, 2246822519) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
};
const fecha = String(Math.floor(Date.now() / 1000));`;

const CODIGO_LLAMADAS = String.raw`// Tras un nodo Webhook, lo recibido está en $json.body (y sus cabeceras en $json.headers);
// tras cualquier otro nodo, los campos están arriba, en $json.
const d = $json.body && typeof $json.body === 'object' ? $json.body : $json;
const cabeceras = $json.headers || {};
// Ajuste los nombres de la derecha si su plataforma de voz usa otros.
const resultado = {
  conversation_id: d.conversation_id,
  // El intento de la llamada: la consola lo envió en la cabecera X-Consola-Intento; pídale a su
  // plataforma que lo devuelva (metadatos de la llamada). Con él no hace falta campana.
  intento: d.intento ?? (d.metadata && d.metadata.intento) ?? cabeceras['x-consola-intento'],
  phone: d.phone,
  campana: d.campana,
  status: d.status,
  resultado: d.resultado,
  agent_id: d.agent_id,
  duration_call_seg: d.duration_call_seg,
  costo: d.costo,
  summary: d.summary,
  transcript: d.transcript,
  audio: d.audio,
};
// Un campo que no llega no se envía: la consola conserva el valor que ya tenía.
for (const k of Object.keys(resultado)) if (resultado[k] === undefined) delete resultado[k];
const cuerpo = JSON.stringify(resultado);
${CLAVE_JS}
const clave = (String(resultado.intento ?? resultado.conversation_id ?? '') + '-' + huella(cuerpo)).replace(/[^\x21-\x7e]/g, '_').slice(0, 200);
return { json: { cuerpo, fecha, clave } };`;

const CODIGO_MENSAJES = String.raw`// Tras un nodo Webhook, lo recibido está en $json.body; tras cualquier otro nodo, en $json.
const d = $json.body && typeof $json.body === 'object' ? $json.body : $json;
// Ajuste los nombres de la derecha si su flujo usa otros.
const mensaje = {
  tabla: d.tabla,
  session_id: d.session_id,
  message: d.message,
};
const cuerpo = JSON.stringify(mensaje);
${CLAVE_JS}
const clave = (String(mensaje.session_id ?? '') + '-' + huella(cuerpo)).replace(/[^\x21-\x7e]/g, '_').slice(0, 200);
return { json: { cuerpo, fecha, clave } };`;

const CODIGO_SALIENTE = String.raw`// La consola envía el cuerpo de la especificación (name, email, phone, company, agent_id,
// agent_phone_number_id, position) y, en cabeceras, a qué corresponde la llamada.
const llamada = $json.body || {};
const cabeceras = $json.headers || {};
return {
  json: {
    ...llamada,
    // Páselos a su plataforma de voz como metadatos: el intento debe volver con el resultado.
    intento: cabeceras['x-consola-intento'],
    campana: Number(cabeceras['x-consola-campana']),
    cliente: Number(cabeceras['x-consola-cliente']),
  },
};`;

function webhook(id: string, flujo: FlujoN8n, webhookId: string): NodoN8n {
  return {
    id,
    name: t.nodoWebhook,
    type: 'n8n-nodes-base.webhook',
    typeVersion: 2,
    position: [0, 0],
    webhookId,
    // 'onReceived': answers 200 as soon as the request arrives (the console only needs to know it got there).
    parameters: { httpMethod: 'POST', path: RUTA_WEBHOOK_N8N[flujo], responseMode: 'onReceived', options: {} },
  };
}

function codigo(id: string, nombre: string, jsCode: string, x: number): NodoN8n {
  return { id, name: nombre, type: 'n8n-nodes-base.code', typeVersion: 2, position: [x, 0], parameters: { mode: 'runOnceForEachItem', jsCode } };
}

function nota(id: string, contenido: string, y: number): NodoN8n {
  return { id, name: t.nodoNota, type: 'n8n-nodes-base.stickyNote', typeVersion: 1, position: [0, y], parameters: { content: contenido, height: 260, width: 760 } };
}

function cadena(...nombres: string[]): FlujoExportado['connections'] {
  const conexiones: FlujoExportado['connections'] = {};
  for (let i = 0; i < nombres.length - 1; i++) conexiones[nombres[i]!] = { main: [[{ node: nombres[i + 1]!, type: 'main', index: 0 }]] };
  return conexiones;
}

/** Webhook → Code → Crypto → HTTP Request to one of the console's addresses. */
function flujoFirmado(ruta: RutaEntrada, url: string): FlujoExportado {
  const ids = ruta === 'llamadas' ? ['5f0b1c52-6a31-4f7e-9d2e-0c1a3b4d5e61', '5f0b1c52-6a31-4f7e-9d2e-0c1a3b4d5e62', '5f0b1c52-6a31-4f7e-9d2e-0c1a3b4d5e63', '5f0b1c52-6a31-4f7e-9d2e-0c1a3b4d5e64', '5f0b1c52-6a31-4f7e-9d2e-0c1a3b4d5e65', '5f0b1c52-6a31-4f7e-9d2e-0c1a3b4d5e66'] : ['6a1c2d63-7b42-4a8f-8e3f-1d2b4c5e6f71', '6a1c2d63-7b42-4a8f-8e3f-1d2b4c5e6f72', '6a1c2d63-7b42-4a8f-8e3f-1d2b4c5e6f73', '6a1c2d63-7b42-4a8f-8e3f-1d2b4c5e6f74', '6a1c2d63-7b42-4a8f-8e3f-1d2b4c5e6f75', '6a1c2d63-7b42-4a8f-8e3f-1d2b4c5e6f76'];
  const [idWebhook, idCodigo, idCrypto, idHttp, idNota, webhookId] = ids as [string, string, string, string, string, string];
  const nombreCodigo = ruta === 'llamadas' ? t.nodoPrepararLlamada : t.nodoPrepararMensaje;
  return {
    name: ruta === 'llamadas' ? t.nombreLlamadas : t.nombreMensajes,
    nodes: [
      webhook(idWebhook, ruta, webhookId),
      codigo(idCodigo, nombreCodigo, ruta === 'llamadas' ? CODIGO_LLAMADAS : CODIGO_MENSAJES, 240),
      {
        id: idCrypto,
        name: t.nodoFirmar,
        type: 'n8n-nodes-base.crypto',
        typeVersion: 1,
        position: [480, 0],
        // The secret is left empty on purpose: pasted in n8n, never written into this file.
        parameters: { action: 'hmac', type: 'SHA256', value: '={{ $json.fecha }}.{{ $json.cuerpo }}', dataPropertyName: 'firma', secret: '', encoding: 'hex' },
      },
      {
        id: idHttp,
        name: t.nodoEnviar,
        type: 'n8n-nodes-base.httpRequest',
        typeVersion: 4.2,
        position: [720, 0],
        parameters: {
          method: 'POST',
          url,
          sendHeaders: true,
          specifyHeaders: 'keypair',
          headerParameters: {
            parameters: [
              { name: 'X-Consola-Fecha', value: '={{ $json.fecha }}' },
              { name: 'X-Consola-Firma', value: '=sha256={{ $json.firma }}' },
              { name: 'Idempotency-Key', value: '={{ $json.clave }}' },
            ],
          },
          sendBody: true,
          // Raw: n8n sends the very bytes that were signed.
          contentType: 'raw',
          rawContentType: 'application/json',
          body: '={{ $json.cuerpo }}',
          options: {},
        },
      },
      nota(idNota, ruta === 'llamadas' ? t.notaLlamadas(url) : t.notaMensajes(url), 180),
    ],
    connections: cadena(t.nodoWebhook, nombreCodigo, t.nodoFirmar, t.nodoEnviar),
    settings: { executionOrder: 'v1' },
    pinData: {},
    active: false,
    tags: [],
    versionId: ruta === 'llamadas' ? '5f0b1c52-6a31-4f7e-9d2e-0c1a3b4d5e67' : '6a1c2d63-7b42-4a8f-8e3f-1d2b4c5e6f77',
  };
}

/** The outbound-call webhook: receives the console's call, answers 200, and hands on the call with its correlation. */
function flujoSaliente(): FlujoExportado {
  return {
    name: t.nombreSaliente,
    nodes: [
      webhook('7b2d3e74-8c53-4b90-9f40-2e3c5d6f7081', 'saliente', '7b2d3e74-8c53-4b90-9f40-2e3c5d6f7085'),
      codigo('7b2d3e74-8c53-4b90-9f40-2e3c5d6f7082', t.nodoDatosLlamada, CODIGO_SALIENTE, 240),
      nota('7b2d3e74-8c53-4b90-9f40-2e3c5d6f7083', t.notaSaliente(RUTA_WEBHOOK_N8N.saliente), 180),
    ],
    connections: cadena(t.nodoWebhook, t.nodoDatosLlamada),
    settings: { executionOrder: 'v1' },
    pinData: {},
    active: false,
    tags: [],
    versionId: '7b2d3e74-8c53-4b90-9f40-2e3c5d6f7084',
  };
}

/**
 * The importable workflow of a flow. `url` is the console's address to post to (the card's 'Dirección para
 * n8n' of that route); the outbound flow needs none.
 */
export function flujoN8n(flujo: FlujoN8n, url = ''): FlujoExportado {
  return flujo === 'saliente' ? flujoSaliente() : flujoFirmado(flujo, url);
}
