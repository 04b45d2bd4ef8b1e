// The migrations as a whole: the generated types are current, the reference data is what the spec
// lists, and the local seed applies on top.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { generateTypes, repoRoot, typesPath } from '../../../scripts/gen-db-types.ts';
import { migrationFiles, seedFile } from '../harness/files.ts';
import type { DbContext } from '../harness/run.ts';
import { PRICE_CURVE, TYPICAL_STUDENT, dayEarnings } from '../../../src/domain/economy.ts';

interface BackupEntry {
  id: string;
  title: string;
  url: string;
  thumbnail: string;
  bundled: boolean;
}

export function referenceDataSuite(ctx: DbContext): void {
  describe('the migrations as a whole', () => {
    const { db } = ctx;

    it('matches the committed src/backend/database.types.ts (run `npx tsx scripts/gen-db-types.ts` after a schema change)', async () => {
      expect(await generateTypes(db)).toBe(readFileSync(typesPath, 'utf8'));
    });

    it('ships the fourteen bundled games, the same as the bundled backup list', async () => {
      const { rows } = await db.query<{ id: string; title: string; url: string; thumbnail: string }>(
        'select id, title, url, thumbnail from public.apps where bundled order by id',
      );
      const backup = (JSON.parse(readFileSync(join(repoRoot, 'public', 'backup-apps.json'), 'utf8')) as BackupEntry[])
        .filter((entry) => entry.bundled)
        .map(({ id, title, url, thumbnail }) => ({ id, title, url, thumbnail }))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(rows).toHaveLength(14);
      expect(rows).toEqual(backup);
      expect(rows).toEqual(rows.map((row) => ({ ...row, url: `/games/${row.id}/index.html`, thumbnail: `/games/${row.id}/thumb.svg` })));
    });

    it('turns a placeholder entry of an old local seed into its bundled game, and leaves an operator\'s edit alone', async () => {
      await db.exec(`update public.apps set url = 'https://example.org/apps/sudoku/', bundled = false where id = 'sudoku';
        update public.apps set title = 'Chess (club edition)' where id = 'chess'`);
      const migration = migrationFiles().find((file) => file.name.endsWith('_bundled_games.sql'));
      if (!migration) throw new Error('no bundled games migration');
      await db.exec(migration.sql);
      const { rows } = await db.query(`select id, title, url, bundled from public.apps where id in ('chess', 'sudoku') order by id`);
      expect(rows).toEqual([
        { id: 'chess', title: 'Chess (club edition)', url: '/games/chess/index.html', bundled: true },
        { id: 'sudoku', title: 'Sudoku', url: '/games/sudoku/index.html', bundled: true },
      ]);
    });

    it('ships the shop catalogue of the spec', async () => {
      const { rows } = await db.query<{ id: string; price: number | null; type: string; listed: boolean; battlepass_season: number | null }>(
        'select id, price, type, listed, battlepass_season from public.shop_items',
      );
      expect(rows.length).toBeGreaterThanOrEqual(45);
      expect(rows.length).toBeLessThanOrEqual(55);
      const price = (id: string) => rows.find((r) => r.id === id && r.listed)?.price;
      expect([price('desktop_goose'), price('duck_icon'), price('golden_duck_icon'), price('sword_cursor'),
        price('cat_background'), price('pink_background'), price('gold_hoarder_badge')]).toEqual([100, 6000, 30000, 800, 800, 800, 10000]);
      expect(rows.filter((r) => r.battlepass_season !== null && r.listed)).toEqual([]);
      expect(rows.filter((r) => r.type === 'coin' && r.listed)).toEqual([]);
      expect(rows.filter((r) => r.type === 'coin').map((r) => r.price)).toEqual(expect.arrayContaining([100, 500, 1000]));
      expect(new Set(rows.filter((r) => r.battlepass_season !== null).map((r) => r.battlepass_season))).toEqual(new Set([1, 2]));
    });

    it('lists a cursor and a background that a typical student can buy on day one, as src/domain/economy.ts states', async () => {
      const { rows } = await db.query<{ type: string; cheapest: number }>(
        `select type, min(price)::int as cheapest from public.shop_items where listed and type in ('cursor', 'background', 'font') group by type order by type`,
      );
      const dayOne = dayEarnings(1, TYPICAL_STUDENT);
      const starter = PRICE_CURVE[0].price;
      expect(starter).toBeLessThanOrEqual(dayOne);
      expect(rows.filter((r) => r.cheapest <= starter).map((r) => r.type)).toEqual(['background', 'cursor']);
    });

    it('applies the local seed: a season running now that looks real, and no entry that opens a placeholder page', async () => {
      await db.exec(seedFile().sql);
      const { rows } = await db.query(`select name, starts_at <= now() and now() < ends_at as running,
        (select count(*)::int from public.battlepass_tiers where season = 3) as tiers from public.battlepass_seasons where season = 3`);
      expect(rows).toEqual([{ name: 'Starfall Pass', running: true, tiers: 5 }]);
      // A student opening a local portal sees the running season's rewards: none of them may read as a test fixture.
      // (The ids stay as they were: a data folder seeded before holds them, and its badge file keeps its name.)
      const rewards = await db.query<{ name: string; description: string }>(
        `select i.name, i.description from public.battlepass_tiers t join public.shop_items i on i.id = t.item_id where t.season = 3`,
      );
      expect(rewards.rows).toHaveLength(5);
      for (const reward of rewards.rows) expect(`${reward.name} ${reward.description}`).not.toMatch(/demo|test/i);
      const placeholders = await db.query<{ n: number }>(`select count(*)::int as n from public.apps where url like 'https://example.%'`);
      expect(placeholders.rows[0]?.n).toBe(0);
    });
  });
}
