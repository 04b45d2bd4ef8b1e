// Databases for tests/db: PGlite (built once per test file, cloned per test) and, where its binaries
// are installed, a throw-away PostgreSQL 15 cluster (one template database per file, a copy per test).
// Both run the local bootstrap and every migration exactly as the embedded backend and hosted
// Supabase do. Helpers act as anon or as a signed-in user the way PostgREST does: inside one
// transaction, `set local role` plus request.jwt.claims.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import pg from 'pg';
import { schemaFiles } from '../../scripts/gen-db-types.ts';

export interface QueryResult<T> {
  rows: T[];
  /** Rows returned, or rows changed by an insert, update or delete without RETURNING. */
  rowCount: number;
}

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Several statements at once, no parameters. */
  exec(text: string): Promise<void>;
}

export interface TestDb extends Sql {
  close(): Promise<void>;
}

export interface Engine {
  name: string;
  /** A database with the migrations applied and nothing else, private to the caller. */
  fresh(): Promise<TestDb>;
  /** A second connection to the same database as `db` (PostgreSQL only: PGlite has one connection). */
  connectAgain?(db: TestDb): Promise<TestDb>;
  close(): Promise<void>;
}

// PGlite ------------------------------------------------------------------------------------------

function wrapPglite(db: PGlite | Awaited<ReturnType<PGlite['clone']>>): TestDb {
  return {
    async query<T>(text: string, params?: unknown[]) {
      const result = await db.query<T>(text, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.rows.length > 0 ? result.rows.length : (result.affectedRows ?? 0) };
    },
    async exec(text: string) {
      await db.exec(text);
    },
    async close() {
      await db.close();
    },
  };
}

export async function pgliteEngine(): Promise<Engine> {
  const base = await PGlite.create({ extensions: { pgcrypto } });
  for (const file of schemaFiles()) {
    try {
      await base.exec(file.sql);
    } catch (error) {
      throw new Error(`${file.name} failed on PGlite: ${(error as Error).message}`);
    }
  }
  return {
    name: 'PGlite',
    async fresh() {
      return wrapPglite(await base.clone());
    },
    async close() {
      await base.close();
    },
  };
}

// PostgreSQL 15 -----------------------------------------------------------------------------------

