// The database's own thread: PGlite runs here, so a long query never blocks the HTTP server, auth or
// the health check on the main thread, and the main thread can stop a runaway query by ending this
// thread (PGlite has no timers inside a query: statement_timeout is ignored). One transaction runs at
// a time; the main thread drives it statement by statement (see database.ts).
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { parentPort, workerData } from 'node:worker_threads';
import { migrate, MigrationError } from './migrate.ts';

export interface WorkerSetup {
  entry: string;
  /** PGlite's own folder (inside the backend's data folder). */
  pgDir: string;
  /** Null on a restart: the folder was migrated when the backend started. */
  migrate: { migrationsDir: string; seedFile: string } | null;
  /** NOTIFY channels whose notifications are passed on to the main thread. */
  listen: readonly string[];
}

export type WorkerRequest =
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'query'; sql: string; params: unknown[] }
  | { id: number; kind: 'exec'; sql: string }
  | { id: number; kind: 'end'; commit: boolean }
  | { id: number; kind: 'close' };

/** What PostgreSQL said about a failed statement: the fields PostgREST's error mapping reads. */
export interface WorkerError {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  severity?: string;
  position?: string;
}

export type WorkerMessage =
  | { kind: 'ready'; appliedNow: string[]; createdNew: boolean }
  | { kind: 'failed'; migration: boolean; message: string }
  | { kind: 'log'; line: string }
  | { kind: 'notify'; channel: string; payload: string }
  | { kind: 'reply'; id: number; rows?: unknown[]; affectedRows?: number }
  | { kind: 'error'; id: number; error: WorkerError };

const port = parentPort;
if (!port) throw new Error('database-worker.ts runs as a worker thread (see database.ts)');
const setup = workerData as WorkerSetup;
const post = (message: WorkerMessage) => port.postMessage(message);

function describe(error: unknown): WorkerError {
  const e = error as Partial<WorkerError> & { message?: unknown };
  const out: WorkerError = { message: typeof e?.message === 'string' ? e.message : String(error) };
  for (const key of ['code', 'detail', 'hint', 'severity', 'position'] as const) {
    if (typeof e?.[key] === 'string') out[key] = e[key];
  }
  return out;
}

// Messages are handled in arrival order by one loop, so a transaction's statements never interleave.
const waiting: WorkerRequest[] = [];
let wake: ((request: WorkerRequest) => void) | null = null;
port.on('message', (request: WorkerRequest) => {
  if (wake) {
    const resume = wake;
    wake = null;
    resume(request);
  } else waiting.push(request);
});
const next = (): Promise<WorkerRequest> => {
  const queued = waiting.shift();
  return queued ? Promise.resolve(queued) : new Promise((resolve) => (wake = resolve));
};

async function statement(tx: Transaction, request: Extract<WorkerRequest, { kind: 'query' | 'exec' }>): Promise<void> {
  try {
    if (request.kind === 'query') {
      const result = await tx.query(request.sql, request.params);
      post({ kind: 'reply', id: request.id, rows: result.rows, ...(result.affectedRows !== undefined ? { affectedRows: result.affectedRows } : {}) });
    } else {
      await tx.exec(request.sql);
      post({ kind: 'reply', id: request.id });
    }
  } catch (error) {
    post({ kind: 'error', id: request.id, error: describe(error) });
  }
}

async function transaction(pg: PGlite): Promise<void> {
  let end: Extract<WorkerRequest, { kind: 'end' }> | null = null;
  try {
    await pg.transaction(async (tx) => {
      for (;;) {
        const request = await next();
        if (request.kind === 'query' || request.kind === 'exec') await statement(tx, request);
        else if (request.kind === 'end') {
          end = request;
          if (!request.commit) await tx.rollback();
          return;
        } else post({ kind: 'error', id: request.id, error: { message: `${request.kind} inside a transaction` } });
      }
    });
    if (end) post({ kind: 'reply', id: (end as { id: number }).id });
  } catch (error) {
    // COMMIT of a transaction an earlier error aborted, or PGlite itself failing.
    if (end) post({ kind: 'error', id: (end as { id: number }).id, error: describe(error) });
    else throw error;
  }
}

let pg: PGlite;
try {
  pg = await PGlite.create({
    dataDir: setup.pgDir,
    extensions: { pgcrypto },
    // Request values reach SQL as text. PGlite's own boolean serializer throws a plain Error on text
    // such as 'abc' (a filter `?listed=eq.abc`, an RPC argument), which surfaced as HTTP 500; passed
    // through, PostgreSQL refuses it with 22P02 and the caller gets the 400 PostgREST gives.
    serializers: { [types.BOOL]: (value: unknown) => String(value) },
  });
  const migrated = setup.migrate
    ? await migrate(pg, { ...setup.migrate, log: (line) => post({ kind: 'log', line }) })
    : { appliedNow: [], createdNew: false };
  // PGlite hands a notification over once the transaction that sent it commits, as PostgreSQL does.
  for (const channel of setup.listen) await pg.listen(channel, (payload) => post({ kind: 'notify', channel, payload }));
  post({ kind: 'ready', ...migrated });
} catch (error) {
  post({ kind: 'failed', migration: error instanceof MigrationError, message: (error as Error).message ?? String(error) });
  throw error;
}

for (;;) {
  const request = await next();
  if (request.kind === 'begin') {
    post({ kind: 'reply', id: request.id });
    await transaction(pg);
  } else if (request.kind === 'close') {
    await pg.close();
    post({ kind: 'reply', id: request.id });
    break;
  } else post({ kind: 'error', id: request.id, error: { message: `${request.kind} outside a transaction` } });
}
