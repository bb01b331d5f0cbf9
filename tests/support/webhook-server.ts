/**
 * A real local HTTP server standing in for the automation webhooks (n8n): it records every request and
 * answers with whatever the test scripts, including slow answers and errors.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  json: unknown;
}

export type Responder = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export interface WebhookServer {
  url: string;
  requests: RecordedRequest[];
  /** Sets how the next requests are answered (default: 200 {"ok":true}). */
  respond(responder: Responder): void;
  close(): Promise<void>;
}

export async function startWebhookServer(): Promise<WebhookServer> {
  const requests: RecordedRequest[] = [];
  let responder: Responder = (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"ok":true}');
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      let json: unknown = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {
        json = null;
      }
      const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json };
      requests.push(recorded);
      void Promise.resolve(responder(recorded, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    respond: (next) => void (responder = next),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
