// PGlite opened on a data folder, migrated like the Supabase CLI does, behind a lockfile (PGlite has
// no cross-process lock). PGlite itself runs on a worker thread (database-worker.ts): the main thread
// keeps answering while a query runs, and a transaction that overruns its time budget is stopped by
// ending that thread and opening the folder again, the way PostgreSQL recovers from a crash: what
// was committed stays, the stopped transaction is rolled back. Transactions take turns between
// clients (fair-queue.ts), one at a time.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerError, WorkerMessage, WorkerRequest, WorkerSetup } from './database-worker.ts';
import { FairQueue } from './fair-queue.ts';
import { LIMITS } from './limits.ts';
import { MigrationError } from './migrate.ts';
import { currentClient } from './request-scope.ts';

export { MigrationError } from './migrate.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const SUPABASE_DIR = resolve(here, '..');

export interface DatabaseOptions {
  /** A folder path, or 'memory' for a throw-away database (kept in a temporary folder until close). */
  dataDir: string;
  migrationsDir?: string;
  seedFile?: string;
  log?: (line: string) => void;
  /** How long one transaction may run before it is stopped. Default LIMITS.transactionBudgetMs. */
  budgetMs?: number;
  /** NOTIFY channels to listen on: their notifications reach the listeners of Database.onNotification. */
  listen?: readonly string[];
}

export type NotificationListener = (channel: string, payload: string) => void;

export interface QueryResult<T> {
  rows: T[];
  affectedRows?: number;
}

/** One transaction, driven statement by statement from the main thread. */
export interface Tx {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<void>;
  /** Rolls the transaction back now; the function's result is still returned. */
  rollback(): Promise<void>;
}

export class LockedError extends Error {}

/** A transaction that ran past its budget and was stopped; nothing it did was kept. */
export class BudgetExceeded extends Error {
  constructor(readonly budgetMs: number) {
    super(`the request ran longer than ${budgetMs / 1000} s and was stopped`);
  }
}

export interface Database {
  readonly dataDir: string | null;
  /** Migration versions applied by this open (empty when the folder was up to date). */
  readonly appliedNow: string[];
  readonly createdNew: boolean;
  /** How often a transaction overran its budget and the database thread was started again. */
  readonly restarts: number;
  /** Runs `fn` in one transaction, when the current client's turn comes (see fair-queue.ts). */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Calls `listener` for each notification of a committed transaction on the channels of `listen`; the result stops it. */
  onNotification(listener: NotificationListener): () => void;
  close(): Promise<void>;
}

interface LockInfo {
  pid: number;
  startedAt: string;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function takeLock(dir: string): string {
  const file = join(dir, 'backend.lock');
  const mine: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: LockInfo | null = null;
    try {
      holder = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
    } catch {
      holder = null;
    }
    if (holder && Number.isInteger(holder.pid) && processAlive(holder.pid)) {
      throw new LockedError(
        `The data folder ${dir} is in use by another backend (pid ${holder.pid}, started ${holder.startedAt}). ` +
          'Stop that process first, or start this one with a different --data-dir.',
      );
    }
    // The holder died without cleaning up: the lock is stale, take it over.
    rmSync(file, { force: true });
  }
  throw new LockedError(`Could not take the lock ${file}: another backend keeps recreating it.`);
}

/** The database thread went away (stopped for overrunning a budget, or crashed) while a call was out. */
class ThreadGone extends Error {}

/** A request to the thread before it is given its id (Omit does not distribute over a union). */
type Call = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

function dbError(error: WorkerError): Error {
  return Object.assign(new Error(error.message), error);
}

