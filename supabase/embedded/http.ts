// Small HTTP helpers shared by the gateway's services (no framework: node:http is enough here).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIMITS } from './limits.ts';

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
 * Reads the whole body, refusing more than `limit` bytes: at once from a Content-Length that says
 * so, else as soon as the bytes read pass it. Nothing past the limit is read or kept; the server
 * answers 413 and closes the connection (see refuseBody), so an upload of 45 MB costs what its
 * first bytes cost.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.reject(new BodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
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

/**
 * A path segment decoded, or null when its percent-escapes are not valid UTF-8 (`%ZZ`, a cut
 * `%E0%A4%A`): each service answers that with its own 400 rather than a thrown URIError.
 */
export function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
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

/** Whether arrays and objects nest deeper than `max` anywhere in a JSON text (strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; tooDeep: boolean };

/**
 * Parses a JSON body; an empty one is undefined. Nesting past LIMITS.jsonDepth is refused before
 * parsing: every layer that handles the value after (stringify, the SQL serializer, jsonb) recurses.
 */
export function parseJson(buffer: Buffer): ParsedJson {
  const text = buffer.toString('utf8');
  if (text.trim() === '') return { ok: true, value: undefined };
  if (nestsDeeperThan(text, LIMITS.jsonDepth)) return { ok: false, tooDeep: true };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, tooDeep: false };
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function escapeHtml(text: string): string {
  const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}
