// Bringing a data folder up to date: a new folder gets every migration once; a folder made before the
// migrations were squashed into the baseline either counts the baseline as applied (it had them all)
// or is refused in words that say what to do (it stopped part-way).
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPABASE_DIR } from '../../supabase/embedded/database.ts';
import { migrate, MigrationError } from '../../supabase/embedded/migrate.ts';

const migrationsDir = join(SUPABASE_DIR, 'migrations');
const options = { migrationsDir, seedFile: join(SUPABASE_DIR, 'no-seed.sql'), log: () => undefined };
const versions = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).map((f) => f.slice(0, f.indexOf('_'))).sort();
const baseline = versions[0]!;

/** A folder the old migrations left: the platform's bootstrap and their bookkeeping, with these versions recorded. */
async function oldFolder(applied: string[]): Promise<PGlite> {
  const pg = await PGlite.create({ extensions: { pgcrypto } });
  await pg.exec(readFileSync(join(SUPABASE_DIR, 'embedded', 'bootstrap.sql'), 'utf8'));
  await pg.exec(`create schema supabase_migrations;
    create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text)`);
  for (const version of applied) await pg.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, 'old']);
  return pg;
}

describe('migrating a data folder', () => {
  it('applies every migration to a new folder, once', async () => {
    const pg = await PGlite.create({ extensions: { pgcrypto } });
    expect(await migrate(pg, options)).toEqual({ appliedNow: versions, createdNew: true });
    expect(await migrate(pg, options)).toEqual({ appliedNow: [], createdNew: false });
    await pg.close();
  });

  it('refuses a folder that stopped part-way through the squashed migrations, saying what to do', async () => {
    const pg = await oldFolder(['20261121000100', '20261121000200']);
    const refusal = await migrate(pg, options).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MigrationError);
    expect((refusal as Error).message).toMatch(/made by an older version of the portal .*20261121000200.*Move it aside or delete it/);
    // Nothing was laid over it.
    const tables = await pg.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    expect(tables.rows[0]?.n).toBe(0);
    await pg.close();
  });

  it('counts the baseline as applied in a folder that had every old migration, and applies only what came after', async () => {
    // The baseline keeps the version of the last old migration, so such a folder already records it.
    const pg = await oldFolder(['20261121000100', baseline]);
    const later = versions.filter((v) => v !== baseline);
    // The later migrations need the schema the old ones built; here they fail on its absence, which
    // shows the baseline itself was skipped and they were the ones tried.
    const attempt = await migrate(pg, options).catch((error: unknown) => error);
    expect(attempt).toBeInstanceOf(MigrationError);
    expect((attempt as Error).message).toContain(`migration ${later[0]}`);
    await pg.close();
  });
});
