// Two-player games by a shared link (issue 28): a link is an invite with the opener's seat free. Its
// code is unguessable and counted when wrong, it lapses with its pace, it is used once, it counts
// against the invite limits, and each refusal is said in words through what a student can call. Two
// classmates opening one link at once are raced on separate connections (matchLinkRaceSuite).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlayer } from '../harness/fixtures.ts';
import type { IsolatedDatabase } from '../harness/engine.ts';
import { as, errorOf } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';
import type { Session } from '../harness/session.ts';

interface Link {
  match_id: string;
  code: string;
  expires_at: Date | string;
}

type Joined = { ok: true; match_id: number; game: string; opponent_username: string } | { ok: false; message: string };

const makeLink = async (db: Session, actor: string, game = 'tic-tac-toe', pace = 'live', first = 'me'): Promise<Link> =>
  (await as<Link>(db, actor, 'select * from public.create_match_link($1, $2, $3)', [game, pace, first]))[0]!;
const joinLink = async (db: Session, actor: string, code: string): Promise<Joined> =>
  (await as<{ r: Joined }>(db, actor, 'select public.join_match_link($1) as r', [code]))[0]!.r;

export function matchLinksSuite(ctx: DbContext): void {
  describe('two-player games by a shared link', () => {
    const { db } = ctx;
    let ann: string;
    let ben: string;
    let cat: string;

    const game = async (id: string) =>
      (await db.query<{ status: string; first_player: string | null; second_player: string | null; deadline: Date | null }>(
        'select status, first_player, second_player, deadline from app_private.matches where id = $1', [id])).rows[0]!;
    const myGames = async (actor: string) =>
      as<{ match_id: string; status: string; opponent_username: string; my_turn: boolean }>(db, actor, 'select match_id, status, opponent_username, my_turn from public.get_my_matches()');

    beforeEach(async () => {
      ann = await createPlayer(db, 'ml_ann');
      ben = await createPlayer(db, 'ml_ben');
      cat = await createPlayer(db, 'ml_cat');
    });

    it('makes a link of 16 unguessable characters, open 10 minutes live and 3 days by correspondence', async () => {
      const live = await makeLink(db, ann);
      const slow = await makeLink(db, ann, 'chess', 'correspondence');
      expect(live.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(slow.code).not.toBe(live.code);
      const { rows } = await db.query<{ live: number; slow: number }>(
        `select extract(epoch from ($1::timestamptz - now()))::int as live, extract(epoch from ($2::timestamptz - now()))::int as slow`,
        [live.expires_at, slow.expires_at]);
      expect(rows[0]).toEqual({ live: 600, slow: 3 * 86400 });
      // Only the maker sits at it: the opener's seat is free, first or second as the maker chose.
      expect(await game(live.match_id)).toMatchObject({ status: 'invited', first_player: ann, second_player: null });
      const theirs = await makeLink(db, ann, 'hex-conquest', 'live', 'friend');
      expect(await game(theirs.match_id)).toMatchObject({ first_player: null, second_player: ann });
      expect((await errorOf(db, ann, `select * from public.create_match_link('snake')`)).code).toBe('22023');
      expect((await errorOf(db, ann, `select * from public.create_match_link('chess', 'blitz')`)).code).toBe('22023');
      expect((await errorOf(db, ann, `select * from public.create_match_link('chess', 'live', 'nobody')`)).code).toBe('22023');
      expect((await errorOf(db, null, `select * from public.create_match_link('chess')`)).code).not.toBe('');
    });

    it('a classmate who is no friend opens it: the game starts at once, the opener in the free seat, and opening it again finds it', async () => {
      const link = await makeLink(db, ann, 'tic-tac-toe', 'live', 'friend');
      expect(await joinLink(db, ben, link.code)).toEqual({ ok: true, match_id: Number(link.match_id), game: 'tic-tac-toe', opponent_username: 'ml_ann' });
      const started = await game(link.match_id);
      expect(started).toMatchObject({ status: 'active', first_player: ben, second_player: ann });
      expect(await myGames(ben)).toEqual([{ match_id: link.match_id, status: 'active', opponent_username: 'ml_ann', my_turn: true }]);
      expect(await myGames(ann)).toEqual([{ match_id: link.match_id, status: 'active', opponent_username: 'ml_ben', my_turn: false }]);
      // Opened again (a second tab, a reload) by the student who took the seat: the same game.
      expect(await joinLink(db, ben, link.code)).toMatchObject({ ok: true, match_id: Number(link.match_id) });
    });

    it('lists the maker\'s links still waiting, newest first, and no longer once taken, taken back or lapsed', async () => {
      const links = (actor: string) => as<{ match_id: string; code: string; game: string }>(db, actor, 'select match_id, code, game from public.get_my_match_links()');
      const taken = await makeLink(db, ann, 'tic-tac-toe');
      const back = await makeLink(db, ann, 'chess');
      const lapsed = await makeLink(db, ann, 'hex-conquest', 'correspondence');
      const waiting = await makeLink(db, ann, 'chess', 'correspondence');
      expect((await links(ann)).map((l) => l.code)).toEqual([waiting.code, lapsed.code, back.code, taken.code]);
      await joinLink(db, ben, taken.code);
      await as(db, ann, 'select public.cancel_match_invite($1)', [back.match_id]);
      await db.query(`update app_private.matches set deadline = now() - interval '1 second' where id = $1`, [lapsed.match_id]);
      expect(await links(ann)).toEqual([{ match_id: waiting.match_id, code: waiting.code, game: 'chess' }]);
      // Nobody else sees them: a code is the link itself.
      expect(await links(ben)).toEqual([]);
    });

    it('refuses with words: no such code, own link, used, taken back, expired', async () => {
      expect(await joinLink(db, ben, 'AAAAAAAAAAAAAAAA')).toEqual({ ok: false, message: 'This game link does not work. Check it, or ask your classmate for a new one.' });
      expect(await joinLink(db, ben, 'not a code')).toMatchObject({ ok: false, message: 'This game link does not work. Check it, or ask your classmate for a new one.' });
      const link = await makeLink(db, ann);
      expect(await joinLink(db, ann, link.code)).toEqual({ ok: false, message: 'This is your own game link: share it with a classmate.' });
      await joinLink(db, ben, link.code);
      expect(await joinLink(db, cat, link.code)).toEqual({ ok: false, message: 'This game link has been used: a classmate took the seat. Ask for a new one.' });
      const back = await makeLink(db, ann, 'chess');
      await as(db, ann, 'select public.cancel_match_invite($1)', [back.match_id]);
      expect(await joinLink(db, cat, back.code)).toEqual({ ok: false, message: 'ml_ann took this game link back. Ask them for a new one.' });
      const lapsed = await makeLink(db, ann, 'hex-conquest');
      await db.query(`update app_private.matches set deadline = now() - interval '1 second' where id = $1`, [lapsed.match_id]);
      expect(await joinLink(db, cat, lapsed.code)).toEqual({ ok: false, message: 'This game link has expired. Ask your classmate for a new one.' });
      expect(await game(lapsed.match_id)).toMatchObject({ status: 'invited', second_player: null });
    });

    it('counts wrong codes with the friend invites\', 10 an hour, so that codes cannot be guessed', async () => {
      for (let i = 0; i < 10; i += 1) expect(await joinLink(db, cat, `guess${String(i).padStart(11, '0')}`)).toMatchObject({ ok: false });
      const link = await makeLink(db, ann);
      expect(await joinLink(db, cat, link.code)).toEqual({
        ok: false,
        message: 'Too many invite codes that did not work in the last hour. Ask your classmate for a new link, and try again later.',
      });
      expect(await game(link.match_id)).toMatchObject({ status: 'invited' });
    });

    it('refuses a block either way, and a second game of the kind with the maker', async () => {
      const blocked = await makeLink(db, ann, 'chess');
      await as(db, ben, 'select public.block_player($1)', [ann]);
      expect(await joinLink(db, ben, blocked.code)).toEqual({ ok: false, message: 'You blocked ml_ann. Unblock them first to play with them.' });
      const blocker = await makeLink(db, ben, 'chess');
      expect(await joinLink(db, ann, blocker.code)).toEqual({ ok: false, message: 'You cannot play with this student.' });
      const first = await makeLink(db, ann, 'hex-conquest');
      expect(await joinLink(db, cat, first.code)).toMatchObject({ ok: true });
      const second = await makeLink(db, ann, 'hex-conquest');
      expect(await joinLink(db, cat, second.code)).toEqual({ ok: false, message: 'You and ml_ann already have a game of Hex Conquest going, or an invite to one waiting.' });
      expect(await game(second.match_id)).toMatchObject({ status: 'invited' });
    });

    it('counts links against the invite limits: 5 waiting, 20 an hour, and 20 games going for the opener', async () => {
      const links: Link[] = [];
      for (let i = 0; i < 5; i += 1) links.push(await makeLink(db, ann));
      const tooMany = { code: 'P0001', message: 'You have 5 invites to play waiting for an answer. Wait for one, or cancel one, before making another.' };
      expect(await errorOf(db, ann, `select * from public.create_match_link('chess')`)).toEqual(tooMany);
      // A link and an invite by name share the count.
      await as(db, ann, 'select public.request_friend($1)', ['ml_ben']);
      await as(db, ben, 'select public.answer_friend_request($1, true)', [ann]);
      expect(await errorOf(db, ann, 'select public.invite_to_match($1, $2)', [ben, 'chess'])).toEqual(tooMany);
      for (let i = 0; i < 15; i += 1) {
        await as(db, ann, 'select public.cancel_match_invite($1)', [links.shift()!.match_id]);
        links.push(await makeLink(db, ann));
      }
      await as(db, ann, 'select public.cancel_match_invite($1)', [links.shift()!.match_id]);
      expect(await errorOf(db, ann, `select * from public.create_match_link('chess')`)).toEqual({
        code: 'P0001',
        message: 'You have invited classmates to play 20 times in the last hour. Try again later.',
      });
      await db.query(`update app_private.matches set created_at = now() - interval '1 hour 1 second' where invited_by = $1`, [ann]);
      // The opener with 20 games going (as first player against others) cannot take a 21st.
      const others: string[] = [];
      for (let i = 0; i < 20; i += 1) others.push(await createPlayer(db, `ml_o${i}`));
      await db.query(
        `insert into app_private.matches (game, pace, first_player, second_player, invited_by, status, position, deadline, started_at)
         select 'tic-tac-toe', 'correspondence', $1, o, o, 'active', '.........', now() + interval '1 day', now() from unnest($2::uuid[]) o`,
        [cat, others]);
      expect(await joinLink(db, cat, links[0]!.code)).toEqual({ ok: false, message: 'You have 20 games going. Finish one before starting another.' });
      expect(await errorOf(db, cat, `select * from public.create_match_link('chess')`)).toEqual({ code: 'P0001', message: 'You have 20 games going. Finish one before starting another.' });
    });

    it('keeps a waiting link from a stranger: its game cannot be read, accepted, moved in or cancelled by anyone but its maker', async () => {
      const link = await makeLink(db, ann);
      const notYours = { code: 'P0001', message: 'This game is not yours: only its two players can see it or play in it.' };
      expect(await errorOf(db, ben, 'select public.get_match($1)', [link.match_id])).toEqual(notYours);
      expect(await errorOf(db, ben, 'select public.answer_match_invite($1, true)', [link.match_id])).toEqual(notYours);
      expect(await errorOf(db, ben, 'select public.cancel_match_invite($1)', [link.match_id])).toEqual(notYours);
      expect(await errorOf(db, ann, 'select public.answer_match_invite($1, true)', [link.match_id])).toEqual({ code: 'P0001', message: 'There is no invite to this game waiting for your answer.' });
      const { rows } = await db.query<{ r: { code: string } }>(
        'select app_private.match_move_refusal(m, $2, 0) as r from app_private.matches m where m.id = $1', [link.match_id, ben]);
      expect(rows[0]!.r.code).toBe('not_your_game');
      // The link is no row in anyone's list until it is taken: it has no opponent to show.
      expect(await myGames(ann)).toEqual([]);
    });

    it('lets two who are not friends play again after a game by link, rematches of rematches too, but not invite each other by name', async () => {
      const link = await makeLink(db, ann, 'tic-tac-toe');
      await joinLink(db, cat, link.code);
      await as(db, cat, 'select public.resign_match($1)', [link.match_id]);
      const [again] = await as<{ id: string }>(db, ann, 'select public.offer_rematch($1)::text as id', [link.match_id]);
      await as(db, cat, 'select public.answer_match_invite($1, true)', [again!.id]);
      await as(db, ann, 'select public.resign_match($1)', [again!.id]);
      const [third] = await as<{ id: string }>(db, cat, 'select public.offer_rematch($1)::text as id', [again!.id]);
      expect(await game(third!.id)).toMatchObject({ status: 'invited' });
      expect(await errorOf(db, ann, 'select public.invite_to_match($1, $2)', [cat, 'chess'])).toEqual({
        code: 'P0001',
        message: 'You can invite only a friend to play. Ask ml_cat to be friends first.',
      });
      // A block still ends it.
      const chess = await makeLink(db, ann, 'chess');
      await joinLink(db, cat, chess.code);
      await as(db, cat, 'select public.resign_match($1)', [chess.match_id]);
      await as(db, ann, 'select public.block_player($1)', [cat]);
      expect(await errorOf(db, ann, 'select public.offer_rematch($1)', [chess.match_id])).toEqual({ code: 'P0001', message: 'You blocked ml_cat. Unblock them first to play with them.' });
      expect(await errorOf(db, cat, 'select public.offer_rematch($1)', [chess.match_id])).toEqual({ code: 'P0001', message: 'You cannot invite ml_ann to play.' });
    });

    it('sweeps a link nobody took a day after it lapsed', async () => {
      const lapsed = await makeLink(db, ann, 'chess');
      await db.query(`update app_private.matches set deadline = now() - interval '1 day 1 second' where id = $1`, [lapsed.match_id]);
      await makeLink(db, ann);
      expect((await db.query('select 1 from app_private.matches where id = $1', [lapsed.match_id])).rows).toEqual([]);
    });
  });
}

interface Outcome {
  ok: boolean;
  value?: Joined;
  message?: string;
}

/** Only for engines with several sessions to one database (PostgreSQL; not PGlite). */
export function matchLinkRaceSuite(ctx: DbContext): void {
  describe('one game link opened by two classmates at the same moment', () => {
    let copy: IsolatedDatabase;
    let first: Session;
    let second: Session;

    beforeEach(async () => {
      const engine = ctx.engine();
      if (!engine.isolated) throw new Error(`${ctx.engineName} has a single session, so it cannot run concurrent requests`);
      copy = await engine.isolated();
      first = await copy.connect();
      second = await copy.connect();
    });
    afterEach(async () => {
      await second?.close();
      await first?.close();
      await copy?.drop();
    });

    async function lockWaiters(): Promise<number> {
      const observer = await copy.connect();
      try {
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const { rows } = await observer.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((rows[0]?.n ?? 0) > 0) return rows[0]?.n ?? 0;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return 0;
      } finally {
        await observer.close();
      }
    }

    /** The first opener's call completes inside its open transaction; the second starts and must wait on it; then the first commits. */
    async function race(code: string, openers: [string, string]): Promise<[Outcome, Outcome]> {
      const run = async (db: Session, actor: string, beforeCommit?: () => Promise<void>): Promise<Outcome> => {
        await db.exec('begin');
        await db.roles.actAs(db, actor);
        let outcome: Outcome;
        try {
          const { rows } = await db.query<{ r: Joined }>('select public.join_match_link($1) as r', [code]);
          outcome = { ok: true, value: rows[0]?.r };
        } catch (error) {
          await db.exec('rollback');
          return { ok: false, message: (error as Error).message };
        }
        if (beforeCommit) await beforeCommit();
        await db.exec('commit');
        return outcome;
      };
      let secondRun: Promise<Outcome> | undefined;
      const firstOutcome = await run(first, openers[0], async () => {
        secondRun = run(second, openers[1]);
        expect(await lockWaiters()).toBe(1);
      });
      if (!secondRun) throw new Error('second call never started');
      return [firstOutcome, await secondRun];
    }

    it('exactly one takes the seat; the other is told the link was used', async () => {
      const maker = await createPlayer(first, 'mlr_maker');
      const openers: [string, string] = [await createPlayer(first, 'mlr_one'), await createPlayer(first, 'mlr_two')];
      const link = await makeLink(first, maker);
      const [a, b] = await race(link.code, openers);
      expect(a).toEqual({ ok: true, value: { ok: true, match_id: Number(link.match_id), game: 'tic-tac-toe', opponent_username: 'mlr_maker' } });
      expect(b).toEqual({ ok: true, value: { ok: false, message: 'This game link has been used: a classmate took the seat. Ask for a new one.' } });
      const { rows } = await first.query<{ status: string; first_player: string; second_player: string }>(
        'select status, first_player, second_player from app_private.matches where id = $1', [link.match_id]);
      expect(rows).toEqual([{ status: 'active', first_player: maker, second_player: openers[0] }]);
    });
  });
}
