// PGlite opened on a data folder (or in memory), migrated like the Supabase CLI does, behind a
// lockfile (PGlite has no cross-process lock) and a queue (one connection, one request at a time).
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const SUPABASE_DIR = resolve(here, '..');

export interface DatabaseOptions {
  /** A folder path, or 'memory' for a throw-away database. */
  dataDir: string;
  migrationsDir?: string;
  seedFile?: string;
  log?: (line: string) => void;
}

export type Tx = Transaction;

export class LockedError extends Error {}

export class MigrationError extends Error {}

export interface Database {
  readonly pg: PGlite;
  readonly dataDir: string | null;
  /** Migration versions applied by this open (empty when the folder was up to date). */
  readonly appliedNow: string[];
  readonly createdNew: boolean;
  /** Runs `fn` in one transaction, after every earlier call has finished. */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
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

function migrationFiles(dir: string): { version: string; name: string; file: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      const base = f.slice(0, -'.sql'.length);
      const cut = base.indexOf('_');
      return {
        version: cut > 0 ? base.slice(0, cut) : base,
        name: cut > 0 ? base.slice(cut + 1) : base,
        file: join(dir, f),
      };
    });
}

const MIGRATIONS_TABLE = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  applied_at timestamptz not null default now()
);`;

async function execFile(tx: Tx, file: string, label: string): Promise<void> {
  try {
    await tx.exec(readFileSync(file, 'utf8'));
  } catch (error) {
    const e = error as { message?: string; position?: string; code?: string };
    throw new MigrationError(
      `${label} failed: ${e.message ?? String(error)}${e.code ? ` (SQLSTATE ${e.code})` : ''}${e.position ? ` at character ${e.position}` : ''}`,
    );
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const log = options.log ?? (() => {});
  const memory = options.dataDir === 'memory';
  const dataDir = memory ? null : resolve(options.dataDir);
  const migrationsDir = options.migrationsDir ?? join(SUPABASE_DIR, 'migrations');
  const seedFile = options.seedFile ?? join(SUPABASE_DIR, 'seed.sql');

  let lockFile: string | null = null;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lockFile = takeLock(dataDir);
  }
  const releaseLock = () => {
    if (lockFile) rmSync(lockFile, { force: true });
    lockFile = null;
  };

  let pg: PGlite;
  try {
    pg = await PGlite.create({
      ...(dataDir ? { dataDir: join(dataDir, 'pg') } : {}),
      extensions: { pgcrypto },
      // Request values reach SQL as text. PGlite's own boolean serializer throws a plain Error on text
      // such as 'abc' (a filter `?listed=eq.abc`, an RPC argument), which surfaced as HTTP 500; passed
      // through, PostgreSQL refuses it with 22P02 and the caller gets the 400 PostgREST gives.
      serializers: { [types.BOOL]: (value: unknown) => String(value) },
    });
  } catch (error) {
    releaseLock();
    throw error;
  }

  const appliedNow: string[] = [];
  let createdNew = false;
  try {
    const existing = await pg.query<{ t: string | null }>(`select to_regclass('supabase_migrations.schema_migrations')::text as t`);
    createdNew = !existing.rows[0]?.t;
    const files = migrationFiles(migrationsDir);
    // A new folder is built in one transaction, so a failing migration leaves it new for the next try.
    await pg.transaction(async (tx) => {
      if (createdNew) await execFile(tx, join(here, 'bootstrap.sql'), 'bootstrap.sql');
      await execFile(tx, join(here, 'auth-internal.sql'), 'auth-internal.sql');
      await tx.exec(MIGRATIONS_TABLE);
      const done = new Set(
        (await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
      );
      for (const m of files) {
        if (done.has(m.version)) continue;
        await execFile(tx, m.file, `migration ${m.version}_${m.name}.sql`);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
        appliedNow.push(m.version);
        log(`applied migration ${m.version}_${m.name}`);
      }
      if (createdNew && existsSync(seedFile)) {
        await execFile(tx, seedFile, 'seed.sql');
        log('applied seed.sql');
      }
    });
  } catch (error) {
    await pg.close().catch(() => {});
    releaseLock();
    throw error;
  }

  let tail: Promise<unknown> = Promise.resolve();
  let closed = false;
  const db: Database = {
    pg,
    dataDir,
    appliedNow,
    createdNew,
    run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new Error('database is closed'));
      const next = tail.then(() => pg.transaction(fn));
      tail = next.catch(() => {});
      return next;
    },
    async close() {
      if (closed) return;
      closed = true;
      await tail;
      await pg.close();
      releaseLock();
    },
  };
  return db;
}
