/**
 * A tiny stand-in for Supabase Realtime (an Elixir server: no npm or Debian package installs it here), enough to
 * prove the app's subscribed path over a real WebSocket (the `ws` package, as the app's transport on Node 20).
 * It speaks what realtime-js 2 sends and reads, Phoenix's protocol with the 2.0.0 serializer: each frame a JSON
 * array `[join_ref, ref, topic, event, payload]`.
 *
 * - The endpoint `/realtime/v1/websocket?apikey=<key>&vsn=2.0.0`, attached to an HTTP server's `upgrade`
 *   (the project's URL, as supabase-js derives it); a wrong apikey is refused before the upgrade (401).
 * - `phx_join` with `config.postgres_changes` is answered ok with one server id per binding, as Realtime does
 *   (realtime-js then reports SUBSCRIBED); `heartbeat`, `access_token` and `phx_leave` as Realtime answers them.
 * - `emitir(tabla)` sends a `postgres_changes` INSERT of that table to every channel with a binding for it
 *   (nothing of RLS: the stand-in proves the transport and the state, not Realtime's authorisation).
 * - `cortar()` drops every connection and refuses new ones (the server gone); `reanudar()` accepts again.
 *
 * Every join is recorded (topic, the bindings asked, the access token) for the test to assert on.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

export const RUTA_REALTIME = '/realtime/v1/websocket';

interface Enlace {
  id: number;
  event: string;
  schema: string;
  table: string;
}

export interface UnionRegistrada {
  topic: string;
  tablas: string[];
  accessToken: string | null;
}

export interface RealtimeLocal {
  uniones: UnionRegistrada[];
  /** Connections open now. */
  readonly conexiones: number;
  /** A row of `tabla` changed: every joined channel with a binding for it hears an INSERT. */
  emitir(tabla: string): void;
  cortar(): void;
  reanudar(): void;
  /** Detaches from the HTTP server and closes every connection. */
  close(): Promise<void>;
}

type Trama = [string | null, string | null, string, string, Record<string, unknown>];

export function adjuntarRealtimeLocal(server: Server, anonKey: string): RealtimeLocal {
  const wss = new WebSocketServer({ noServer: true });
  const canales = new Map<WebSocket, Map<string, { joinRef: string | null; enlaces: Enlace[] }>>();
  const uniones: UnionRegistrada[] = [];
  let aceptando = true;
  let siguienteId = 1;

  const enviar = (socket: WebSocket, trama: Trama) => socket.send(JSON.stringify(trama));

  const alActualizar = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== RUTA_REALTIME) return;
    if (!aceptando || url.searchParams.get('apikey') !== anonKey) {
      socket.end(`HTTP/1.1 ${aceptando ? '401 Unauthorized' : '503 Service Unavailable'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
  };
  server.on('upgrade', alActualizar);

  wss.on('connection', (ws: WebSocket) => {
    const propios = new Map<string, { joinRef: string | null; enlaces: Enlace[] }>();
    canales.set(ws, propios);
    ws.on('close', () => canales.delete(ws));
    ws.on('message', (data) => {
      let trama: Trama;
      try {
        trama = JSON.parse(String(data)) as Trama;
      } catch {
        return;
      }
      const [joinRef, ref, topic, event, payload] = trama;
      const responder = (response: Record<string, unknown>) => enviar(ws, [joinRef, ref, topic, 'phx_reply', { status: 'ok', response }]);
      if (topic === 'phoenix' && event === 'heartbeat') return responder({});
      if (event === 'phx_join') {
        const config = (payload.config ?? {}) as { postgres_changes?: Array<{ event: string; schema: string; table: string }> };
        const enlaces = (config.postgres_changes ?? []).map((b) => ({ id: siguienteId++, event: b.event, schema: b.schema, table: b.table }));
        propios.set(topic, { joinRef, enlaces });
        uniones.push({ topic, tablas: enlaces.map((e) => e.table), accessToken: typeof payload.access_token === 'string' ? payload.access_token : null });
        return responder({ postgres_changes: enlaces });
      }
      if (event === 'phx_leave') {
        propios.delete(topic);
        return responder({});
      }
      if (event === 'access_token') return; // Realtime takes a refreshed token without answering
    });
  });

  return {
    uniones,
    get conexiones() {
      return canales.size;
    },
    emitir(tabla) {
      for (const [ws, propios] of canales) {
        for (const [topic, canal] of propios) {
          const ids = canal.enlaces.filter((e) => e.table === tabla).map((e) => e.id);
          if (ids.length === 0) continue;
          const data = {
            schema: 'public',
            table: tabla,
            commit_timestamp: new Date(0).toISOString(),
            type: 'INSERT',
            columns: [{ name: 'id', type: 'int8' }],
            record: { id: 1 },
            errors: null,
          };
          enviar(ws, [canal.joinRef, null, topic, 'postgres_changes', { ids, data }]);
        }
      }
    },
    cortar() {
      aceptando = false;
      for (const ws of canales.keys()) ws.terminate();
    },
    reanudar() {
      aceptando = true;
    },
    async close() {
      server.off('upgrade', alActualizar);
      for (const ws of canales.keys()) ws.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
    },
  };
}
