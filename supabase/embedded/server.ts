// The embedded Supabase-compatible backend: one node:http server that routes the Supabase paths
// (/auth/v1, /rest/v1, /storage/v1, /functions/v1, and the websocket of /realtime/v1) to small
// services over one PGlite database.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { AuthService } from './auth.ts';
import { openDatabase, SUPABASE_DIR, type Database } from './database.ts';
import { loadFunction, runFunction } from './functions.ts';
import { BudgetExceeded } from './database.ts';
import { QueueFull } from './fair-queue.ts';
import { BodyTooLarge, HttpError, corsHeaders, decodeSegment, readBody, send, sendJson } from './http.ts';
import { Keys } from './jwt.ts';
import { authRateLimits, LIMITS, type AuthRateLimits } from './limits.ts';
import { renderMailbox } from './mailbox.ts';
import { clientAddress, isLoopback } from './network.ts';
import { PasswordHasher } from './password-hasher.ts';
import { currentClient, withClient } from './request-scope.ts';
import { authenticate, type RequestContext } from './request.ts';
import { handleRest } from './rest.ts';
import { readProjectConfig } from './project-config.ts';
import { REALTIME_NOTIFY_CHANNEL, REALTIME_PATH, RealtimeService } from './realtime.ts';
import { SchemaCache } from './schema-cache.ts';
import { loadSecrets, recordKeys, type Secrets } from './secrets.ts';
import { API_PATHS, Site } from './site.ts';
import { StorageService } from './storage.ts';

/** The path before a function call's name in its SUPABASE_URL, and a request back under it. */
const CALLER_PATH = '/caller/';
const CALLER_URL = /^\/caller\/([0-9a-f-]{36})(\/.*)?$/;

export interface BackendOptions {
  /** 0 picks a free port. Default 54321, as the Supabase CLI. */
  port?: number;
  host?: string;
  /** A folder for the database and stored files, or 'memory'. */
  dataDir: string;
  quiet?: boolean;
  accessTokenTtlSeconds?: number;
  /** The signing secret. Default: env JWT_SECRET, else the data folder's own (made on first start). */
  jwtSecret?: string;
  /** Sign with the Supabase CLI's published demo secret (anyone can mint a service-role token with it). */
  demoKeys?: boolean;
  /** How long one request may keep the database. Default LIMITS.transactionBudgetMs. */
  budgetMs?: number;
  /** The address clients use to reach this backend, for links in mails (default: the listening address). */
  publicUrl?: string;
  /** A built portal to serve beside the API, on the same origin (`npm start`). */
  siteDir?: string;
  /** A certificate and its private key (PEM): serve HTTPS, a secure origin for the service worker. */
  tls?: { cert: Buffer; key: Buffer };
  /** Changes to the auth rate limits (default: env AUTH_RATE_LIMITS, else the Supabase CLI's defaults). */
  authRateLimits?: Partial<AuthRateLimits>;
  migrationsDir?: string;
  seedFile?: string;
  functionsDir?: string;
  /** Where auth e-mail links may redirect besides loopback addresses. Default env SITE_URL. */
  siteUrl?: string;
  /** The project's config.toml, for the switches it honours (default supabase/config.toml). */
  configFile?: string;
  /** How long a Realtime websocket that sends nothing stays open. Default LIMITS.realtimeIdleMs. */
  realtimeIdleMs?: number;
}

