// Small HTTP helpers shared by the gateway's services (no framework: node:http is enough here).
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_JSON_BODY = 1024 * 1024;

/** A response a handler decided on; thrown so it also rolls back the request's transaction. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'message' in body ? String(body.message) : `HTTP ${status}`);
  }
}

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`request body exceeds ${limit} bytes`);
  }
}

/**
 * Reads the whole body, refusing more than `limit` bytes. The excess is drained rather than left
 * unread, so the client sees the 413 instead of a reset connection.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > limit;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
      // Past a generous multiple there is no point draining: drop the connection.
      if (size > limit * 8 + 64 * 1024 * 1024) req.destroy();
    });
    req.on('end', () => (tooLarge ? reject(new BodyTooLarge(limit)) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
    req.on('close', () => {
      if (tooLarge) reject(new BodyTooLarge(limit));
    });
  });
}

export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const requested = req.headers['access-control-request-headers'];
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      typeof requested === 'string' && requested
        ? requested
        : 'authorization, apikey, content-type, x-client-info, prefer, range, range-unit, accept-profile, content-profile, x-upsert, x-supabase-api-version, cache-control, x-metadata',
    'Access-Control-Expose-Headers': 'Content-Range, Content-Location, Range-Unit, Preference-Applied',
    'Access-Control-Max-Age': '86400',
  };
}

export function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer | Uint8Array | null,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  const payload = body ?? '';
  res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(payload)) });
  res.end(res.req.method === 'HEAD' ? undefined : payload);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(body), { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}

export function bearerToken(req: IncomingMessage): string | null {
  const auth = req.headers.authorization;
  if (typeof auth === 'string') {
    const match = /^Bearer\s+(.+)$/i.exec(auth.trim());
    if (match?.[1]) return match[1];
  }
  const apikey = req.headers.apikey;
  return typeof apikey === 'string' && apikey ? apikey : null;
}

export function parseJson(buffer: Buffer): { ok: true; value: unknown } | { ok: false } {
  const text = buffer.toString('utf8');
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function escapeHtml(text: string): string {
  const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}
