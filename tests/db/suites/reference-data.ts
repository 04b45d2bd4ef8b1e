// The migrations as a whole: the generated types are current, the reference data is what the spec
// lists, and the local seed applies on top.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes, typesPath } from '../../../scripts/gen-db-types.ts';
import { seedFile } from '../harness/files.ts';
import type { DbContext } from '../harness/run.ts';

export function referenceDataSuite(ctx: DbContext): void {
  describe('the migrations as a whole', () => {
    const { db } = ctx;

    it('matches the committed src/backend/database.types.ts (run `npx tsx scripts/gen-db-types.ts` after a schema change)', async () => {
      expect(await generateTypes(db)).toBe(readFileSync(typesPath, 'utf8'));
    });

    it('ships the six bundled games', async () => {
      const { rows } = await db.query('select id, title, url, thumbnail from public.apps where bundled order by id');
      expect(rows).toEqual(
        [['2048', '2048'], ['breakout', 'Breakout'], ['flappy', 'Flappy Hollow'], ['memory', 'Memory Match'], ['minesweeper', 'Minesweeper'], ['snake', 'Snake']].map(
          ([id, title]) => ({ id, title, url: `/games/${id}/index.html`, thumbnail: `/games/${id}/thumb.svg` }),
        ),
      );
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

    it('applies the local seed: sample apps and a demo season running now', async () => {
      await db.exec(seedFile().sql);
      const { rows } = await db.query(`select name, starts_at <= now() and now() < ends_at as running,
        (select count(*)::int from public.battlepass_tiers where season = 3) as tiers from public.battlepass_seasons where season = 3`);
      expect(rows).toEqual([{ name: 'Demo Pass', running: true, tiers: 5 }]);
      const apps = await db.query<{ n: number }>('select count(*)::int as n from public.apps where not bundled');
      expect(apps.rows[0]?.n).toBeGreaterThanOrEqual(6);
    });
  });
}
