// The embedded Supabase-compatible backend: one node:http server that routes the Supabase paths
// (/auth/v1, /rest/v1, /storage/v1, /functions/v1) to small services over one PGlite database.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AuthService } from './auth.ts';
import { openDatabase, SUPABASE_DIR, type Database } from './database.ts';
import { loadFunction } from './functions.ts';
import { BodyTooLarge, HttpError, MAX_JSON_BODY, corsHeaders, readBody, send, sendJson } from './http.ts';
import { DEFAULT_JWT_SECRET, Keys } from './jwt.ts';
import { renderMailbox } from './mailbox.ts';
import { authenticate, type RequestContext } from './request.ts';
import { handleRest } from './rest.ts';
import { SchemaCache } from './schema-cache.ts';
import { MAX_UPLOAD_BYTES, StorageService } from './storage.ts';

export interface BackendOptions {
  /** 0 picks a free port. Default 54321, as the Supabase CLI. */
  port?: number;
  host?: string;
  /** A folder for the database and stored files, or 'memory'. */
  dataDir: string;
  quiet?: boolean;
  accessTokenTtlSeconds?: number;
  /** Defaults to env JWT_SECRET, then the Supabase CLI's local secret. */
  jwtSecret?: string;
  migrationsDir?: string;
  seedFile?: string;
  functionsDir?: string;
  /** Where auth e-mail links may redirect besides loopback addresses. Default env SITE_URL. */
  siteUrl?: string;
}

export interface Backend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Migration versions this start applied (all of them on a new data folder). */
  appliedMigrations: string[];
  close(): Promise<void>;
}

export class PortInUseError extends Error {}

type Headers = Record<string, string | undefined>;