export const PG15_BIN = process.env.PG15_BIN ?? '/usr/lib/postgresql/15/bin';
export const pg15Installed = existsSync(join(PG15_BIN, 'initdb')) && existsSync(join(PG15_BIN, 'postgres'));

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** PostgreSQL refuses to run as root, so as root the cluster belongs to the 'postgres' OS user. */
function clusterOwner(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

function wrapPg(client: pg.Client, database: string): TestDb & { database: string } {
  return {
    database,
    async query<T>(text: string, params?: unknown[]) {
      const result = await client.query(text, params);
      return { rows: result.rows as T[], rowCount: result.rows.length > 0 ? result.rows.length : (result.rowCount ?? 0) };
    },
    async exec(text: string) {
      await client.query(text);
    },
    async close() {
      await client.end();
    },
  };
}

export async function pg15Engine(): Promise<Engine> {
  const root = mkdtempSync(join(tmpdir(), 'portal-pg15-'));
  const dataDir = join(root, 'data');
  const socketDir = join(root, 'socket');
  const owner = clusterOwner();
  mkdirSync(socketDir);
  if ('uid' in owner) {
    chownSync(root, owner.uid, owner.gid);
    chownSync(socketDir, owner.uid, owner.gid);
  }
  execFileSync(
    join(PG15_BIN, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C'],
    { stdio: 'pipe', cwd: root, ...owner },
  );

  const port = await freePort();
  const server: ChildProcess = spawn(
    join(PG15_BIN, 'postgres'),
    ['-D', dataDir, '-k', socketDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1',
      '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=40'],
    { stdio: ['ignore', 'ignore', 'pipe'], cwd: root, ...owner },
  );
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });

  const connect = async (database: string): Promise<TestDb & { database: string }> => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database });
    await client.connect();
    return wrapPg(client, database);
  };

  let admin: TestDb | undefined;
  for (let attempt = 0; attempt < 100 && !admin; attempt += 1) {
    try {
      admin = await connect('postgres');
    } catch {
      if (server.exitCode !== null) break;
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
  }
  if (!admin) throw new Error(`PostgreSQL 15 did not start:\n${log}`);

  await admin.exec('create database template_portal');
  const template = await connect('template_portal');
  try {
    for (const file of schemaFiles()) {
      try {
        await template.exec(file.sql);
      } catch (error) {
        throw new Error(`${file.name} failed on PostgreSQL 15: ${(error as Error).message}`);
      }
    }
  } finally {
    await template.close();
  }

  let copies = 0;
  const adminDb = admin;
  return {
    name: 'PostgreSQL 15',
    async fresh() {
      copies += 1;
      const name = `test_${copies}`;
      await adminDb.exec(`create database ${name} template template_portal`);
      return connect(name);
    },
    async connectAgain(db) {
      return connect((db as TestDb & { database: string }).database);
    },
    async close() {
      await adminDb.close();
      if (server.exitCode === null) {
        // SIGINT is PostgreSQL's fast shutdown: it ends the sessions and exits at once.
        const exited = new Promise((resolveExit) => server.once('exit', resolveExit));
        server.kill('SIGINT');
        await exited;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

// Acting as API roles ----------------------------------------------------------------------------

/** null acts as the anon role; a user id acts as that signed-in user. */
export type Actor = string | null;

export interface Tx extends Sql {
  /** Switch this transaction to the API role of `actor`; superuser work must come before it. */
  actAs(actor: Actor): Promise<void>;
}

export async function setActor(sql: Sql, actor: Actor): Promise<void> {
  const claims = actor === null ? { role: 'anon' } : { sub: actor, role: 'authenticated', aud: 'authenticated' };
  await sql.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
  await sql.exec(actor === null ? 'set local role anon' : 'set local role authenticated');
}

/** Runs `fn` in one transaction; it commits unless `fn` throws or `rollback` is asked for. */
export async function tx<T>(db: Sql, fn: (t: Tx) => Promise<T>, options: { rollback?: boolean } = {}): Promise<T> {
  await db.exec('begin');
  const t: Tx = { query: (text, params) => db.query(text, params), exec: (text) => db.exec(text), actAs: (a) => setActor(db, a) };
  try {
    const result = await fn(t);
    await db.exec(options.rollback ? 'rollback' : 'commit');
    return result;
  } catch (error) {
    await db.exec('rollback');
    throw error;
  }
}

/** One statement as `actor`, committed, as one PostgREST request would run it. */
export async function as<T = Record<string, unknown>>(db: Sql, actor: Actor, text: string, params?: unknown[]): Promise<T[]> {
  return tx(db, async (t) => {
    await t.actAs(actor);
    return (await t.query<T>(text, params)).rows;
  });
}

/** Like `as`, but returns the error (with its SQLSTATE code) it must raise. */
export async function errorOf(db: Sql, actor: Actor, text: string, params?: unknown[]): Promise<{ code: string; message: string }> {
  try {
    await as(db, actor, text, params);
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { code: code ?? '', message };
  }
  throw new Error(`expected an error from: ${text}`);
}

export async function createUser(db: Sql, email = `${crypto.randomUUID()}@example.test`): Promise<string> {
  const { rows } = await db.query<{ id: string }>('insert into auth.users (email) values ($1) returning id', [email]);
  const [row] = rows;
  if (!row) throw new Error('no user created');
  return row.id;
}

/** A user with a profile of the given username. */
export async function createPlayer(db: Sql, username?: string): Promise<string> {
  const id = await createUser(db);
  await db.query('insert into public.my_users (user_id, username) values ($1, $2)', [
    id,
    username ?? `p_${id.slice(0, 8)}`,
  ]);
  return id;
}

export async function giveCoins(db: Sql, userId: string, amt: number, why = 'test grant'): Promise<void> {
  await db.query('insert into public.coins_transactions (user_id, amt, why) values ($1, $2, $3)', [userId, amt, why]);
}

export async function balance(db: Sql, userId: string): Promise<number> {
  const { rows } = await db.query<{ total: string }>(
    'select coalesce(sum(amt), 0)::text as total from public.coins_transactions where user_id = $1',
    [userId],
  );
  return Number(rows[0]?.total ?? 0);
}
