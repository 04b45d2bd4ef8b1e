// Tier claims the way the app sends them: queued in the outbox and drained through apply_mutations,
// so a retry with the same id must not pay twice and a refusal must change nothing. Also checks
// the count the pass shows for an ended season (gains since its start minus gains since its end)
// is the count the server judges claims by.
import { beforeEach, describe, expect, it } from 'vitest';
import { balance, createPlayer } from '../harness/fixtures.ts';
import { seedFile } from '../harness/files.ts';
import { as } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

const uuid = () => crypto.randomUUID();

export function battlepassSuite(ctx: DbContext): void {
  describe('battle-pass tier claims through apply_mutations', () => {
    const { db } = ctx;
    let me: string;

    beforeEach(async () => {
      await db.exec(seedFile().sql);
      me = await createPlayer(db);
    });

    const gain = (amt: number, at: string) =>
      db.query(`insert into public.coins_transactions (user_id, amt, why, created_at) values ($1, $2, 'test', ${at})`, [me, amt]);
    const apply = async (ops: unknown[]) =>
      (await as<{ r: { id: string; ok: boolean; code?: string; message?: string; result?: Record<string, unknown> }[] }>(db, me, 'select public.apply_mutations($1::jsonb) as r', [JSON.stringify(ops)]))[0]!.r;
    const items = async () => (await db.query<{ item: string }>('select item from public.items_unlocked where user_id = $1 order by item', [me])).rows.map((r) => r.item);

    it('credits a Dabloon-pack tier once, however often the same claim is retried', async () => {
      await gain(150, 'now()');
      const op = { id: uuid(), kind: 'claim_battlepass_tier', args: { p_season: 3, p_tier: 2 } };
      const first = await apply([op]);
      expect(first).toEqual([{ id: op.id, ok: true, result: { season: 3, tier: 2, item: 's3_dabloons_100', type: 'coin' } }]);
      expect(await apply([op, op])).toEqual([first[0], first[0]]);
      expect(await balance(db, me)).toBe(250);
      expect(await items()).toEqual(['s3_dabloons_100']);
    });

    it('refuses a tier not reached yet, and a second claim of a reward, changing nothing', async () => {
      await gain(60, 'now()');
      await gain(-1000, 'now()');
      const [tooFar, ok, again] = await apply([
        { id: uuid(), kind: 'claim_battlepass_tier', args: { p_season: 3, p_tier: 3 } },
        { id: uuid(), kind: 'claim_battlepass_tier', args: { p_season: 3, p_tier: 1 } },
        { id: uuid(), kind: 'claim_battlepass_tier', args: { p_season: 3, p_tier: 1 } },
      ]);
      expect(tooFar).toMatchObject({ ok: false, code: 'P0001', message: 'Gain 240 more coins this season to reach tier 3.' });
      expect(ok).toMatchObject({ ok: true, result: { item: 's3_star_icon' } });
      expect(again).toMatchObject({ ok: false, code: 'P0001', message: 'Item not unlocked, You already have it' });
      expect(await items()).toEqual(['s3_star_icon']);
      expect(await balance(db, me)).toBe(-940);
    });

    it('judges an ended season by the gains inside its window, which is what the pass shows', async () => {
      await gain(120, `'2025-10-05T00:00:00Z'`);
      await gain(5000, `'2025-11-15T00:00:00Z'`);
      const gained = async (from: string) =>
        Number((await as<{ n: string }>(db, me, 'select public.get_coins_gained($1, $2)::text as n', [me, from]))[0]!.n);
      const shown = (await gained('2025-10-01T00:00:00Z')) - (await gained('2025-11-15T00:00:00Z'));
      expect(shown).toBe(120);
      const [tier1, tier2] = await apply([
        { id: uuid(), kind: 'claim_battlepass_tier', args: { p_season: 2, p_tier: 1 } },
        { id: uuid(), kind: 'claim_battlepass_tier', args: { p_season: 2, p_tier: 2 } },
      ]);
      expect(tier1).toMatchObject({ ok: true, result: { item: 's2_pumpkin_icon' } });
      expect(tier2).toMatchObject({ ok: false, message: 'Gain 130 more coins this season to reach tier 2.' });
    });
  });
}
