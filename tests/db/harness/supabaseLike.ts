// A database made the way a new hosted Supabase project is (roles, GoTrue's auth schema, storage-api's
// storage schema and triggers, supautils, no automatic grants on new tables), by the builder of a
// Supabase-like PostgreSQL 15 from Supabase's own SQL, which SUPABASE_LIKE_DIR names. The migrations
// are pushed by the Supabase CLI this checkout pins (`supabase db push --db-url`, as the non-superuser
// `postgres`), exactly as supabase/README.md deploys them; the tests then act as `postgres` (the
// dashboard's SQL editor) and as the API roles.
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../../scripts/gen-db-types.ts';
import { connectTo, freePort, templatedEngine } from './cluster.ts';
import type { Engine, EngineKind } from './engine.ts';
import { PG15_BIN } from './postgres15.ts';
import type { Connection } from './session.ts';

const run = promisify(execFile);
const BUILDER = 'make-supabase-like-db.sh';
const builderDir = process.env.SUPABASE_LIKE_DIR;
const CLI = join(repoRoot, 'node_modules', '.bin', process.platform === 'win32' ? 'supabase.cmd' : 'supabase');

/**
 * `supabase db push` of supabase/migrations onto `database`, as `postgres`. The CLI runs in a project
 * folder of its own that links to this one's config and migrations, so the state it writes (`.temp`)
 * stays out of the checkout; it is told not to look for updates or send usage data, so it talks to the
 * loopback database only.
 */
async function pushMigrations(port: number, database: string, root: string): Promise<void> {
  const project = join(root, 'project');
  mkdirSync(join(project, 'supabase'), { recursive: true });
  for (const name of ['config.toml', 'migrations']) symlinkSync(join(repoRoot, 'supabase', name), join(project, 'supabase', name));
  const env = { ...process.env, SUPABASE_NO_UPDATE_NOTIFIER: '1', SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
  const dbUrl = `postgresql://postgres@127.0.0.1:${port}/${database}?sslmode=disable`;
  try {
    await run(CLI, ['db', 'push', '--db-url', dbUrl, '--workdir', project, '--yes'], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`supabase db push failed on the Supabase-like database:\n${stderr ?? ''}${stdout ?? ''}`);
  }
}

export const supabaseLike: EngineKind = {
  name: 'Supabase-like PostgreSQL 15',
  manySessions: true,
  unavailable: () => {
    if (!builderDir) return 'SUPABASE_LIKE_DIR is not set (the folder of the Supabase-like database builder)';
    if (!existsSync(join(builderDir, BUILDER))) return `SUPABASE_LIKE_DIR has no ${BUILDER}`;
    if (!existsSync(CLI)) return `the Supabase CLI is not installed (no ${CLI}: npm ci)`;
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
      await pushMigrations(port, 'migrated', root);
    } catch (error) {
      await admin?.close();
      await stop();
      throw error;
    }
    return templatedEngine({ name: supabaseLike.name, port, admin, user: 'postgres', copyOwner: 'postgres', stop });
  },
};
