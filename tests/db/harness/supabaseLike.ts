// A database made the way a new hosted Supabase project is (roles, GoTrue's auth schema, storage-api's
// storage schema and triggers, supautils, no automatic grants on new tables), by the builder of a
// Supabase-like PostgreSQL 15 from Supabase's own SQL, which SUPABASE_LIKE_DIR names. The migrations
// are applied as the non-superuser `postgres`, one file at a time, as `supabase db push` applies them;
// the tests then act as `postgres` (the dashboard's SQL editor) and as the API roles.
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { applyFiles, type Engine, type EngineKind, type IsolatedDatabase } from './engine.ts';
import { migrationFiles } from './files.ts';
import { PG15_BIN } from './postgres15.ts';
import { readAuthShape, Session, setLocalRole, type AuthShape, type Connection } from './session.ts';

const run = promisify(execFile);
const BUILDER = 'make-supabase-like-db.sh';
const builderDir = process.env.SUPABASE_LIKE_DIR;

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

function connection(client: pg.Client): Connection {
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

export const supabaseLike: EngineKind = {
  name: 'Supabase-like PostgreSQL 15',
  manySessions: true,
  unavailable: () => {
    if (!builderDir) return 'SUPABASE_LIKE_DIR is not set (the folder of the Supabase-like database builder)';
    if (!existsSync(join(builderDir, BUILDER))) return `SUPABASE_LIKE_DIR has no ${BUILDER}`;
    return existsSync(join(PG15_BIN, 'initdb')) ? null : `PostgreSQL 15 is not installed (no ${PG15_BIN}/initdb; set PG15_BIN)`;
  },

  async start(): Promise<Engine> {
    const root = mkdtempSync(join(tmpdir(), 'portal-supabase-like-'));
    // The builder runs the server as the postgres OS user when started as root: it must reach the folder.
    chmodSync(root, 0o755);
    const dataDir = join(root, 'data');
    const port = await freePort();
    const builder = join(builderDir!, BUILDER);
    const env = { ...process.env, DATA_API_GRANTS: 'explicit', SUPABASE_LIKE_RUN: join(root, 'run'), PG15_BIN };
    const stop = async () => {
      await run('bash', [builder, String(port), dataDir, 'stop'], { env }).catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    };
    try {
      await run('bash', [builder, String(port), dataDir], { env, maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      await stop();
      throw new Error(`the Supabase-like database could not be built: ${(error as Error).message}`);
    }

    const connect = async (database: string, user: string): Promise<Connection> => {
      const client = new pg.Client({ host: '127.0.0.1', port, user, database });
      await client.connect();
      return connection(client);
    };
    const opened = new Set<Connection>();
    const session = async (database: string, auth?: AuthShape): Promise<Session> => {
      const conn = await connect(database, 'postgres');
      opened.add(conn);
      const tracked: Connection = { ...conn, close: async () => { opened.delete(conn); await conn.close(); } };
      return new Session(tracked, setLocalRole, auth ?? (await readAuthShape(conn)));
    };

    // Copies of the new project's database: `platform` as the builder left it, `migrated` with the
    // migrations pushed on top as postgres. Copying needs the platform's superuser.
    let admin: Connection | undefined;
    try {
      admin = await connect('postgres', 'supabase_admin');
      await admin.exec('create database platform template postgres owner postgres');
      await admin.exec('create database migrated template platform owner postgres');
      const pushing = await connect('migrated', 'postgres');
      try {
        await applyFiles(pushing, migrationFiles(), 'the Supabase-like database');
      } finally {
        await pushing.close();
      }
    } catch (error) {
      await admin?.close();
      await stop();
      throw error;
    }

    const adminDb = admin;
    let copies = 0;
    const copy = async (template: string): Promise<string> => {
      copies += 1;
      const name = `${template}_${copies}`;
      await adminDb.exec(`create database ${name} template ${template} owner postgres`);
      return name;
    };
    let shared: Promise<Session> | undefined;
    return {
      name: supabaseLike.name,
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
            await adminDb.exec(`drop database ${name} with (force)`);
          },
        };
      },
      async close() {
        await Promise.all([...opened].map((conn) => conn.close()));
        await adminDb.close();
        await stop();
      },
    };
  },
};
