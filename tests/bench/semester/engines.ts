// The two engines the semester is timed on. PostgreSQL 15 is read through the embedded backend's own
// REST translation (handleRest) over a `pg` connection, so it runs the very SQL the gateway sends; the
// statements of each read are recorded for EXPLAIN. The embedded backend is read over HTTP.
import { PGlite } from '@electric-sql/pglite';
import { auto_explain } from '@electric-sql/pglite/contrib/auto_explain';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import pg from 'pg';
import type { Database, Tx } from '../../../supabase/embedded/database.ts';
import type { Claims } from '../../../supabase/embedded/jwt.ts';
import { handleRest } from '../../../supabase/embedded/rest.ts';
import { SchemaCache } from '../../../supabase/embedded/schema-cache.ts';
import type { Read } from './reads.ts';

export interface Statement {
  sql: string;
  params: unknown[];
}

/** auto_explain, set before a read so the plan of every statement inside its functions is sent to the client. */
const EXPLAIN_NESTED = [
  "load 'auto_explain'",
  'set local auto_explain.log_min_duration = 0',
  'set local auto_explain.log_nested_statements = on',
  'set local client_min_messages = log',
];

/** The Database the REST translation runs on, over one `pg` connection, recording what it sends. */
export class PgDatabase implements Database {
  readonly dataDir = null;
  readonly appliedNow: string[] = [];
  readonly createdNew = false;
  readonly restarts = 0;
  recorded: Statement[] = [];
  notices: string[] = [];
  explaining = false;

  constructor(private readonly client: pg.Client) {
    client.on('notice', (notice) => {
      if (this.explaining) this.notices.push(notice.message ?? '');
    });
  }

  async run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const client = this.client;
    await client.query('begin');
    if (this.explaining) for (const statement of EXPLAIN_NESTED) await client.query(statement);
    let ended = false;
    const tx: Tx = {
      query: async <R>(sql: string, params: unknown[] = []) => {
        this.recorded.push({ sql, params });
        const result = await client.query(sql, params);
        return { rows: result.rows as R[], affectedRows: result.rowCount ?? undefined };
      },
      exec: async (sql: string) => {
        await client.query(sql);
      },
      rollback: async () => {
        await client.query('rollback');
        ended = true;
      },
    };
    try {
      const out = await fn(tx);
      if (!ended) await client.query('commit');
      return out;
    } catch (error) {
      if (!ended) await client.query('rollback');
      throw error;
    }
  }

  /** The REST reads this benchmark times send no notifications. */
  onNotification(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}

export interface Actor {
  role: 'anon' | 'authenticated';
  claims: Claims;
}

/** One read through handleRest on `db`, as the gateway runs it for `actor`. */
export async function restRead(db: PgDatabase, cache: SchemaCache, read: Read, actor: Actor): Promise<string> {
  const [path, query = ''] = read.path.split('?') as [string, string?];
  const result = await handleRest(
    { db, cache },
    {
      method: read.method,
      path,
      params: new URLSearchParams(query),
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(read.body ? JSON.stringify(read.body) : ''),
      ctx: { role: actor.role, claims: actor.claims, method: read.method, path: `/rest/v1${path}`, headers: {} },
    },
  );
  if (result.status >= 300) throw new Error(`${read.name} answered ${result.status}: ${result.body ?? ''}`);
  return result.body ?? '';
}

export async function pgDatabase(port: number, database: string): Promise<{ db: PgDatabase; cache: SchemaCache }> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database });
  // Ended by the cluster's stop after a failure: the failing query reports it, not this event.
  client.on('error', () => undefined);
  await client.connect();
  const db = new PgDatabase(client);
  const cache = new SchemaCache(db);
  await cache.load();
  return { db, cache };
}

/** auto_explain's plans of each statement a read ran, as the server logged them (one text a statement). */
export function plansOf(notices: string[]): string[] {
  return notices
    .filter((text) => text.includes('plan:') && !/Query Text: select set_config\('role'/.test(text))
    .map((text) => text.replace(/^duration: [\d.]+ ms\s+plan:\n/, ''));
}

/**
 * The same statements on PGlite itself, opened on the backend's data folder after the backend closed,
 * with auto_explain loaded: the plans the embedded engine makes, nested statements included. With
 * `grow`, that SQL runs first in a transaction every plan shares, and nothing of it is kept.
 */
export async function pglitePlans(
  pgDir: string,
  reads: Map<string, Statement[]>,
  grow?: string,
): Promise<{ plans: Map<string, string[]>; bytes: number }> {
  const db = await PGlite.create({ dataDir: pgDir, extensions: { pgcrypto, auto_explain } });
  const out = new Map<string, string[]>();
  let bytes = 0;
  try {
    if (grow !== undefined) {
      await db.query('begin');
      await db.exec(grow);
    }
    const [open, close] = grow === undefined ? ['begin', 'rollback'] : ['savepoint plan', 'rollback to savepoint plan'];
    for (const [name, statements] of reads) {
      const notices: string[] = [];
      const onNotice = (notice: { message?: string }) => notices.push(notice.message ?? '');
      await db.query(open);
      try {
        for (const statement of EXPLAIN_NESTED) await db.query(statement, [], { onNotice });
        for (const statement of statements) await db.query(statement.sql, statement.params, { onNotice });
      } catch (error) {
        notices.push(`plan: could not run: ${(error as Error).message}`);
      } finally {
        await db.query(close);
      }
      out.set(name, plansOf(notices));
    }
    if (grow !== undefined) await db.query('rollback');
    bytes = Number((await db.query<{ n: string }>('select pg_database_size(current_database())::text as n')).rows[0]?.n ?? 0);
  } finally {
    await db.close();
  }
  return { plans: out, bytes };
}
