// PGlite, the embedded backend's database: one connection per database, so no concurrency tests.
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { applyFiles, type Engine, type EngineKind } from './engine.ts';
import { bootstrapFile, migrationFiles } from './files.ts';
import { readAuthShape, Session, setLocalRole, type Connection } from './session.ts';

function connection(db: PGlite): Connection {
  return {
    async query<T>(text: string, params?: unknown[]) {
      const result = await db.query<T>(text, params);
      return { rows: result.rows, rowCount: result.rows.length > 0 ? result.rows.length : (result.affectedRows ?? 0) };
    },
    async exec(text: string) {
      await db.exec(text);
    },
    async close() {
      if (!db.closed) await db.close();
    },
  };
}

async function database(withMigrations: boolean): Promise<Session> {
  const conn = connection(await PGlite.create({ extensions: { pgcrypto } }));
  try {
    await applyFiles(conn, [bootstrapFile(), ...(withMigrations ? migrationFiles() : [])], 'PGlite');
  } catch (error) {
    await conn.close();
    throw error;
  }
  return new Session(conn, setLocalRole, await readAuthShape(conn));
}

export const pglite: EngineKind = {
  name: 'PGlite',
  manySessions: false,
  unavailable: () => null,
  async start(): Promise<Engine> {
    const opened: Session[] = [];
    const track = async (session: Promise<Session>) => {
      opened.push(await session);
      return opened[opened.length - 1]!;
    };
    let migrated: Promise<Session> | undefined;
    return {
      name: 'PGlite',
      migrated: () => (migrated ??= track(database(true))),
      blank: () => track(database(false)),
      async close() {
        await Promise.all(opened.map((session) => session.close()));
      },
    };
  },
};