export interface Backend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Where the secret came from, and the file that keeps it and the keys (null when none does). */
  secrets: Pick<Secrets, 'source' | 'file'>;
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
  const dbOptions = {
    dataDir: options.dataDir,
    log,
    ...(options.migrationsDir ? { migrationsDir: options.migrationsDir } : {}),
    ...(options.seedFile ? { seedFile: options.seedFile } : {}),
    ...(options.budgetMs ? { budgetMs: options.budgetMs } : {}),
    listen: [REALTIME_NOTIFY_CHANNEL],
  };
  const limits = authRateLimits(options.authRateLimits ?? process.env.AUTH_RATE_LIMITS);
  const config = readProjectConfig(options.configFile);
  const db: Database = await openDatabase(dbOptions);
  let secrets: Secrets;
  let keys: Keys;
  try {
    secrets = loadSecrets(db.dataDir, { jwtSecret: options.jwtSecret ?? process.env.JWT_SECRET, demo: options.demoKeys });
    keys = await Keys.create(secrets.jwtSecret);
    recordKeys(secrets, keys);
  } catch (error) {
    await db.close();
    throw error;
  }
  const cache = new SchemaCache(db);
  await cache.load();
  const functionsDir = options.functionsDir ?? join(SUPABASE_DIR, 'functions');
  let baseUrl = '';
  // Where a function calls this backend back (SUPABASE_URL): a plain HTTP listener on loopback, since
  // the address students use may be HTTPS with a certificate for the class network's name, or an
  // address of that network only.
  let functionsUrl = '';
  // The device each running function call was made by, under a name its SUPABASE_URL carries
  // (<functionsUrl>/caller/<name>): the function's own requests back then take that device's turns at
  // the database, count against its limits and give the database its address. As this machine's, every
  // device's function calls shared one turn of the fair queue and one queue limit (256 waiting), which
  // one student flooding match-move could fill for the whole class.
  const callers = new Map<string, string>();
  const hasher = new PasswordHasher();
  const auth = new AuthService({
    db,
    keys,
    hasher,
    limits,
    baseUrl: () => baseUrl,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    // Served together, the app is on the API's own origin; alone, where `npm run preview` puts it.
    siteUrl: () => options.siteUrl ?? process.env.SITE_URL ?? (site ? `${baseUrl}/` : 'http://127.0.0.1:4173'),
    log,
    confirmEmail: config.confirmEmail,
    redirectUrls: config.redirectUrls,
  });
  const storage = new StorageService(db, db.dataDir);
  const realtime = new RealtimeService(db, keys, log, options.realtimeIdleMs);
  const site = options.siteDir ? new Site(options.siteDir) : null;

  async function requireRole(req: IncomingMessage, path: string, refuse: (reason: 'expired' | 'invalid' | 'role') => HttpError): Promise<RequestContext> {
    const outcome = await authenticate(req, keys, path);
    if (!outcome.ok) throw refuse(outcome.reason);
    return outcome.ctx;
  }

  async function body(req: IncomingMessage, limit: number, tooLarge: () => HttpError): Promise<Buffer> {
    try {
      return await readBody(req, limit);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      // The rest of the body is never read: the answer goes out and the connection closes behind it.
      const refusal = tooLarge();
      throw new HttpError(refusal.status, refusal.body, { ...refusal.headers, Connection: 'close' });
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
      const payload = await body(req, LIMITS.jsonBodyBytes, () =>
        new HttpError(413, { code: 'PGRST413', message: 'Payload Too Large', details: `The request body is larger than ${LIMITS.jsonBodyBytes} bytes`, hint: null }),
      );
      const result = await handleRest({ db, cache }, { method, path: sub, params: url.searchParams, headers, body: payload, ctx });
      send(res, result.status, result.body, { ...cors, ...result.headers });
      return;
    }

    if (path.startsWith('/auth/v1')) {
      const payload = await body(req, LIMITS.authBodyBytes, () =>
        new HttpError(413, { code: 413, error_code: 'request_too_large', msg: `Request body too large: at most ${LIMITS.authBodyBytes} bytes` }),
      );
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
      // The bucket's own limit, known before a byte of the body is read.
      const limit = await storage.bodyLimit(method, sub, LIMITS.jsonBodyBytes);
      const payload = await body(req, limit, () =>
        new HttpError(413, { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' }),
      );
      const result = await storage.handle({ method, path: sub, headers, body: payload, ctx });
      send(res, result.status, result.body, { ...cors, ...result.headers });
      return;
    }

    if (path.startsWith('/functions/v1/')) {
      const name = path.slice('/functions/v1/'.length).split('/')[0] ?? '';
      await requireRole(req, path, () => new HttpError(401, { code: 401, message: 'Invalid JWT' }));
      const payload = await body(req, LIMITS.jsonBodyBytes, () => new HttpError(413, { code: 413, message: 'Request body too large' }));
      const decoded = decodeSegment(name);
      if (decoded === null) throw new HttpError(400, { code: 'BAD_REQUEST', message: 'The function name is not valid URL encoding' });
      const handler = await loadFunction(functionsDir, decoded);
      if (!handler) throw new HttpError(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      const request = new Request(`${baseUrl}${path}${url.search}`, {
        method,
        headers: Object.entries(headers).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host' && e[0] !== 'content-length'),
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(payload) }),
      });
      const caller = randomUUID();
      callers.set(caller, currentClient());
      try {
        const response = await runFunction(handler, request, {
          SUPABASE_URL: `${functionsUrl}${CALLER_PATH}${caller}`,
          SUPABASE_ANON_KEY: keys.anonKey,
          SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
        });
        const out: Record<string, string> = { ...cors };
        response.headers.forEach((value, key) => {
          if (key !== 'content-length' && key !== 'transfer-encoding') out[key] = value;
        });
        send(res, response.status, Buffer.from(await response.arrayBuffer()), out);
      } finally {
        callers.delete(caller);
      }
      return;
    }

    if (path === '/mailbox' && (method === 'GET' || method === 'HEAD')) {
      // Reset links are keys to accounts: only this machine (or the service role) may read them.
      if (!isLoopback(clientAddress(req))) {
        const outcome = await authenticate(req, keys, path);
        if (!outcome.ok || outcome.ctx.role !== 'service_role') {
          throw new HttpError(403, { code: 403, message: 'The mailbox is shown only on the machine that runs the backend.' });
        }
      }
      send(res, 200, await renderMailbox(db), {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      });
      return;
    }

    if (site && !API_PATHS.test(path)) {
      await site.serve(req, res, path);
      return;
    }

    throw new HttpError(404, { message: 'no Route matched with those values' });
  }

  function answerError(req: IncomingMessage, res: ServerResponse, path: string, error: unknown): void {
    const cors = corsHeaders(req);
    if (error instanceof HttpError) {
      if (error.status >= 500) console.error(`${error.status} ${req.method} ${path}: ${error.message}`);
      if (error.status === 303 || error.body === null) send(res, error.status, null, { ...cors, ...error.headers });
      else sendJson(res, error.status, error.body, { ...cors, ...error.headers });
      return;
    }
    if (error instanceof BudgetExceeded) {
      sendJson(res, 503, { code: '57014', message: `The request took longer than ${error.budgetMs / 1000} s and was stopped; nothing it changed was kept.`, details: null, hint: null }, cors);
      return;
    }
    if (error instanceof QueueFull) {
      sendJson(res, 429, { code: 429, message: `Too many requests at once from this device: at most ${error.limit} may wait. Try again in a moment.` }, { ...cors, 'Retry-After': '1' });
      return;
    }
    // Whatever it was, its text may name the server's folders or internals: it goes to the log only.
    console.error(`500 ${req.method} ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    sendJson(res, 500, { code: 'XX000', message: 'Internal error in the embedded backend', details: null, hint: null }, cors);
  }

  /** Serves a request as `client`'s: its turns at the database, its limits, its device address. */
  const serve = (client: string, req: IncomingMessage, res: ServerResponse) => {
    let url: URL;
    try {
      // Parsed as the path it is: resolved against a base, `//games/x` would name a host `games`.
      const target = req.url ?? '/';
      url = new URL(target.startsWith('/') ? `http://localhost${target}` : target, 'http://localhost');
    } catch {
      sendJson(res, 400, { code: 400, message: 'The request URL is malformed' }, corsHeaders(req));
      return;
    }
    if (req.method === 'OPTIONS') {
      send(res, 204, null, corsHeaders(req));
      return;
    }
    withClient(client, () => route(req, res, url)).catch((error: unknown) => answerError(req, res, url.pathname, error));
  };
  const handler: RequestListener = (req, res) => serve(clientAddress(req), req, res);
  // A function's calls back come in on loopback; the caller in their URL makes them the calling
  // device's, not this machine's, which every device's function calls would otherwise share.
  const functionsHandler: RequestListener = (req, res) => {
    const called = CALLER_URL.exec(req.url ?? '');
    if (called === null) return serve(clientAddress(req), req, res);
    req.url = called[2] ?? '/';
    serve(callers.get(called[1] ?? '') ?? clientAddress(req), req, res);
  };
  const serverOptions = { maxHeaderSize: LIMITS.headerBytes, requestTimeout: 60_000, headersTimeout: 15_000 };
  const server = options.tls ? createTlsServer({ ...serverOptions, ...options.tls }, handler) : createServer(serverOptions, handler);
  const functionsServer = createServer(serverOptions, functionsHandler);
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const target = req.url ?? '/';
    let url: URL;
    try {
      url = new URL(target.startsWith('/') ? `http://localhost${target}` : target, 'http://localhost');
    } catch {
      socket.destroy();
      return;
    }
    if (url.pathname !== REALTIME_PATH) {
      const body = JSON.stringify({ message: 'no Route matched with those values' });
      socket.end(`HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      return;
    }
    withClient(clientAddress(req), () => realtime.upgrade(req, socket, head, url)).catch((error: unknown) => {
      console.error(`realtime upgrade failed: ${(error as Error).message}`);
      socket.destroy();
    });
  });
  // A client that vanishes mid-request must not take the server with it; a request line and headers
  // past LIMITS.headerBytes are refused before anything else reads them.
  const refuseMalformed = (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify({
      code: tooLarge ? 431 : 400,
      message: tooLarge ? `The request line and headers are longer than ${LIMITS.headerBytes} bytes` : 'Malformed HTTP request',
    });
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
  server.on('clientError', refuseMalformed);
  functionsServer.on('clientError', refuseMalformed);
  const listen = (target: Server | TlsServer, port: number, address: string) =>
    new Promise<void>((resolve, reject) => {
      target.once('error', reject);
      target.listen(port, address, () => {
        target.off('error', reject);
        resolve();
      });
    });
  const stop = (target: Server | TlsServer) =>
    new Promise<void>((resolve) => {
      if (!target.listening) return resolve();
      target.close(() => resolve());
      target.closeAllConnections();
    });

  const host = options.host ?? '127.0.0.1';
  try {
    await listen(server, options.port ?? 54321, host);
    await listen(functionsServer, 0, '127.0.0.1');
  } catch (error) {
    realtime.close();
    await stop(server);
    await db.close();
    await hasher.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new PortInUseError(`Port ${options.port ?? 54321} on ${host} is already in use. Stop what runs there, or pass a different --port.`);
    }
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  baseUrl = options.publicUrl?.replace(/\/+$/, '') ?? `${options.tls ? 'https' : 'http'}://${publicHost}:${port}`;
  functionsUrl = `http://127.0.0.1:${(functionsServer.address() as AddressInfo).port}`;

  let closing: Promise<void> | null = null;
  return {
    url: baseUrl,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    jwtSecret: secrets.jwtSecret,
    secrets: { source: secrets.source, file: secrets.file },
    appliedMigrations: db.appliedNow,
    close() {
      closing ??= (async () => {
        realtime.close();
        await Promise.all([stop(server), stop(functionsServer)]);
        await hasher.close();
        await db.close();
      })();
      return closing;
    },
  };
}
