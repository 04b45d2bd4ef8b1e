// MFA enforced by the database (issue 17): an account with a verified authenticator app gets nothing with a
// password-only (aal1) session, through an RPC or straight through a table; the same session that passed
// the code (aal2) acts as ever, and an account without a factor is not asked.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayer, giveCoins } from '../harness/fixtures.ts';
import { tx } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

type Level = 'aal1' | 'aal2';

export function secondFactorSuite(ctx: DbContext): void {
  describe('a second factor, enforced by the database', () => {
    const { db } = ctx;
    let me: string;

    beforeEach(async () => {
      me = await createPlayer(db, 'player_mfa');
      await giveCoins(db, me, 500);
      // As GoTrue writes a factor: its id and times given (its table has no defaults for them).
      await db.query(
        `insert into auth.mfa_factors (id, user_id, factor_type, status, secret, created_at, updated_at)
         values (gen_random_uuid(), $1, 'totp', 'verified', 'JBSWY3DPEHPK3PXP', now(), now())`,
        [me],
      );
    });

    /** One request as `me` with a session of the given level, returning its rows or its error. */
    const request = (level: Level, text: string, params: unknown[] = []) =>
      tx(db, async (t) => {
        await t.actAs(me);
        await t.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: me, role: 'authenticated', aud: 'authenticated', aal: level })]);
        return (await t.query<Record<string, unknown>>(text, params)).rows;
      }).catch((error: unknown) => error as { code: string; message: string });

    it('refuses every user action of a password-only session with a message that says what to do', async () => {
      for (const call of ['select public.claim_streak($1)', "select public.record_app_played('snake', $1)"]) {
        expect(await request('aal1', call, [crypto.randomUUID()]), call).toMatchObject({
          code: '42501',
          message: 'Enter the code from your authenticator app first: this account asks for it.',
        });
      }
      expect((await db.query('select count(*)::int as n from public.streak where user_id = $1', [me])).rows).toEqual([{ n: 0 }]);
    });

    it('shows and changes none of its rows to a password-only session, and all of them after the code', async () => {
      const own = 'select c.amt from public.coins_transactions c where c.user_id = $1';
      expect(await request('aal1', own, [me])).toEqual([]);
      expect(await request('aal1', 'select user_id from public.my_users where user_id = $1', [me])).toEqual([]);
      expect(await request('aal1', `update public.my_users set user_about = 'changed' where user_id = $1 returning user_id`, [me])).toEqual([]);
      expect(await request('aal2', own, [me])).toEqual([{ amt: 500 }]);
      expect(await request('aal2', 'select user_id from public.my_users where user_id = $1', [me])).toEqual([{ user_id: me }]);
      expect(await request('aal2', 'select public.claim_streak($1) ->> $2 as streak', [crypto.randomUUID(), 'current_streak'])).toEqual([{ streak: '1' }]);
    });

    it('asks nothing more of an account whose factor is not verified yet', async () => {
      await db.query(`update auth.mfa_factors set status = 'unverified' where user_id = $1`, [me]);
      expect(await request('aal1', 'select user_id from public.my_users where user_id = $1', [me])).toEqual([{ user_id: me }]);
    });
  });
}
