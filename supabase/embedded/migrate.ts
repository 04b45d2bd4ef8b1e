// Brings a PGlite database up to date the way the Supabase CLI does: bootstrap.sql (the platform), then
// every migration not yet recorded, in filename order, in one transaction, and the seed once. The
// bootstrap runs on every start, not only on a new folder: a folder made before the platform gained a
// part (Realtime's schema came later than the rest) gets it before a migration needs it.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export interface MigrateOptions {
  migrationsDir: string;
  seedFile: string;
  log: (line: string) => void;
}

export interface Migrated {
  /** Migration versions applied now (all of them on a new data folder). */
  appliedNow: string[];
  createdNew: boolean;
}

/** A migration (or the bootstrap, or the seed) that PostgreSQL refused, with where and why. */
export class MigrationError extends Error {}

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

async function execFile(tx: Transaction, file: string, label: string): Promise<void> {
  try {
    await tx.exec(readFileSync(file, 'utf8'));
  } catch (error) {
    const e = error as { message?: string; position?: string; code?: string };
    throw new MigrationError(
      `${label} failed: ${e.message ?? String(error)}${e.code ? ` (SQLSTATE ${e.code})` : ''}${e.position ? ` at character ${e.position}` : ''}`,
    );
  }
}

export async function migrate(pg: PGlite, options: MigrateOptions): Promise<Migrated> {
  const appliedNow: string[] = [];
  const existing = await pg.query<{ t: string | null }>(`select to_regclass('supabase_migrations.schema_migrations')::text as t`);
  const createdNew = !existing.rows[0]?.t;
  const files = migrationFiles(options.migrationsDir);
  // A new folder is built in one transaction, so a failing migration leaves it new for the next try.
  await pg.transaction(async (tx) => {
    await execFile(tx, join(here, 'bootstrap.sql'), 'bootstrap.sql');
    await execFile(tx, join(here, 'auth-internal.sql'), 'auth-internal.sql');
    await tx.exec(MIGRATIONS_TABLE);
    const done = new Set(
      (await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
    );
    const baseline = files[0];
    if (!createdNew && baseline !== undefined && !done.has(baseline.version) && [...done].some((v) => v < baseline.version)) {
      // The migrations before the baseline were squashed into it; a folder that stopped part-way through
      // them has a schema the baseline cannot be laid over. It must be made again (nothing is deployed).
      throw new MigrationError(
        `This data folder was made by an older version of the portal (its last migration is ${[...done].sort().at(-1) ?? '?'}). ` +
          'Move it aside or delete it, and start again: a new one is made.',
      );
    }
    for (const m of files) {
      if (done.has(m.version)) continue;
      await execFile(tx, m.file, `migration ${m.version}_${m.name}.sql`);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      appliedNow.push(m.version);
      options.log(`applied migration ${m.version}_${m.name}`);
    }
    if (createdNew && existsSync(options.seedFile)) {
      await execFile(tx, options.seedFile, 'seed.sql');
      options.log('applied seed.sql');
    }
  });
  return { appliedNow, createdNew };
}
