// Two-player games by invite (issue 28): invites between friends, moves stored only by the service
// role (the match-move function's store_match_move) and checked again there, draws, resignations,
// timeouts, rematches, results on both profiles, reports and the moderation desk. Every refusal is
// tested through what a student can call; the red-team cases are a stranger reading another pair's
// moves, a student storing a move for the other player, a replayed move and a flood of invites.
import { beforeEach, describe, expect, it } from 'vitest';
import { checkMatchMove, MATCH_GAMES, startPosition } from '../../../supabase/functions/_shared/matchMove.ts';
import { createPlayer } from '../harness/fixtures.ts';
import { as, errorOf, tx } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

interface MyMatch {
  match_id: string;
  game: string;
  status: string;
  opponent_username: string;
  invited_by_me: boolean;
  i_move_first: boolean;
  ply: number;
  my_turn: boolean;
  result: string | null;
  reason: string | null;
  draw_offer: string | null;
}

type Answer = Record<string, unknown> & { ok: boolean };

export function matchesSuite(ctx: DbContext): void {
  describe('two-player games', () => {
    const { db } = ctx;
    let ann: string;
    let ben: string;
    let cat: string;

    const call = async <T = unknown>(actor: string | null, sql: string, params: unknown[] = []): Promise<T> =>
      Object.values((await as(db, actor, `select ${sql} as r`, params))[0]!)[0] as T;
    const refusal = (actor: string | null, sql: string, params: unknown[] = []) => errorOf(db, actor, `select ${sql}`, params);
    const befriend = async (a: string, b: string, bName: string) => {
      await call(a, 'public.request_friend($1)', [bName]);
      await call(b, 'public.answer_friend_request($1, true)', [a]);
    };
    const invite = (actor: string, friend: string, game = 'tic-tac-toe', pace = 'live', first = 'me') =>
      call<string>(actor, 'public.invite_to_match($1, $2, $3, $4)', [friend, game, pace, first]);
    const accept = (actor: string, id: string) => call<string>(actor, 'public.answer_match_invite($1, true)', [id]);
    const myMatches = (actor: string) =>
      as<MyMatch>(db, actor, 'select match_id, game, status, opponent_username, invited_by_me, i_move_first, ply, my_turn, result, reason, draw_offer from public.get_my_matches()');
    const results = (actor: string | null, username: string) =>
      as<{ game: string; wins: number; draws: number; losses: number }>(db, actor, 'select game, wins, draws, losses from public.get_match_results($1)', [username]);

    /** store_match_move as the service role, the way the match-move function calls it after the rules passed. */
    const store = (player: string, id: string, ply: number, move: string, position: string, options: { mutation?: string; result?: string; reason?: string } = {}) =>
      tx(db, async (t) => {
        await t.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
        await t.exec('set local role service_role');
        return (
          await t.query<{ r: Answer }>('select public.store_match_move($1, $2, $3, $4, $5, $6, $7, $8) as r', [
            player, id, ply, move, options.mutation ?? crypto.randomUUID(), position, options.result ?? null, options.reason ?? null,
          ])
        ).rows[0]!.r;
      });
    /** A live game of Tic Tac Toe, ann (X) against ben, accepted. */
    const tictactoe = async () => {
      const id = await invite(ann, ben);
      await accept(ben, id);
      return id;
    };

    beforeEach(async () => {
      ann = await createPlayer(db, 'mt_ann');
      ben = await createPlayer(db, 'mt_ben');
      cat = await createPlayer(db, 'mt_cat');
      await befriend(ann, ben, 'mt_ben');
    });

    it('starts every game where the rules module starts it', async () => {
      for (const game of MATCH_GAMES) {
        const { rows } = await db.query<{ p: string }>('select app_private.match_start_position($1) as p', [game]);
        expect(rows[0]!.p, game).toBe(startPosition(game));
      }
    });

    it('invites a friend, who sees it and accepts; the first player is then to move, on the clock', async () => {
      const id = await invite(ann, ben, 'chess', 'correspondence', 'friend');
      expect(await myMatches(ann)).toMatchObject([{ match_id: id, game: 'chess', status: 'invited', opponent_username: 'mt_ben', invited_by_me: true, i_move_first: false, my_turn: false }]);
      expect(await myMatches(ben)).toMatchObject([{ match_id: id, status: 'invited', opponent_username: 'mt_ann', invited_by_me: false, i_move_first: true }]);
      expect(await refusal(ann, 'public.answer_match_invite($1, true)', [id])).toEqual({ code: 'P0001', message: 'There is no invite to this game waiting for your answer.' });
      expect(await accept(ben, id)).toBe('active');
      expect(await myMatches(ben)).toMatchObject([{ status: 'active', my_turn: true, ply: 0 }]);
      const game = await call<Record<string, unknown>>(ben, 'public.get_match($1)', [id]);
      expect(game).toMatchObject({ status: 'active', position: startPosition('chess'), ply: 0, turn: ben, moves: [] });
      const { rows } = await db.query<{ left: number }>('select extract(epoch from deadline - now())::int as left from app_private.matches where id = $1', [id]);
      expect(rows[0]!.left).toBe(3 * 24 * 3600);
    });

    it('declines, cancels, and lets an invite lapse: none of them can be played', async () => {
      const declined = await invite(ann, ben);
      expect(await call(ben, 'public.answer_match_invite($1, false)', [declined])).toBe('declined');
      const cancelled = await invite(ann, ben);
      await call(ann, 'public.cancel_match_invite($1)', [cancelled]);
      expect(await refusal(ben, 'public.answer_match_invite($1, true)', [cancelled])).toEqual({ code: 'P0001', message: 'There is no invite to this game waiting for your answer.' });
      const lapsed = await invite(ann, ben);
      await db.query(`update app_private.matches set deadline = now() - interval '1 second' where id = $1`, [lapsed]);
      expect(await refusal(ben, 'public.answer_match_invite($1, true)', [lapsed])).toEqual({ code: 'P0001', message: 'This invite has expired. Invite your friend back if you want to play.' });
      expect(await store(ann, declined, 0, '4', '....X....')).toMatchObject({ ok: false, code: 'game_over', message: 'This game never started: the invite was declined.' });
      expect(await store(ann, cancelled, 0, '4', '....X....')).toMatchObject({ ok: false, code: 'game_over' });
      expect(await store(ann, lapsed, 0, '4', '....X....')).toMatchObject({ ok: false, code: 'not_started' });
      expect((await myMatches(ben)).map((m) => m.status).sort()).toEqual(['cancelled', 'declined']);
    });

    it('refuses invites with words: a stranger, oneself, no such student, a bad game, pace or first player, the same game twice', async () => {
      expect(await refusal(ann, 'public.invite_to_match($1, $2)', [cat, 'chess'])).toEqual({ code: 'P0001', message: 'You can invite only a friend to play. Ask mt_cat to be friends first.' });
      expect(await refusal(ann, 'public.invite_to_match($1, $2)', [ann, 'chess'])).toEqual({ code: 'P0001', message: 'You cannot play against yourself: invite a friend.' });
      expect(await refusal(ann, 'public.invite_to_match($1, $2)', [crypto.randomUUID(), 'chess'])).toEqual({ code: 'P0001', message: 'There is no such student to invite.' });
      expect((await refusal(ann, 'public.invite_to_match($1, $2)', [ben, 'snake'])).code).toBe('22023');
      expect((await refusal(ann, 'public.invite_to_match($1, $2, $3)', [ben, 'chess', 'blitz'])).code).toBe('22023');
      expect((await refusal(ann, 'public.invite_to_match($1, $2, $3, $4)', [ben, 'chess', 'live', 'nobody'])).code).toBe('22023');
      await invite(ann, ben, 'chess');
      expect(await refusal(ben, 'public.invite_to_match($1, $2)', [ann, 'chess'])).toEqual({
        code: 'P0001',
        message: 'You and mt_ann already have a game of Chess going, or an invite to one waiting.',
      });
      expect(Number(await invite(ben, ann, 'hex-conquest'))).toBeGreaterThan(0);
    });

    it('a blocked student cannot invite, nor be invited, nor accept an invite made before the block', async () => {
      const before = await invite(ann, ben, 'chess');
      await call(ben, 'public.block_player($1)', [ann]);
      expect(await refusal(ann, 'public.invite_to_match($1, $2)', [ben, 'hex-conquest'])).toEqual({ code: 'P0001', message: 'You cannot invite mt_ben to play.' });
      expect(await refusal(ben, 'public.invite_to_match($1, $2)', [ann, 'hex-conquest'])).toEqual({ code: 'P0001', message: 'You blocked mt_ann. Unblock them first to play with them.' });
      // The invite no longer shows to the student who blocked, and cannot be accepted.
      expect(await myMatches(ben)).toEqual([]);
      expect(await refusal(ben, 'public.answer_match_invite($1, true)', [before])).toEqual({ code: 'P0001', message: 'You cannot play with this student.' });
      // Unblocked, they are not friends any more: the block ended that.
      await call(ben, 'public.unblock_player($1)', [ann]);
      expect(await refusal(ann, 'public.invite_to_match($1, $2)', [ben, 'hex-conquest'])).toMatchObject({ message: 'You can invite only a friend to play. Ask mt_ben to be friends first.' });
    });

    it('holds a flood of invites to 5 waiting, 20 an hour and 20 games going', async () => {
      const friends: string[] = [];
      for (let i = 0; i < 8; i += 1) {
        const friend = await createPlayer(db, `mt_f${i}`);
        await befriend(ann, friend, `mt_f${i}`);
        friends.push(friend);
      }
      const sent: string[] = [];
      for (let i = 0; i < 5; i += 1) sent.push(await invite(ann, friends[i]!));
      expect(await refusal(ann, 'public.invite_to_match($1, $2)', [friends[5], 'chess'])).toEqual({
        code: 'P0001',
        message: 'You have 5 invites to play waiting for an answer. Wait for one, or cancel one, before making another.',
      });
      // Cancelling at once does not get round the hourly count.
      for (let i = 0; i < 15; i += 1) {
        await call(ann, 'public.cancel_match_invite($1)', [sent.shift()]);
        sent.push(await invite(ann, friends[i % 8]!, MATCH_GAMES[i % 3]));
      }
      await call(ann, 'public.cancel_match_invite($1)', [sent.shift()]);
      expect(await refusal(ann, 'public.invite_to_match($1, $2)', [ben, 'chess'])).toEqual({
        code: 'P0001',
        message: 'You have invited classmates to play 20 times in the last hour. Try again later.',
      });
      await db.query(`update app_private.matches set created_at = now() - interval '1 hour 1 second' where invited_by = $1`, [ann]);
      // 20 games going: the 4 invites still waiting and 16 games accepted.
      const { rows } = await db.query<{ id: string }>(
        `insert into app_private.matches (game, pace, first_player, second_player, invited_by, status, position, deadline, started_at)
         select 'tic-tac-toe', 'correspondence', $1, f, f, 'active', '.........', now() + interval '1 day', now()
           from unnest($2::uuid[]) f, generate_series(1, 2) returning id`,
        [ann, friends],
      );
      expect(rows.length).toBe(16);
      expect(await refusal(ann, 'public.invite_to_match($1, $2)', [ben, 'chess'])).toEqual({ code: 'P0001', message: 'You have 20 games going. Finish one before starting another.' });
      // Invites a student receives do not count, but a student with 20 games going cannot accept another.
      const fromBen = await invite(ben, ann, 'hex-conquest');
      expect(await refusal(ann, 'public.answer_match_invite($1, true)', [fromBen])).toEqual({ code: 'P0001', message: 'You have 20 games going. Finish one before starting another.' });
    });

    it('stores a move only through the service role: a student cannot call store_match_move, even for themselves', async () => {
      const id = await tictactoe();
      for (const actor of [ann, ben, null]) {
        expect((await refusal(actor, 'public.store_match_move($1, $2, 0, $3, $4, $5)', [ann, id, '4', crypto.randomUUID(), '....X....'])).code).toBe('42501');
      }
      // Nor move for the other player by calling it as them: the grant is the service role's alone.
      expect((await refusal(ann, 'public.store_match_move($1, $2, 0, $3, $4, $5)', [ben, id, '4', crypto.randomUUID(), 'OOOOOOOOO'])).code).toBe('42501');
      expect(await call(ann, 'public.get_match($1)', [id])).toMatchObject({ ply: 0, position: '.........', moves: [] });
    });

    it('plays moves in turn, refusing out of turn, a taken ply, a ply ahead and a stranger, each with its code', async () => {
      const id = await tictactoe();
      expect(await store(ben, id, 0, '4', '....O....')).toEqual({ ok: false, code: 'out_of_turn', message: "It is not your turn: wait for the other player's move." });
      expect(await store(cat, id, 0, '4', '....X....')).toEqual({ ok: false, code: 'not_your_game', message: 'This game is not yours: only its two players can see it or play in it.' });
      expect(await store(ann, id, 1, '4', '....X....')).toEqual({ ok: false, code: 'wrong_ply', message: 'That move does not follow the last move of this game. Look at the board again.' });
      expect(await store(ann, id, 0, '4', '....X....')).toEqual({
        ok: true, matchId: Number(id), ply: 1, move: '4', position: '....X....', turn: ben, status: 'active', result: null, winner: null, reason: null,
      });
      expect(await store(ann, id, 0, '0', 'X........')).toEqual({ ok: false, code: 'move_taken', message: 'That move was already made: the game has moved on since. Look at the board again.' });
      expect(await store(ann, id, 1, '0', 'X...X....')).toMatchObject({ ok: false, code: 'out_of_turn' });
      expect(await store(ben, id, 1, '0', 'O...X....')).toMatchObject({ ok: true, ply: 2, turn: ann });
      expect(await myMatches(ann)).toMatchObject([{ my_turn: true, ply: 2 }]);
      expect(await myMatches(ben)).toMatchObject([{ my_turn: false, ply: 2 }]);
    });

    it('answers a replayed move with its first answer, once, however far the game went; an id reused for another move is refused', async () => {
      const id = await tictactoe();
      const mutation = crypto.randomUUID();
      const first = await store(ann, id, 0, '4', '....X....', { mutation });
      expect(await store(ann, id, 0, '4', '....X....', { mutation })).toEqual(first);
      await store(ben, id, 1, '0', 'O...X....');
      expect(await store(ann, id, 0, '4', '....X....', { mutation })).toEqual(first);
      expect(await call(ann, 'public.get_match($1)', [id])).toMatchObject({ ply: 2, moves: [{ ply: 0, move: '4', player: ann }, { ply: 1, move: '0', player: ben }] });
      expect(await store(ann, id, 2, '8', 'O...X...X', { mutation })).toEqual({
        ok: false, code: 'mutation_reused', message: "This move's id was already used for another move. Send the move again as a new one.",
      });
      // The same id as the read before the rules sees it too.
      expect(await call(ann, 'public.get_match_for_move($1, 0, $2, $3)', [id, '4', mutation])).toEqual({ ok: true, answer: first });
      expect(await call(ann, 'public.get_match_for_move($1, 2, $2, $3)', [id, '8', crypto.randomUUID()])).toEqual({
        ok: true, context: { player: ann, game: 'tic-tac-toe', side: 'first', position: 'O...X....', from: 'O...X....', history: [] },
      });
    });

    it('gives chess.js the moves since the last pawn move or capture, and the position before them', async () => {
      const id = await invite(ann, ben, 'chess');
      await accept(ben, id);
      const line = ['e2e4', 'g8f6', 'g1f3', 'f6g8'];
      const positions: string[] = [];
      let position = startPosition('chess');
      for (const [ply, uci] of line.entries()) {
        const checked = checkMatchMove('chess', { from: position, position, history: [] }, ply % 2 === 0 ? 'first' : 'second', uci);
        if (!checked.ok) throw new Error(checked.message);
        position = checked.position;
        positions.push(position);
        await store(ply % 2 === 0 ? ann : ben, id, ply, uci, position);
      }
      expect(await call(ann, 'public.get_match_for_move($1, 4, $2, $3)', [id, 'g1f3', crypto.randomUUID()])).toEqual({
        ok: true, context: { player: ann, game: 'chess', side: 'first', position, from: positions[0], history: ['g8f6', 'g1f3', 'f6g8'] },
      });
    });

    it('ends a game on its winning move, refuses moves after it, and counts the result on both profiles', async () => {
      const id = await tictactoe();
      const line: [string, number, string, string][] = [[ann, 0, '0', 'X........'], [ben, 1, '3', 'X..O.....'], [ann, 2, '1', 'XX.O.....'], [ben, 3, '4', 'XX.OO....']];
      for (const [who, ply, move, position] of line) expect(await store(who, id, ply, move, position)).toMatchObject({ ok: true });
      expect(await store(ann, id, 4, '2', 'XXXOO....', { result: 'first', reason: 'three in a row' })).toMatchObject({
        ok: true, status: 'finished', turn: null, result: 'first', winner: ann, reason: 'three in a row',
      });
      expect(await store(ben, id, 5, '5', 'XXXOOO...')).toEqual({ ok: false, code: 'game_over', message: 'This game is over.' });
      expect(await myMatches(ann)).toMatchObject([{ status: 'finished', result: 'won', reason: 'three in a row', my_turn: false }]);
      expect(await myMatches(ben)).toMatchObject([{ status: 'finished', result: 'lost' }]);
      expect(await results(ann, 'mt_ann')).toEqual([{ game: 'tic-tac-toe', wins: 1, draws: 0, losses: 0 }]);
      // The public page shows the numbers too, to anyone, and nothing of whom they played.
      expect(await results(null, 'MT_BEN')).toEqual([{ game: 'tic-tac-toe', wins: 0, draws: 0, losses: 1 }]);
      expect(await results(null, 'mt_cat')).toEqual([]);
    });

    it('refuses a move once the player\'s time ran out, and the other player claims the game; not before, and not on their own turn', async () => {
      const id = await tictactoe();
      expect(await call(ben, 'public.claim_match_timeout($1)', [id])).toEqual({ won: false, seconds_left: 120 });
      expect(await refusal(ann, 'public.claim_match_timeout($1)', [id])).toEqual({ code: 'P0001', message: 'It is your turn: a game is won on time only while the other player is to move.' });
      await db.query(`update app_private.matches set deadline = now() - interval '1 second' where id = $1`, [id]);
      expect(await store(ann, id, 0, '4', '....X....')).toEqual({ ok: false, code: 'time_up', message: 'Your time for this move ran out: the other player may claim the game.' });
      expect(await call(ben, 'public.claim_match_timeout($1)', [id])).toEqual({ won: true, seconds_left: 0 });
      expect(await call(ben, 'public.get_match($1)', [id])).toMatchObject({ status: 'finished', result: 'second', winner: ben, reason: 'timeout' });
      expect(await results(ben, 'mt_ben')).toEqual([{ game: 'tic-tac-toe', wins: 1, draws: 0, losses: 0 }]);
    });

    it('resigns, on either turn, for a loss; an invite cannot be resigned', async () => {
      const invited = await invite(ann, ben, 'chess');
      expect(await refusal(ben, 'public.resign_match($1)', [invited])).toEqual({ code: 'P0001', message: 'This game has not started: cancel or decline the invite instead.' });
      const id = await tictactoe();
      await call(ben, 'public.resign_match($1)', [id]);
      expect(await call(ann, 'public.get_match($1)', [id])).toMatchObject({ status: 'finished', result: 'first', reason: 'resigned' });
      expect(await refusal(ann, 'public.resign_match($1)', [id])).toEqual({ code: 'P0001', message: 'This game is over.' });
      expect(await results(null, 'mt_ann')).toEqual([{ game: 'tic-tac-toe', wins: 1, draws: 0, losses: 0 }]);
    });

    it('offers a draw once per move; the other player accepts or turns it down, and a move turns it down too', async () => {
      const id = await tictactoe();
      await call(ann, 'public.offer_draw($1)', [id]);
      expect(await myMatches(ben)).toMatchObject([{ draw_offer: 'theirs' }]);
      expect(await refusal(ann, 'public.offer_draw($1)', [id])).toEqual({ code: 'P0001', message: 'You offered a draw already: wait for the answer.' });
      expect(await refusal(ann, 'public.answer_draw($1, true)', [id])).toEqual({ code: 'P0001', message: 'There is no draw offer waiting for your answer.' });
      expect(await call(ben, 'public.answer_draw($1, false)', [id])).toBe('active');
      expect(await refusal(ben, 'public.offer_draw($1)', [id])).toEqual({ code: 'P0001', message: 'A draw was offered since the last move. Make a move before offering again.' });
      await store(ann, id, 0, '4', '....X....');
      await call(ann, 'public.offer_draw($1)', [id]);
      // The offer waits through its own player's move ... and a move by the other player turns it down.
      await store(ben, id, 1, '0', 'O...X....');
      expect(await myMatches(ben)).toMatchObject([{ draw_offer: null }]);
      await call(ben, 'public.offer_draw($1)', [id]);
      expect(await call(ann, 'public.answer_draw($1, true)', [id])).toBe('finished');
      expect(await results(null, 'mt_ben')).toEqual([{ game: 'tic-tac-toe', wins: 0, draws: 1, losses: 0 }]);
    });

    it('offers one rematch of a finished game, sides swapped; offered back, it starts', async () => {
      const id = await tictactoe();
      expect(await refusal(ann, 'public.offer_rematch($1)', [id])).toEqual({ code: 'P0001', message: 'Only a game played to its end can be played again.' });
      await call(ben, 'public.resign_match($1)', [id]);
      const again = await call<string>(ben, 'public.offer_rematch($1)', [id]);
      expect(await refusal(ben, 'public.offer_rematch($1)', [id])).toEqual({ code: 'P0001', message: 'You offered a rematch already: wait for the answer.' });
      expect(await call(ann, 'public.offer_rematch($1)', [id])).toBe(again);
      expect(await call(ann, 'public.get_match($1)', [again])).toMatchObject({ status: 'active', rematch_of: Number(id), turn: ben, first_player: { username: 'mt_ben' } });
      expect(await call(ann, 'public.get_match($1)', [id])).toMatchObject({ rematch: Number(again) });
      await call(ann, 'public.resign_match($1)', [again]);
      expect(await refusal(ann, 'public.offer_rematch($1)', [id])).toEqual({
        code: 'P0001',
        message: 'A rematch of this game was offered already: invite your friend to a new game instead.',
      });
    });

    it("keeps another pair's game and its moves from a stranger, who learns nothing of whether it exists", async () => {
      const id = await tictactoe();
      await store(ann, id, 0, '4', '....X....');
      const notYours = { code: 'P0001', message: 'This game is not yours: only its two players can see it or play in it.' };
      expect(await refusal(cat, 'public.get_match($1)', [id])).toEqual(notYours);
      expect(await refusal(cat, 'public.get_match($1)', [999999999])).toEqual(notYours);
      expect(await call(cat, 'public.get_match_for_move($1, 1, $2, $3)', [id, '0', crypto.randomUUID()])).toMatchObject({ ok: false, code: 'not_your_game' });
      for (const sql of ['public.answer_match_invite($1, true)', 'public.resign_match($1)', 'public.offer_draw($1)', 'public.claim_match_timeout($1)', 'public.offer_rematch($1)', 'public.report_match_player($1)']) {
        expect(await refusal(cat, sql, [id]), sql).toEqual(notYours);
      }
      expect(await myMatches(cat)).toEqual([]);
      for (const table of ['matches', 'match_moves', 'match_results', 'match_reports']) {
        for (const actor of [ann, null]) expect((await refusal(actor, `count(*) from app_private.${table}`)).code).toBe('42501');
      }
      expect((await refusal(null, 'public.get_my_matches()')).code).toBe('42501');
    });

    it('lets a player report the other; the desk reads the game, ends it for no result, and the end is final', async () => {
      const id = await tictactoe();
      await store(ann, id, 0, '4', '....X....');
      const moderator = await createPlayer(db, 'mt_mod');
      await db.query('insert into public.moderators (user_id, granted_by) values ($1, $2)', [moderator, 'the operator']);
      expect(await refusal(moderator, 'public.get_match($1)', [id])).toMatchObject({ code: 'P0001' });
      expect(Number(await call(ben, 'public.report_match_player($1, $2)', [id, ' Rude names in the chat. ']))).toBeGreaterThan(0);
      expect(await refusal(ben, 'public.report_match_player($1, $2)', [id, 'again'])).toEqual({ code: 'P0001', message: 'You reported this game already: a moderator will look at it.' });
      expect(await refusal(ann, 'public.report_match_player($1, $2)', [id, 'x'.repeat(501)])).toMatchObject({ code: '22023' });
      expect((await refusal(ann, 'public.get_reported_matches()')).code).toBe('42501');
      expect(await as(db, moderator, 'select match_id, game, status, ply, reporter_username, reported_username, reason from public.get_reported_matches()')).toEqual([
        { match_id: id, game: 'tic-tac-toe', status: 'active', ply: 1, reporter_username: 'mt_ben', reported_username: 'mt_ann', reason: 'Rude names in the chat.' },
      ]);
      expect(await call(moderator, 'public.get_match($1)', [id])).toMatchObject({ moves: [{ ply: 0, move: '4' }] });
      expect((await refusal(ann, 'public.end_match($1, $2)', [id, 'mine'])).code).toBe('42501');
      const decision = await call<string>(moderator, 'public.end_match($1, $2)', [id, 'Name-calling.']);
      expect(await call(ann, 'public.get_match($1)', [id])).toMatchObject({ status: 'ended', reason: 'moderator', result: null, turn: null });
      expect(await store(ben, id, 1, '0', 'O...X....')).toMatchObject({ ok: false, code: 'game_over', message: 'A moderator ended this game.' });
      expect(await results(null, 'mt_ann')).toEqual([]);
      expect(await as(db, moderator, 'select * from public.get_reported_matches()')).toEqual([]);
      expect(await refusal(moderator, 'public.end_match($1, $2)', [id, 'again'])).toEqual({ code: 'P0001', message: 'That game is already over, and no report of it is open.' });
      expect(await refusal(moderator, 'public.undo_moderation_decision($1, $2)', [decision, 'oops'])).toEqual({
        code: 'P0001',
        message: 'A game a moderator ended stays ended: its players can start a new one.',
      });
      expect(await as(db, moderator, 'select subject, about, action, undoable from public.get_moderation_decisions(5)')).toEqual([
        { subject: 'match', about: 'Tic Tac Toe: mt_ann v mt_ben', action: 'end', undoable: false },
      ]);
      // A moderator does not end a game they play in.
      await db.query('insert into public.moderators (user_id, granted_by) values ($1, $2)', [ann, 'the operator']);
      const own = await invite(ann, ben, 'chess');
      expect(await refusal(ann, 'public.end_match($1, $2)', [own, 'mine'])).toEqual({ code: 'P0001', message: 'You cannot decide on a game you play in: another moderator will.' });
    });

    it("lists the games waiting for the student's move first", async () => {
      const annFirst = await tictactoe();
      const benFirst = await invite(ann, ben, 'chess', 'live', 'friend');
      await accept(ben, benFirst);
      expect((await myMatches(ann)).map((m) => [m.match_id, m.my_turn])).toEqual([[annFirst, true], [benFirst, false]]);
      expect((await myMatches(ben)).map((m) => [m.match_id, m.my_turn])).toEqual([[benFirst, true], [annFirst, false]]);
    });

    it('sweeps invites never played a day after they closed, unless a report of one is open', async () => {
      const declined = await invite(ann, ben, 'chess');
      await call(ben, 'public.answer_match_invite($1, false)', [declined]);
      const reported = await invite(ann, ben, 'hex-conquest');
      await call(ben, 'public.report_match_player($1)', [reported]);
      await call(ben, 'public.answer_match_invite($1, false)', [reported]);
      const played = await tictactoe();
      await call(ann, 'public.resign_match($1)', [played]);
      await db.query(`update app_private.matches set finished_at = now() - interval '1 day 1 second', created_at = now() - interval '2 days'`);
      await invite(ann, ben, 'chess');
      const { rows } = await db.query<{ id: string }>('select id from app_private.matches where id = any($1::bigint[]) order by id', [[declined, reported, played]]);
      expect(rows.map((r) => r.id)).toEqual([reported, played]);
    });
  });
}