function flatHeaders(req: IncomingMessage): Headers {
  const out: Headers = {};
  for (const [name, value] of Object.entries(req.headers)) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

const PGRST_AUTH_MESSAGES = {
  expired: 'JWT expired',
  invalid: 'JWSError JWSInvalidSignature',
  role: 'JWT role is not one of anon, authenticated or service_role',
};

export async function startBackend(options: BackendOptions): Promise<Backend> {
  const quiet = options.quiet ?? false;
  const log = (line: string) => {
    if (!quiet) console.log(line);
  };
  const secret = options.jwtSecret ?? process.env.JWT_SECRET ?? DEFAULT_JWT_SECRET;
  const keys = await Keys.create(secret);
  const dbOptions = { dataDir: options.dataDir, log, ...(options.migrationsDir ? { migrationsDir: options.migrationsDir } : {}), ...(options.seedFile ? { seedFile: options.seedFile } : {}) };
  const db: Database = await openDatabase(dbOptions);
  const cache = new SchemaCache(db);
  await cache.load();
  const functionsDir = options.functionsDir ?? join(SUPABASE_DIR, 'functions');
  let baseUrl = '';
  const auth = new AuthService({
    db,
    keys,
    baseUrl: () => baseUrl,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    siteUrl: options.siteUrl ?? process.env.SITE_URL ?? 'http://127.0.0.1:4173',
    log,
  });
  const storage = new StorageService(db, db.dataDir);

  async function requireRole(req: IncomingMessage, path: string, refuse: (reason: 'expired' | 'invalid' | 'role') => HttpError): Promise<RequestContext> {
    const outcome = await authenticate(req, keys, path);
    if (!outcome.ok) throw refuse(outcome.reason);
    return outcome.ctx;
  }

  async function body(req: IncomingMessage, limit: number, tooLarge: () => HttpError): Promise<Buffer> {
    try {
      return await readBody(req, limit);
    } catch (error) {
      if (error instanceof BodyTooLarge) throw tooLarge();
      throw error;
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const cors = corsHeaders(req);
    const headers = flatHeaders(req);

    if (path.startsWith('/rest/v1')) {
      const sub = path.slice('/rest/v1'.length) || '/';
      const ctx = await requireRole(req, sub, (reason) =>
        new HttpError(401, { code: 'PGRST301', message: PGRST_AUTH_MESSAGES[reason], details: null, hint: null }, {
          'WWW-Authenticate': `Bearer error="invalid_token", error_description="${PGRST_AUTH_MESSAGES[reason]}"`,
        }),
      );
      const payload = await body(req, MAX_JSON_BODY, () =>
        new HttpError(413, { code: 'PGRST413', message: 'Payload Too Large', details: `The request body is larger than ${MAX_JSON_BODY} bytes`, hint: null }),
      );
      const result = await handleRest({ db, cache }, { method, path: sub, params: url.searchParams, headers, body: payload, ctx });
      send(res, result.status, result.body, { ...cors, ...result.headers });
      return;
    }

    if (path.startsWith('/auth/v1')) {
      const payload = await body(req, MAX_JSON_BODY, () => new HttpError(413, { code: 413, error_code: 'request_too_large', msg: 'Request body too large' }));
      const result = await auth.handle({ method, path: path.slice('/auth/v1'.length) || '/', params: url.searchParams, headers, body: payload });
      if (result.status === 204 || result.body === null) send(res, result.status, null, { ...cors, ...result.headers });
      else sendJson(res, result.status, result.body, { ...cors, ...result.headers });
      return;
    }

    if (path.startsWith('/storage/v1')) {
      const sub = path.slice('/storage/v1'.length) || '/';
      const ctx = await requireRole(req, sub, (reason) =>
        new HttpError(403, { statusCode: '403', error: 'Unauthorized', message: reason === 'expired' ? 'jwt expired' : 'invalid signature' }),
      );
      // Multipart framing adds a little to the file itself.
      const payload = await body(req, MAX_UPLOAD_BYTES + 64 * 1024, () =>
        new HttpError(413, { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' }),
      );
      const result = await storage.handle({ method, path: sub, headers, body: payload, ctx });
      send(res, result.status, result.body, { ...cors, ...result.headers });
      return;
    }

    if (path.startsWith('/functions/v1/')) {
      const name = path.slice('/functions/v1/'.length).split('/')[0] ?? '';
      await requireRole(req, path, () => new HttpError(401, { code: 401, message: 'Invalid JWT' }));
      const payload = await body(req, MAX_JSON_BODY, () => new HttpError(413, { code: 413, message: 'Request body too large' }));
      const handler = await loadFunction(functionsDir, decodeURIComponent(name));
      if (!handler) throw new HttpError(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      const request = new Request(`${baseUrl}${path}${url.search}`, {
        method,
        headers: Object.entries(headers).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host' && e[0] !== 'content-length'),
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(payload) }),
      });
      const response = await handler(request);
      const out: Record<string, string> = { ...cors };
      response.headers.forEach((value, key) => {
        if (key !== 'content-length' && key !== 'transfer-encoding') out[key] = value;
      });
      send(res, response.status, Buffer.from(await response.arrayBuffer()), out);
      return;
    }

    if (path === '/mailbox' && (method === 'GET' || method === 'HEAD')) {
      send(res, 200, await renderMailbox(db), { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return;
    }

    throw new HttpError(404, { message: 'no Route matched with those values' });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'OPTIONS') {
      send(res, 204, null, corsHeaders(req));
      return;
    }
    route(req, res, url).catch((error: unknown) => {
      const cors = corsHeaders(req);
      if (error instanceof HttpError) {
        if (error.status >= 500) console.error(`${error.status} ${req.method} ${url.pathname}: ${error.message}`);
        if (error.status === 303 || error.body === null) send(res, error.status, null, { ...cors, ...error.headers });
        else sendJson(res, error.status, error.body, { ...cors, ...error.headers });
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      console.error(`500 ${req.method} ${url.pathname}: ${message}`);
      sendJson(res, 500, { code: 'XX000', message: 'Internal error in the embedded backend', details: message, hint: null }, cors);
    });
  });
  // A client that vanishes mid-request must not take the server with it.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 54321, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await db.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new PortInUseError(`Port ${options.port ?? 54321} on ${host} is already in use. Stop what runs there, or pass a different --port.`);
    }
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  baseUrl = `http://${publicHost}:${port}`;

  let closing: Promise<void> | null = null;
  return {
    url: baseUrl,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    jwtSecret: secret,
    appliedMigrations: db.appliedNow,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await db.close();
      })();
      return closing;
    },
  };
}
