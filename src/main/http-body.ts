/**
 * The request body, read or refused with a cap: one home for the dashboard's HTTP host (serve.ts) and the
 * inbound results listener (entrada/servidor.ts), which guard their bodies the same way.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Envelope } from '../shared/operaciones/envelope';

/** An Envelope as JSON, never cached, never sniffed. */
export function sendJson(res: ServerResponse, status: number, body: Envelope, extraHeaders: Record<string, string | string[]> = {}): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extraHeaders,
  });
  res.end(JSON.stringify(body));
}

/** True while the client may still be sending a body nobody has read. */
export function bodyPending(req: IncomingMessage): boolean {
  if (req.complete) return false;
  const length = req.headers['content-length'];
  return length !== undefined ? Number(length) > 0 : req.headers['transfer-encoding'] !== undefined;
}

/**
 * Answers before (or instead of) reading the body. What the client is still sending is then read and thrown
 * away (never kept), up to `drainLimit` bytes: a client that is still writing when its connection closes may
 * never see the answer, so the connection is closed at once only when the body is declared larger than that
 * (and, while draining, as soon as it turns out larger).
 */
export function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  drainLimit: number,
  status: number,
  body: Envelope,
  extraHeaders: Record<string, string> = {},
): void {
  if (!bodyPending(req)) return sendJson(res, status, body, extraHeaders);
  if (Number(req.headers['content-length'] ?? 0) > drainLimit) {
    sendJson(res, status, body, { ...extraHeaders, Connection: 'close' });
    res.once('finish', () => req.socket.destroy());
    return;
  }
  sendJson(res, status, body, extraHeaders);
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > drainLimit) req.socket.destroy();
  });
  req.resume();
}

export type BodyResult = { kind: 'ok'; bytes: Buffer } | { kind: 'too_large' } | { kind: 'gone' };

/** Reads at most `limit` bytes; stops reading (and says so) as soon as the body is larger. */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      req.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        settle({ kind: 'too_large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => settle({ kind: 'ok', bytes: Buffer.concat(chunks) });
    const onGone = () => settle({ kind: 'gone' });
    const onClose = () => {
      if (!req.complete) settle({ kind: 'gone' });
    };
    req.on('data', onData).on('end', onEnd).on('error', onGone).on('close', onClose);
  });
}
