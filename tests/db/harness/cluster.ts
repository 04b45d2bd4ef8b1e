// What the engines on a real PostgreSQL server share: a free port, a connection through `pg`, and the
// engine made from a server that holds two template databases, `platform` (what the platform provides
// before any migration) and `migrated` (the migrations on top): the suites get copies of those.
import { createServer } from 'node:net';
import pg from 'pg';
import type { Engine, IsolatedDatabase } from './engine.ts';
import { readAuthShape, Session, setLocalRole, type AuthShape, type Connection } from './session.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A connection to `database` on the loopback server at `port`, as `user`. */
export async function connectTo(port: number, user: string, database: string): Promise<Connection> {
  const client = new pg.Client({ host: '127.0.0.1', port, user, database });
  await client.connect();
  return {
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

export interface TemplatedCluster {
  name: string;
  port: number;
  /** Who may create and drop databases (copies are made from the templates). */
  admin: Connection;
  /** Who the tests connect as: the operator that applied the migrations. */
  user: string;
  /** The owner of each copy, when it must not be the admin (a non-superuser operator creates schemas in it). */
  copyOwner?: string;
  stop(): Promise<void>;
}

/** The engine over a server whose `platform` and `migrated` templates are built. */
export function templatedEngine(cluster: TemplatedCluster): Engine {
  const { admin } = cluster;
  const opened = new Set<Connection>();
  const session = async (database: string, auth?: AuthShape): Promise<Session> => {
    const conn = await connectTo(cluster.port, cluster.user, database);
    opened.add(conn);
    const tracked: Connection = { ...conn, close: async () => { opened.delete(conn); await conn.close(); } };
    return new Session(tracked, setLocalRole, auth ?? (await readAuthShape(conn)));
  };
  let copies = 0;
  const copy = async (template: string): Promise<string> => {
    copies += 1;
    const name = `${template}_${copies}`;
    await admin.exec(`create database ${name} template ${template}${cluster.copyOwner ? ` owner ${cluster.copyOwner}` : ''}`);
    return name;
  };
  let shared: Promise<Session> | undefined;
  return {
    name: cluster.name,
    migrated: () => (shared ??= copy('migrated').then((name) => session(name))),
    blank: async () => session(await copy('platform')),
    async isolated(): Promise<IsolatedDatabase> {
      const name = await copy('migrated');
      let auth: AuthShape | undefined;
      return {
        async connect() {
          const s = await session(name, auth);
          auth ??= s.auth;
          return s;
        },
        async drop() {
          await admin.exec(`drop database ${name} with (force)`);
        },
      };
    },
    async close() {
      await Promise.all([...opened].map((conn) => conn.close()));
      await admin.close();
      await cluster.stop();
    },
  };
}