/** One database thread and the calls it has not answered yet. */
class DatabaseThread {
  private readonly worker: Worker;
  private readonly calls = new Map<number, { resolve: (m: WorkerMessage) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private gone: Error | null = null;
  readonly ready: Promise<{ appliedNow: string[]; createdNew: boolean }>;

  constructor(pgDir: string, migrate: WorkerSetup['migrate'], listen: readonly string[], log: (line: string) => void, notify: NotificationListener) {
    const setup: WorkerSetup = { entry: new URL('./database-worker.ts', import.meta.url).href, pgDir, migrate, listen };
    this.worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: setup });
    this.ready = new Promise((resolveReady, rejectReady) => {
      this.worker.on('message', (message: WorkerMessage) => {
        if (message.kind === 'log') log(message.line);
        else if (message.kind === 'notify') notify(message.channel, message.payload);
        else if (message.kind === 'ready') resolveReady(message);
        else if (message.kind === 'failed') rejectReady(message.migration ? new MigrationError(message.message) : new Error(message.message));
        else this.answer(message);
      });
      const fail = (error: Error) => {
        this.gone ??= error;
        rejectReady(error);
        for (const call of this.calls.values()) call.reject(error);
        this.calls.clear();
      };
      this.worker.on('error', fail);
      this.worker.on('exit', (code) => fail(new ThreadGone(`the database thread exited (${code})`)));
    });
    // A failed start is reported by whoever awaits `ready`; this only keeps it from being unhandled.
    this.ready.catch(() => {});
  }

  private answer(message: Extract<WorkerMessage, { kind: 'reply' | 'error' }>): void {
    const call = this.calls.get(message.id);
    if (!call) return;
    this.calls.delete(message.id);
    if (message.kind === 'error') call.reject(dbError(message.error));
    else call.resolve(message);
  }

  get busy(): boolean {
    return this.calls.size > 0;
  }

  call(request: Call): Promise<Extract<WorkerMessage, { kind: 'reply' }>> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise((resolveCall, rejectCall) => {
      this.calls.set(id, { resolve: resolveCall as (m: WorkerMessage) => void, reject: rejectCall });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** Ends the thread at once, mid-query if need be: PostgreSQL recovers the folder on the next open. */
  async stop(reason: Error): Promise<void> {
    this.gone ??= reason;
    for (const call of this.calls.values()) call.reject(reason);
    this.calls.clear();
    await this.worker.terminate();
  }

  async close(): Promise<void> {
    if (!this.gone) await this.call({ kind: 'close' }).catch(() => {});
    await this.worker.terminate();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const log = options.log ?? (() => {});
  const memory = options.dataDir === 'memory';
  const dataDir = memory ? null : resolve(options.dataDir);
  const budgetMs = options.budgetMs ?? LIMITS.transactionBudgetMs;
  const migrate = {
    migrationsDir: options.migrationsDir ?? join(SUPABASE_DIR, 'migrations'),
    seedFile: options.seedFile ?? join(SUPABASE_DIR, 'seed.sql'),
  };

  // A throw-away database still lives in a folder, so that a stopped thread can open it again.
  const scratch = memory ? mkdtempSync(join(tmpdir(), 'embedded-backend-')) : null;
  let lockFile: string | null = null;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lockFile = takeLock(dataDir);
  }
  const release = () => {
    if (lockFile) rmSync(lockFile, { force: true });
    lockFile = null;
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  };
  const pgDir = join(dataDir ?? (scratch as string), 'pg');

  const listen = options.listen ?? [];
  const listeners = new Set<NotificationListener>();
  const notify: NotificationListener = (channel, payload) => {
    for (const listener of listeners) listener(channel, payload);
  };
  const openThread = (withMigrations: WorkerSetup['migrate']) => new DatabaseThread(pgDir, withMigrations, listen, log, notify);
  const first = openThread(migrate);
  let opened: { appliedNow: string[]; createdNew: boolean };
  try {
    opened = await first.ready;
  } catch (error) {
    await first.close().catch(() => {});
    release();
    throw error;
  }

  const queue = new FairQueue(1, LIMITS.waitingRequestsPerClient);
  let restarts = 0;
  let closed = false;
  /** The thread the next transaction runs on; replaced, before anything else may run, when one is stopped. */
  let current: Promise<DatabaseThread> = Promise.resolve(first);

  function stopAndReopen(thread: DatabaseThread, reason: Error): void {
    restarts += 1;
    log(`a request ran past its ${budgetMs / 1000} s budget: the database thread was stopped and the data folder reopened`);
    current = thread.stop(reason).then(async () => {
      const next = openThread(null);
      await next.ready;
      return next;
    });
    current.catch((error: unknown) => log(`the database could not be opened again: ${(error as Error).message}`));
  }

  async function transaction<T>(mine: DatabaseThread, fn: (tx: Tx) => Promise<T>): Promise<T> {
    let overran = false;
    let ended = false;
    const timer = setTimeout(() => {
      overran = true;
      // A statement still out means PGlite is busy with it and cannot be interrupted: end the thread.
      if (mine.busy) stopAndReopen(mine, new BudgetExceeded(budgetMs));
    }, budgetMs);
    const checked = <R>(call: () => Promise<R>): Promise<R> => {
      if (overran) return Promise.reject(new BudgetExceeded(budgetMs));
      if (ended) return Promise.reject(new Error('the transaction has ended'));
      return call();
    };
    const tx: Tx = {
      query: <R>(sql: string, params: unknown[] = []) =>
        checked(() => mine.call({ kind: 'query', sql, params })).then((reply) => ({
          rows: (reply.rows ?? []) as R[],
          ...(reply.affectedRows !== undefined ? { affectedRows: reply.affectedRows } : {}),
        })),
      exec: (sql: string) => checked(() => mine.call({ kind: 'exec', sql })).then(() => undefined),
      rollback: () =>
        checked(async () => {
          ended = true;
          await mine.call({ kind: 'end', commit: false });
        }),
    };
    try {
      // Not awaited: the thread handles messages in order, so the first statement follows the BEGIN,
      // and a failed BEGIN fails that statement too. One round trip fewer per transaction.
      mine.call({ kind: 'begin' }).catch(() => {});
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        if (!ended && !overran) {
          ended = true;
          await mine.call({ kind: 'end', commit: false }).catch(() => {});
        }
        throw overran ? new BudgetExceeded(budgetMs) : error;
      }
      if (overran) {
        // Only the main thread's part overran: the thread is fine, the transaction is not kept.
        if (!ended) await mine.call({ kind: 'end', commit: false }).catch(() => {});
        throw new BudgetExceeded(budgetMs);
      }
      if (!ended) {
        ended = true;
        await mine.call({ kind: 'end', commit: true });
      }
      return result;
    } catch (error) {
      if (error instanceof ThreadGone && overran) throw new BudgetExceeded(budgetMs);
      // The thread died on its own (a crash inside PGlite): open the folder again for whoever is next.
      if (error instanceof ThreadGone && (await current) === mine) {
        log(`the database thread stopped unexpectedly (${error.message}): reopening the data folder`);
        restarts += 1;
        current = (async () => {
          const next = openThread(null);
          await next.ready;
          return next;
        })();
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    dataDir,
    appliedNow: opened.appliedNow,
    createdNew: opened.createdNew,
    get restarts() {
      return restarts;
    },
    run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new Error('database is closed'));
      // The thread may be opening again after a stopped transaction: the turn waits for it.
      return queue.run(currentClient(), async () => transaction(await current, fn));
    },
    onNotification(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      await queue.drained();
      const thread = await current.catch(() => null);
      await thread?.close();
      release();
    },
  };
}
