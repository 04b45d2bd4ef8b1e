// A database made the way a new hosted Supabase project is (roles, GoTrue's auth schema, storage-api's
// storage schema and triggers, supautils, no automatic grants on new tables), by the builder of a
// Supabase-like PostgreSQL 15 from Supabase's own SQL, which SUPABASE_LIKE_DIR names. The migrations
// are applied as the non-superuser `postgres`, one file at a time, as `supabase db push` applies them;
// the tests then act as `postgres` (the dashboard's SQL editor) and as the API roles.
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connectTo, freePort, templatedEngine } from './cluster.ts';
import { applyFiles, type Engine, type EngineKind } from './engine.ts';
import { migrationFiles } from './files.ts';
import { PG15_BIN } from './postgres15.ts';
import type { Connection } from './session.ts';

const run = promisify(execFile);
const BUILDER = 'make-supabase-like-db.sh';
const builderDir = process.env.SUPABASE_LIKE_DIR;

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

    // Copies of the new project's database: `platform` as the builder left it, `migrated` with the
    // migrations pushed on top as postgres. Copying needs the platform's superuser; each copy belongs
    // to postgres, as the project's database does, so postgres can create its schemas there.
    let admin: Connection | undefined;
    try {
      admin = await connectTo(port, 'supabase_admin', 'postgres');
      await admin.exec('create database platform template postgres owner postgres');
      await admin.exec('create database migrated template platform owner postgres');
      const pushing = await connectTo(port, 'postgres', 'migrated');
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
    return templatedEngine({ name: supabaseLike.name, port, admin, user: 'postgres', copyOwner: 'postgres', stop });
  },
};
