// The RPCs' rules at their edges. PGlite has no clock control, so time moves by rewriting stored
// instants backwards relative to the claiming transaction's now(), in that same transaction.
import { beforeEach, describe, expect, it } from 'vitest';
import { FUNCTION_MUTATION_KINDS, RPC_MUTATION_KINDS } from '../../../src/store/db.ts';
import { balance, createPlayer, createUser, giveCoins } from '../harness/fixtures.ts';
import { as, errorOf, tx, type Actor } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

const NOT_LOGGED_IN = 'Hey! You Must Be Logged In To Do That!';
const uuid = (): string => crypto.randomUUID();

export function rpcSuite(ctx: DbContext): void {
  describe('RPCs', () => {
    const { db } = ctx;
    let me: string;
    let them: string;

    beforeEach(async () => {
      me = await createPlayer(db, 'me_player');
      them = await createPlayer(db, 'them_player');
    });

    /** One RPC call as `actor`, after superuser `setup` in the same transaction; returns its single value. */
    async function call<T = unknown>(actor: Actor, sql: string, params: unknown[] = [], setup?: string): Promise<T> {
      return tx(db, async (t) => {
        if (setup) await t.exec(setup);
        await t.actAs(actor);
        const { rows } = await t.query<{ r: T }>(`select ${sql} as r`, params);
        return rows[0]?.r as T;
      });
    }
    async function refusal(actor: Actor, sql: string, params: unknown[] = [], setup?: string) {
      try {
        await call(actor, sql, params, setup);
      } catch (error) {
        const { code, message } = error as { code?: string; message: string };
        return { code, message };
      }
      throw new Error(`expected ${sql} to be refused`);
    }
    const claim = (setup?: string, id = uuid()) =>
      call<{ current_streak: number; longest_streak: number; coins: number }>(me, 'public.claim_streak($1)', [id], setup);
    const lastClaimAgo = (interval: string, current = 4, longest = 6) =>
      `insert into public.streak (user_id, current_streak, longest_streak, last_claim)
         values ('${me}', ${current}, ${longest}, now() - interval '${interval}')
       on conflict (user_id) do update set current_streak = ${current}, longest_streak = ${longest}, last_claim = now() - interval '${interval}'`;

    describe('login', () => {
      it('refuses anon callers of user actions and names the rule for a session without a user', async () => {
        expect((await refusal(null, 'public.claim_streak($1)', [uuid()])).code).toBe('42501');
        const noUser = await tx(db, async (t) => {
          await t.query(`select set_config('request.jwt.claims', '{"role":"authenticated"}', true)`);
          await t.exec('set local role authenticated');
          return t.query('select public.buy_item($1, $2)', ['sword_cursor', uuid()]).then(
            () => null,
            (error: { code: string; message: string }) => ({ code: error.code, message: error.message }),
          );
        }).catch((error: { code: string; message: string }) => ({ code: error.code, message: error.message }));
        expect(noUser).toEqual({ code: '42501', message: NOT_LOGGED_IN });
      });

      it('ensure_profile creates a profile once, with a readable made-up name and the default icon', async () => {
        const fresh = await createUser(db);
        const first = await call<string>(fresh, 'row_to_json(public.ensure_profile())::text');
        const again = await call<string>(fresh, 'row_to_json(public.ensure_profile())::text');
        const profile = JSON.parse(first) as { username: string; icon: string; user_id: string };
        expect(profile.user_id).toBe(fresh);
        expect(profile.username).toMatch(/^[A-Za-z0-9_-]{3,20}$/);
        expect(profile.username).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{1,2}$/);
        expect(profile.icon).toBe('default_icon');
        expect(JSON.parse(again)).toEqual(profile);
      });

      it('makes every new name readable, distinct and within the username rule', async () => {
        const names: string[] = [];
        for (let i = 0; i < 20; i++) {
          const fresh = await createUser(db);
          names.push((JSON.parse(await call<string>(fresh, 'row_to_json(public.ensure_profile())::text')) as { username: string }).username);
        }
        for (const name of names) expect(name).toMatch(/^(?=.{3,20}$)[A-Z][a-z]+[A-Z][a-z]+\d{1,2}$/);
        expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
      });
    });

    describe('claim_streak', () => {
      it('starts a streak at 1 with 100 coins on the first claim', async () => {
        const result = await claim();
        expect(result).toMatchObject({ current_streak: 1, longest_streak: 1, coins: 100 });
        expect(await balance(db, me)).toBe(100);
        const profile = (await db.query('select current_streak, longest_streak from public.my_users where user_id = $1', [me])).rows;
        expect(profile).toEqual([{ current_streak: 1, longest_streak: 1 }]);
      });

      it('refuses a claim exactly 1 day after the last and accepts one just over', async () => {
        const early = await refusal(me, 'public.claim_streak($1)', [uuid()], lastClaimAgo('1 day'));
        expect(early).toEqual({ code: 'P0001', message: 'You already claimed your streak today. Come back later!' });
        expect(await claim(lastClaimAgo('1 day 1 second'))).toMatchObject({ current_streak: 5, longest_streak: 6, coins: 200 });
        const { rows } = await db.query('select amt, why from public.coins_transactions where user_id = $1', [me]);
        expect(rows).toEqual([{ amt: 200, why: 'streak claim (streak bonus x2)' }]);
      });

      it('keeps the streak at exactly 2 days and restarts it at 2 days and 1 second', async () => {
        expect(await claim(lastClaimAgo('2 days', 6, 6))).toMatchObject({ current_streak: 7, longest_streak: 7, coins: 200 });
        expect(await claim(lastClaimAgo('2 days 1 second', 6, 9))).toMatchObject({ current_streak: 1, longest_streak: 9, coins: 100 });
      });

      it('applies a replayed client id once and returns the first result', async () => {
        const id = uuid();
        const first = await claim(undefined, id);
        const replay = await claim(lastClaimAgo('3 days', 1, 1), id);
        expect(replay).toEqual(first);
        expect(await balance(db, me)).toBe(100);
        expect((await refusal(me, 'public.buy_item($1, $2)', ['sword_cursor', id])).code).toBe('22023');
      });
    });

    describe('increment_time_spent', () => {
      const tick = (user: string, value: number, setup?: string, id: string | null = null) =>
        call<{ time_spent: number; coins: number }>(me, 'public.increment_time_spent($1, $2, $3)', [user, value, id], setup);

      it('adds 5 minutes and 5 coins for the caller only, with the value 5 only', async () => {
        expect((await refusal(me, 'public.increment_time_spent($1, 5)', [them])).code).toBe('42501');
        for (const value of [4, 6, 0, -5, 500]) {
          expect((await refusal(me, 'public.increment_time_spent($1, $2)', [me, value])).code).toBe('22023');
        }
        expect(await tick(me, 5)).toEqual({ time_spent: 5, coins: 5 });
        expect(await balance(db, me)).toBe(5);
      });

      it('allows one tick per 5 minutes', async () => {
        await tick(me, 5);
        expect(await refusal(me, 'public.increment_time_spent($1, 5)', [me])).toEqual({
          code: 'P0001',
          message: 'Time spent was already counted less than 5 minutes ago.',
        });
        const nearly = `update public.my_users set last_tick_at = now() - interval '4 minutes 59 seconds' where user_id = '${me}'`;
        expect((await refusal(me, 'public.increment_time_spent($1, 5)', [me], nearly)).code).toBe('P0001');
        const later = `update public.my_users set last_tick_at = now() - interval '5 minutes' where user_id = '${me}'`;
        expect(await tick(me, 5, later)).toEqual({ time_spent: 10, coins: 5 });
      });

      it('doubles the coins while a streak runs and applies a client id once', async () => {
        const id = uuid();
        expect(await tick(me, 5, lastClaimAgo('1 hour'), id)).toEqual({ time_spent: 5, coins: 10 });
        expect(await tick(me, 5, undefined, id)).toEqual({ time_spent: 5, coins: 10 });
        expect(await balance(db, me)).toBe(10);
      });
    });

    describe('record_app_played', () => {
      it('gives 1 coin per play and counts distinct apps', async () => {
        // Earlier plays move a second into the past, so each play is the newest.
        const play = async (app: string, id = uuid()) => {
          await db.query(`update public.apps_played set updated_at = updated_at - interval '1 second' where user_id = $1`, [me]);
          return call<{ apps_played: number; coins: number }>(me, 'public.record_app_played($1, $2)', [app, id]);
        };
        expect(await play('snake')).toMatchObject({ apps_played: 1, coins: 1 });
        expect(await play('snake')).toMatchObject({ apps_played: 1, coins: 1 });
        expect(await play('2048')).toMatchObject({ apps_played: 2, coins: 1 });
        expect(await balance(db, me)).toBe(3);
        expect((await refusal(me, 'public.record_app_played($1, $2)', ['no-such-app', uuid()])).code).toBe('22023');
        const recent = await as(db, me, 'select app_id from public.apps_played order by updated_at desc');
        expect(recent.map((r) => r.app_id)).toEqual(['2048', 'snake']);
      });
    });

    describe('buy_item', () => {
      const buy = (item: string, id = uuid()) => call<{ item: string; coins: number }>(me, 'public.buy_item($1, $2)', [item, id]);

      it('sells at exactly the price and refuses one coin less', async () => {
        await giveCoins(db, me, 799);
        expect(await refusal(me, 'public.buy_item($1, $2)', ['sword_cursor', uuid()])).toEqual({ code: 'P0001', message: 'not enough coins' });
        await giveCoins(db, me, 1);
        expect(await buy('sword_cursor')).toMatchObject({ item: 'sword_cursor', coins: 0 });
        expect(await balance(db, me)).toBe(0);
        const owned = await as(db, me, 'select item, type, equipped from public.items_unlocked');
        expect(owned).toEqual([{ item: 'sword_cursor', type: 'cursor', equipped: false }]);
      });

      it('refuses unknown, unlisted and coin items, and items already owned', async () => {
        await giveCoins(db, me, 100000);
        for (const item of ['no_such_item', 's2_pumpkin_icon', 'dabloons_500']) {
          expect(await refusal(me, 'public.buy_item($1, $2)', [item, uuid()]), item).toEqual({ code: 'P0001', message: 'item not found from consts' });
        }
        await buy('desktop_goose');
        expect(await refusal(me, 'public.buy_item($1, $2)', ['desktop_goose', uuid()])).toEqual({
          code: 'P0001',
          message: 'Item not unlocked, You already have it',
        });
        expect(await balance(db, me)).toBe(100000 - 100);
      });

      it('charges a replayed purchase once and shows a bought badge on the profile', async () => {
        await giveCoins(db, me, 25000);
        const id = uuid();
        const first = await buy('gold_hoarder_badge', id);
        expect(await buy('gold_hoarder_badge', id)).toEqual(first);
        expect(await balance(db, me)).toBe(15000);
        const profile = await as(db, null, 'select badges from public.public_profiles where user_id = $1', [me]);
        expect(profile).toEqual([{ badges: ['gold_hoarder_badge'] }]);
      });
    });

    describe('set_item_equipped', () => {
      const equip = (item: string, on: boolean) => call(me, 'public.set_item_equipped($1, $2, $3)', [item, on, uuid()]);
      const worn = async () => (await as(db, me, 'select item from public.items_unlocked where equipped order by item')).map((r) => r.item);

      it('wears one owned item per equippable type', async () => {
        await giveCoins(db, me, 5000);
        for (const item of ['sword_cursor', 'pixel_arrow_cursor', 'cat_background', 'frog_icon']) await call(me, 'public.buy_item($1, $2)', [item, uuid()]);
        await equip('sword_cursor', true);
        await equip('cat_background', true);
        expect(await worn()).toEqual(['cat_background', 'sword_cursor']);
        await equip('pixel_arrow_cursor', true);
        expect(await worn()).toEqual(['cat_background', 'pixel_arrow_cursor']);
        await equip('cat_background', false);
        expect(await worn()).toEqual(['pixel_arrow_cursor']);
        expect(await refusal(me, 'public.set_item_equipped($1, true, $2)', ['frog_icon', uuid()])).toEqual({
          code: 'P0001',
          message: 'Only cursors, backgrounds and fonts can be equipped.',
        });
        expect(await refusal(me, 'public.set_item_equipped($1, true, $2)', ['space_background', uuid()])).toEqual({
          code: 'P0001',
          message: 'You do not own that item.',
        });
        expect((await refusal(me, 'public.set_item_equipped($1, true, $2)', ['nope', uuid()])).message).toBe('item not found from consts');
        expect((await refusal(me, 'public.set_item_equipped($1, null, $2)', ['sword_cursor', uuid()])).code).toBe('22023');
      });
    });

    describe('claim_battlepass_tier', () => {
      // A season that began 10 days ago and ends in 10 days, with tiers at 300 coins and 0 coins.
      const season = `
        insert into public.battlepass_seasons (season, name, starts_at, ends_at)
          values (90, 'Test Pass', date_trunc('second', now()) - interval '10 days', date_trunc('second', now()) + interval '10 days');
        insert into public.shop_items (id, name, rarity, type, battlepass_season, price)
          values ('t_cursor', 'T', 'Rare', 'cursor', 90, null), ('t_pack', 'P', 'Rare', 'coin', 90, 500);
        insert into public.battlepass_tiers (season, tier, coins_required, item_id) values (90, 1, 300, 't_cursor'), (90, 2, 0, 't_pack');`;
      const gain = (amt: number, at: string) =>
        db.query(`insert into public.coins_transactions (user_id, amt, why, created_at)
          select $1, $2, 'test', ${at} from public.battlepass_seasons where season = 90`, [me, amt]);
      const claimTier = (tier: number, id = uuid()) => call(me, 'public.claim_battlepass_tier(90, $1, $2)', [tier, id]);

      beforeEach(async () => {
        await db.exec(season);
      });

      it('unlocks a tier exactly at its threshold and not one coin before', async () => {
        await gain(299, 'starts_at');
        await gain(-500, 'starts_at + interval \'1 hour\'');
        expect(await refusal(me, 'public.claim_battlepass_tier(90, 1, $1)', [uuid()])).toEqual({
          code: 'P0001',
          message: 'Gain 1 more coins this season to reach tier 1.',
        });
        await gain(1, 'now()');
        expect(await claimTier(1)).toEqual({ season: 90, tier: 1, item: 't_cursor', type: 'cursor' });
        expect(await refusal(me, 'public.claim_battlepass_tier(90, 1, $1)', [uuid()])).toEqual({
          code: 'P0001',
          message: 'Item not unlocked, You already have it',
        });
      });

      it('counts gains from starts_at up to, not including, ends_at', async () => {
        await gain(150, 'starts_at');
        await gain(150, 'starts_at - interval \'1 second\'');
        await gain(150, 'ends_at');
        expect((await refusal(me, 'public.claim_battlepass_tier(90, 1, $1)', [uuid()])).message).toBe('Gain 150 more coins this season to reach tier 1.');
        await gain(150, 'ends_at - interval \'1 second\'');
        expect(await claimTier(1)).toMatchObject({ item: 't_cursor' });
      });

      it('waits for the season to start, allows claims after it ends, and knows its seasons and tiers', async () => {
        const notYet = `update public.battlepass_seasons set starts_at = now() + interval '1 second', ends_at = now() + interval '1 day' where season = 90`;
        expect(await refusal(me, 'public.claim_battlepass_tier(90, 2, $1)', [uuid()], notYet)).toEqual({
          code: 'P0001',
          message: 'This battle pass has not started yet.',
        });
        const startsNow = `update public.battlepass_seasons set starts_at = now(), ends_at = now() + interval '1 day' where season = 90`;
        expect(await call(me, 'public.claim_battlepass_tier(90, 2, $1)', [uuid()], startsNow)).toMatchObject({ item: 't_pack' });
        expect(await balance(db, me)).toBe(500);
        expect((await refusal(me, 'public.claim_battlepass_tier(91, 1, $1)', [uuid()])).code).toBe('22023');
        expect((await refusal(me, 'public.claim_battlepass_tier(90, 9, $1)', [uuid()])).code).toBe('22023');
        await db.exec(`update public.battlepass_seasons set starts_at = now() - interval '20 days', ends_at = now() - interval '1 day' where season = 90`);
        await gain(300, 'starts_at');
        expect(await claimTier(1)).toMatchObject({ item: 't_cursor' });
      });

      it('ships the Hollowed Pass as season 2 with its Halloween rewards', async () => {
        const { rows } = await db.query(`select name, starts_at = '2025-10-01T00:00:00Z' as starts, ends_at = '2025-11-15T00:00:00Z' as ends,
          (select count(*)::int from public.battlepass_tiers where season = 2) as tiers from public.battlepass_seasons where season = 2`);
        expect(rows).toEqual([{ name: 'Hollowed Pass', starts: true, ends: true, tiers: 12 }]);
      });
    });

    describe('scores', () => {
      const proof = (id: number, user: string, file = 'proof.png') =>
        db.query(`insert into storage.objects (bucket_id, name, owner) values ('submissions', $1, $2)`, [`${id}_${file}`, user]);
      const submit = (user: string, app: string, score: number, id = uuid()) =>
        call<string>(user, 'public.submit_score($1, $2, $3)', [app, score, id]).then(Number);

      it('bounds scores and applies a replayed submission once', async () => {
        for (const score of [-1, 1000000001]) {
          expect((await refusal(me, 'public.submit_score($1, $2, $3)', ['snake', score, uuid()])).code).toBe('22023');
        }
        expect((await refusal(me, 'public.submit_score($1, $2, $3)', ['nope', 1, uuid()])).code).toBe('22023');
        // A game with no score rule of its own (fair-scores.ts has the rules) takes the whole range.
        await db.exec(`insert into public.apps (id, title, slug, url) values ('open_game', 'Open Game', 'open-game', 'https://example.org/open/')`);
        const id = uuid();
        const first = await submit(me, 'open_game', 1000000000, id);
        expect(await submit(me, 'open_game', 1000000000, id)).toBe(first);
        expect((await as(db, me, 'select count(*)::int as n from public.leaderboard_submissions'))[0]?.n).toBe(1);
      });

      it('lists each user\'s best proven approved score, highest first, to anyone, and a waiting record marked', async () => {
        const mine = [await submit(me, 'snake', 50), await submit(me, 'snake', 70), await submit(me, 'snake', 140)];
        const theirs = await submit(them, 'snake', 80);
        const theirsLower = await submit(them, 'snake', 60);
        await submit(them, '2048', 5000);
        for (const id of [mine[0], mine[1]]) await proof(id ?? 0, me);
        await proof(theirs, them);
        await proof(theirsLower, them);
        const board = async () =>
          (await as(db, null, 'select username, score, reviewed from public.get_app_high_scores($1)', ['snake'])).map((r) => [r.username, Number(r.score), r.reviewed]);
        // Nothing reviewed yet: only the best waiting score shows, marked.
        expect(await board()).toEqual([['them_player', 80, false]]);
        await db.query(`update public.leaderboard_submissions set review = 'approved' where id = any($1)`, [[mine[0], mine[1], theirsLower]]);
        // 140 has no proof; 80 waits and would top the list, so it shows marked above the approved ones.
        expect(await board()).toEqual([['them_player', 80, false], ['me_player', 70, true], ['them_player', 60, true]]);
        await db.query(`update public.leaderboard_submissions set review = 'rejected' where id = $1`, [theirs]);
        expect(await board()).toEqual([['me_player', 70, true], ['them_player', 60, true]]);
      });

      it('withdraws only one\'s own submission, and only before its proof is stored', async () => {
        const a = await submit(me, 'snake', 10);
        const b = await submit(me, 'snake', 20);
        expect((await refusal(them, 'public.delete_score_submission($1)', [a])).code).toBe('22023');
        await call(me, 'public.delete_score_submission($1)', [a]);
        await proof(b, me);
        expect((await refusal(me, 'public.delete_score_submission($1)', [b])).code).toBe('P0001');
        expect((await as(db, me, 'select id from public.leaderboard_submissions')).map((r) => Number(r.id))).toEqual([b]);
      });
    });

    describe('leaderboards and balances', () => {
      async function players(count: number): Promise<string[]> {
        const ids: string[] = [];
        for (let i = 0; i < count; i += 1) ids.push(await createPlayer(db, `player_${i}`));
        return ids;
      }

      it('lists the top 5 running streaks, time spent and apps played with public fields only', async () => {
        const ids = await players(7);
        for (const [i, id] of ids.entries()) {
          await db.query(`insert into public.streak (user_id, current_streak, longest_streak, last_claim) values ($1, $2, $2, now() - $3::interval)`,
            [id, i + 1, i === 6 ? '2 days 1 second' : '1 hour']);
          await db.query('update public.my_users set time_spent = $2, apps_played = $3 where user_id = $1', [id, (i + 1) * 5, 7 - i]);
        }
        const streaks = await as(db, null, 'select * from public.get_top_streaks()');
        expect(streaks.map((r) => [r.username, r.current_streak])).toEqual([['player_5', 6], ['player_4', 5], ['player_3', 4], ['player_2', 3], ['player_1', 2]]);
        expect(Object.keys(streaks[0] ?? {}).sort()).toEqual(['current_streak', 'icon', 'user_id', 'username']);
        const time = await as(db, null, 'select username, time_spent from public.get_top_time_spent()');
        expect(time.map((r) => r.username)).toEqual(['player_6', 'player_5', 'player_4', 'player_3', 'player_2']);
        const apps = await as(db, null, 'select username, apps_played from public.get_apps_played_by_user()');
        expect(apps.map((r) => r.username)).toEqual(['player_0', 'player_1', 'player_2', 'player_3', 'player_4']);
      });

      it('breaks a tie at fifth place by username, and leaves out a streak with no profile without losing a place to it', async () => {
        const streak = (id: string, days: number) =>
          db.query(`insert into public.streak (user_id, current_streak, longest_streak, last_claim) values ($1, $2, $2, now() - interval '1 hour')`, [id, days]);
        const top = async () => (await as(db, null, 'select username, current_streak from public.get_top_streaks()')).map((r) => [r.username, r.current_streak]);
        expect(await top()).toEqual([]);
        const [zed, amy, kim, bob] = [await createPlayer(db, 'tie_zed'), await createPlayer(db, 'tie_amy'), await createPlayer(db, 'tie_kim'), await createPlayer(db, 'tie_bob')];
        await streak(await createUser(db), 40);
        await streak(zed, 9);
        expect(await top()).toEqual([['tie_zed', 9]]);
        for (const id of [amy, kim, bob]) await streak(id, 3);
        const [eve, dan] = [await createPlayer(db, 'tie_eve'), await createPlayer(db, 'tie_dan')];
        await streak(eve, 3);
        await streak(dan, 3);
        expect(await top()).toEqual([['tie_zed', 9], ['tie_amy', 3], ['tie_bob', 3], ['tie_dan', 3], ['tie_eve', 3]]);
      });

      it('ranks the coins gained this week, counting gains only', async () => {
        const ids = await players(6);
        for (const [i, id] of ids.entries()) {
          await giveCoins(db, id, (i + 1) * 10);
          await giveCoins(db, id, -1000);
        }
        const monday = `date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'`;
        await db.query(`insert into public.coins_transactions (user_id, amt, why, created_at) values ($1, 999, 'last week', ${monday} - interval '1 second')`, [ids[0]]);
        const board = await as(db, null, `select username, amount from public.get_coins_gained(${monday})`);
        expect(board.map((r) => [r.username, Number(r.amount)])).toEqual([['player_5', 60], ['player_4', 50], ['player_3', 40], ['player_2', 30], ['player_1', 20]]);
      });

      it('tells balances and gains to their owner only', async () => {
        await giveCoins(db, me, 300);
        await giveCoins(db, me, -120);
        expect(Number(await call(me, 'public.get_coin_amt($1)', [me]))).toBe(180);
        expect(Number(await call(me, `public.get_coins_gained($1, now() - interval '1 day')`, [me]))).toBe(300);
        expect((await refusal(me, 'public.get_coin_amt($1)', [them])).code).toBe('42501');
        expect((await refusal(me, `public.get_coins_gained($1, now())`, [them])).code).toBe('42501');
        expect((await refusal(null, 'public.get_coin_amt($1)', [me])).code).toBe('42501');
      });

      it('returns exactly one row of public stats and ranks for a user, none for a stranger', async () => {
        await db.query('update public.my_users set time_spent = 50, apps_played = 2 where user_id = $1', [me]);
        await db.query('update public.my_users set time_spent = 90, apps_played = 2 where user_id = $1', [them]);
        const rows = await as(db, null, 'select * from public.get_leaderboard_data($1)', [me]);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ username: 'me_player', time_spent: 50, apps_played: 2, current_streak: 0 });
        expect(Number(rows[0]?.time_spent_rank)).toBe(2);
        expect(Number(rows[0]?.apps_played_rank)).toBe(1);
        expect(Object.keys(rows[0] ?? {})).not.toContain('where_from');
        expect(await as(db, null, 'select * from public.get_leaderboard_data($1)', [uuid()])).toEqual([]);
      });

      it('ranks a streak among those still kept: a lapsed one, a missing one and one without a profile count as none', async () => {
        const streak = (user: string, days: number, claimed: string) =>
          db.query(
            `insert into public.streak (user_id, current_streak, longest_streak, last_claim) values ($1, $2, $2, now() - $3::interval)
             on conflict (user_id) do update set current_streak = excluded.current_streak, longest_streak = excluded.longest_streak, last_claim = excluded.last_claim`,
            [user, days, claimed],
          );
        const rank = async (user: string) => {
          const [row] = await as(db, null, 'select current_streak, streak_rank::int as streak_rank from public.get_leaderboard_data($1)', [user]);
          return row;
        };
        const [ahead, lapsed, level] = [await createPlayer(db, 'rank_ahead'), await createPlayer(db, 'rank_lapsed'), await createPlayer(db, 'rank_level')];
        const noProfile = await createUser(db);
        await streak(me, 4, '1 day');
        await streak(ahead, 9, '47 hours');
        await streak(lapsed, 30, '2 days 1 minute');
        await streak(level, 4, '2 hours');
        await streak(noProfile, 50, '1 hour');
        expect(await rank(ahead)).toEqual({ current_streak: 9, streak_rank: 1 });
        // Level streaks share a rank; the lapsed 30 and the account with no profile are not ahead.
        expect(await rank(me)).toEqual({ current_streak: 4, streak_rank: 2 });
        expect(await rank(level)).toEqual({ current_streak: 4, streak_rank: 2 });
        expect(await rank(lapsed)).toEqual({ current_streak: 0, streak_rank: 4 });
        expect(await rank(them)).toEqual({ current_streak: 0, streak_rank: 4 });
        // Exactly 2 days after the claim, the streak is still kept.
        await streak(lapsed, 30, '2 days');
        expect(await rank(lapsed)).toEqual({ current_streak: 30, streak_rank: 1 });
        expect(await rank(me)).toEqual({ current_streak: 4, streak_rank: 3 });
      });

      it('lists the apps by title for anyone', async () => {
        const titles = (await as(db, null, 'select title from public.get_apps_ordered_by_title()')).map((r) => String(r.title));
        expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : 1)));
        expect(titles).toEqual(expect.arrayContaining(['2048', 'Snake', 'Minesweeper', 'Breakout', 'Flappy Hollow', 'Memory Match']));
      });
    });

    describe('apply_mutations', () => {
      it('knows exactly the kinds the outbox sends it', async () => {
        const { rows } = await db.query<{ kind: string }>('select kind from app_private.mutation_kinds order by kind');
        expect(rows.map((row) => row.kind)).toEqual([...RPC_MUTATION_KINDS].sort());
      });

      it('refuses the kinds that only their edge function may judge (a move skips no game rule through it)', async () => {
        const ops = FUNCTION_MUTATION_KINDS.map((kind) => ({ id: uuid(), kind, args: { p_match_id: 1, p_ply: 0, p_move: 'e2e4' } }));
        const results = await call<Array<Record<string, unknown>>>(me, 'public.apply_mutations($1::jsonb)', [JSON.stringify(ops)]);
        expect(results.map((r) => [r.id, r.ok, r.code, r.message])).toEqual(
          ops.map((op) => [op.id, false, '22023', `Unknown operation kind: ${op.kind}`]),
        );
      });

      it('applies every operation of a batch on its own, each at most once', async () => {
        await giveCoins(db, me, 50);
        const ops = [
          { id: uuid(), kind: 'claim_streak', args: {} },
          { id: uuid(), kind: 'buy_item', args: { p_item_id: 'sword_cursor' } },
          { id: uuid(), kind: 'record_app_played', args: { p_app_id: 'snake' } },
          { id: uuid(), kind: 'submit_score', args: { p_app_id: 'snake', p_score: 12 } },
          { id: uuid(), kind: 'teleport', args: {} },
          { id: 'not-a-uuid', kind: 'claim_streak', args: {} },
        ];
        const results = await call<Array<Record<string, unknown>>>(me, 'public.apply_mutations($1::jsonb)', [JSON.stringify(ops)]);
        expect(results.map((r) => [r.id, r.ok, r.code ?? null])).toEqual([
          [ops[0]?.id, true, null],
          [ops[1]?.id, false, 'P0001'],
          [ops[2]?.id, true, null],
          [ops[3]?.id, true, null],
          [ops[4]?.id, false, '22023'],
          ['not-a-uuid', false, '22P02'],
        ]);
        expect(results[1]?.message).toBe('not enough coins');
        // The play right after the claim earns the streak bonus: 2 coins.
        expect(await balance(db, me)).toBe(50 + 100 + 2);

        const replay = await call<Array<Record<string, unknown>>>(me, 'public.apply_mutations($1::jsonb)', [JSON.stringify(ops)]);
        expect(replay.filter((r) => r.ok)).toEqual(results.filter((r) => r.ok));
        expect(await balance(db, me)).toBe(152);
        expect((await as(db, me, 'select count(*)::int as n from public.leaderboard_submissions'))[0]?.n).toBe(1);
      });

      it('refuses what is not a batch', async () => {
        expect((await refusal(me, `public.apply_mutations('{}'::jsonb)`)).code).toBe('22023');
        const tooMany = JSON.stringify(Array.from({ length: 101 }, () => ({ id: uuid(), kind: 'claim_streak', args: {} })));
        expect((await refusal(me, 'public.apply_mutations($1::jsonb)', [tooMany])).code).toBe('22023');
        expect((await refusal(null, `public.apply_mutations('[]'::jsonb)`)).code).toBe('42501');
      });

      it('fails the whole call when run read-only (as a GET is), instead of refusing each operation', async () => {
        const ops = JSON.stringify([{ id: uuid(), kind: 'claim_streak', args: {} }]);
        const readOnly = await refusal(me, 'public.apply_mutations($1::jsonb)', [ops], 'set transaction read only');
        expect(readOnly).toEqual({ code: '25006', message: 'apply_mutations changes data: send it with POST, not GET' });
        expect(await balance(db, me)).toBe(0);
      });
    });

    it('keeps privileged functions away from anon and internal helpers away from every API role', async () => {
      const { rows } = await db.query<{ fn: string; anon: boolean; authenticated: boolean }>(
        `select p.proname as fn, has_function_privilege('anon', p.oid, 'execute') as anon,
                has_function_privilege('authenticated', p.oid, 'execute') as authenticated
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
          order by 1`,
      );
      const anonMay = rows.filter((r) => r.anon).map((r) => r.fn);
      // The public reads: leaderboards, the catalogue and its popular games, a public profile's recent
      // plays and results in two-player games, whether a public creator page's owner is a creator, and
      // a game's achievements with their unlock rates (hidden ones' words kept back) and a profile's
      // badge shelf. Anything else reaching anon is a leak.
      expect([...new Set(anonMay)]).toEqual(['get_achievements', 'get_app_high_scores', 'get_apps_ordered_by_title', 'get_apps_played_by_user', 'get_badge_shelf',
        'get_coins_gained', 'get_leaderboard_data', 'get_match_results', 'get_popular_apps', 'get_recent_plays', 'get_top_streaks',
        'get_top_time_spent', 'is_creator']);
      // Every RPC is a student's, but the match-move function's store of a checked move (issue 28) and the
      // catalogue import's achievements (issue 29): the service role's alone.
      expect(rows.filter((r) => !r.authenticated).map((r) => r.fn)).toEqual(['import_achievements', 'store_match_move']);
      const { rows: schema } = await db.query(`select has_schema_privilege('authenticated', 'app_private', 'usage') as a,
        has_schema_privilege('anon', 'app_private', 'usage') as b`);
      expect(schema).toEqual([{ a: false, b: false }]);
      expect(await errorOf(db, me, 'select app_private.balance($1)', [me])).toMatchObject({ code: '42501' });
    });
  });
}
