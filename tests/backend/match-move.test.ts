// The match-move function (issue 28) through the embedded backend, over HTTP as a device calls it:
// the product's migrations, students signed up through auth, the function reading with the student's
// token and storing with the service role. Chess is judged by chess.js on the server: an illegal move
// and an out-of-turn move are refused and leave nothing behind, a checkmate ends the game with the
// result on both profiles, and a move sent twice (even at the same moment) is made once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../supabase/embedded/server.ts';
import { client, newUser } from './helpers.ts';

type Student = Awaited<ReturnType<typeof newUser>> & { username: string };

let backend: Backend;
let ann: Student;
let ben: Student;
let cat: Student;

async function rpc<T = unknown>(who: Student, fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await who.supabase.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as T;
}

/** POST /functions/v1/match-move as `who` (null: the anon key alone), as the device's outbox sends it. */
async function move(who: Student | null, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${backend.url}/functions/v1/match-move`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, authorization: `Bearer ${who ? who.session.access_token : backend.anonKey}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const made = (matchId: number, ply: number, uci: string) => ({ matchId, ply, move: uci, mutationId: crypto.randomUUID() });

/** A chess game, ann (white) against ben, accepted. */
async function chess(): Promise<number> {
  const id = await rpc<number>(ann, 'invite_to_match', { p_user_id: ben.id, p_game: 'chess', p_pace: 'live', p_moves_first: 'me' });
  await rpc(ben, 'answer_match_invite', { p_match_id: id, p_accept: true });
  return id;
}

beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: 'memory', quiet: true });
  const student = async (name: string): Promise<Student> => {
    const user = await newUser(backend, name);
    const { data } = await user.supabase.rpc('ensure_profile');
    return { ...user, username: (data as { username: string }).username };
  };
  [ann, ben, cat] = [await student('mm_ann'), await student('mm_ben'), await student('mm_cat')];
  await rpc(ann, 'request_friend', { p_username: ben.username });
  await rpc(ben, 'answer_friend_request', { p_user_id: ann.id, p_accept: true });
});
// A pair plays one game of chess at a time: each test's game ends with it.
afterEach(async () => {
  for (const game of await rpc<{ match_id: number; status: string }[]>(ann, 'get_my_matches')) {
    if (game.status === 'active') await rpc(ann, 'resign_match', { p_match_id: game.match_id });
  }
});
afterAll(() => backend.close());

describe('match-move', () => {
  it('refuses an illegal chess move with words, and stores nothing', async () => {
    const id = await chess();
    expect(await move(ann, made(id, 0, 'e2e5'))).toEqual({ status: 422, body: { ok: false, code: 'illegal_move', message: 'e2-e5 is not a legal move here.' } });
    expect(await move(ann, made(id, 0, 'e1e2'))).toMatchObject({ status: 422, body: { code: 'illegal_move' } });
    expect(await rpc(ann, 'get_match', { p_match_id: id })).toMatchObject({ ply: 0, moves: [] });
  });

  it('makes a legal move and answers with the new position and whose turn; a move out of turn is refused', async () => {
    const id = await chess();
    const answer = await move(ann, made(id, 0, 'e2e4'));
    expect(answer).toEqual({
      status: 200,
      body: {
        ok: true, matchId: id, ply: 1, move: 'e2e4', position: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
        turn: ben.id, status: 'active', result: null, winner: null, reason: null,
      },
    });
    expect(await move(ann, made(id, 1, 'd2d4'))).toEqual({
      status: 409, body: { ok: false, code: 'out_of_turn', message: "It is not your turn: wait for the other player's move." },
    });
    // Ben's reply, sent through supabase-js as the app does.
    const { data, error } = await ben.supabase.functions.invoke('match-move', { body: made(id, 1, 'e7e5') });
    expect(error).toBeNull();
    expect(data).toMatchObject({ ok: true, ply: 2, turn: ann.id });
    expect(await rpc(cat, 'get_my_matches')).toEqual([]);
  });

  it('ends the game on checkmate and counts it on both profiles', async () => {
    // Earlier tests' games ended by resigning: this one adds to what the profiles show.
    const chessResults = async (name: string) => {
      const { data } = await client(backend).rpc('get_match_results', { p_username: name });
      return (data as { game: string; wins: number; draws: number; losses: number }[]).find((r) => r.game === 'chess') ?? { game: 'chess', wins: 0, draws: 0, losses: 0 };
    };
    const [annBefore, benBefore] = [await chessResults(ann.username), await chessResults(ben.username)];
    const id = await chess();
    const line = [[ann, 'f2f3'], [ben, 'e7e5'], [ann, 'g2g4']] as const;
    for (const [i, [who, uci]] of line.entries()) expect((await move(who, made(id, i, uci))).status).toBe(200);
    expect(await move(ben, made(id, 3, 'd8h4'))).toMatchObject({
      status: 200, body: { ok: true, ply: 4, status: 'finished', turn: null, result: 'second', winner: ben.id, reason: 'checkmate' },
    });
    expect(await move(ann, made(id, 4, 'a2a3'))).toEqual({ status: 409, body: { ok: false, code: 'game_over', message: 'This game is over.' } });
    expect(await chessResults(ben.username)).toEqual({ ...benBefore, wins: benBefore.wins + 1 });
    expect(await chessResults(ann.username)).toEqual({ ...annBefore, losses: annBefore.losses + 1 });
    expect(await rpc(ann, 'get_my_matches')).toEqual(expect.arrayContaining([expect.objectContaining({ match_id: id, result: 'lost', reason: 'checkmate' })]));
  });

  it('makes a move sent twice, even at the same moment, once, answering both alike', async () => {
    const id = await chess();
    const sent = made(id, 0, 'g1f3');
    const [first, second] = await Promise.all([move(ann, sent), move(ann, sent)]);
    expect(first).toMatchObject({ status: 200, body: { ok: true, ply: 1, move: 'g1f3' } });
    expect(second).toEqual(first);
    await move(ben, made(id, 1, 'g8f6'));
    // Sent again after the game went on, it gets the first answer, and the game does not change.
    expect(await move(ann, sent)).toEqual(first);
    expect(await rpc(ann, 'get_match', { p_match_id: id })).toMatchObject({ ply: 2, moves: [{ ply: 0, move: 'g1f3' }, { ply: 1, move: 'g8f6' }] });
    // The same ply with another id is a second device's move, refused with words.
    expect(await move(ann, made(id, 0, 'e2e4'))).toEqual({
      status: 409, body: { ok: false, code: 'move_taken', message: 'That move was already made: the game has moved on since. Look at the board again.' },
    });
  });

  it("refuses another pair's game, a visitor and a malformed move, each with its code", async () => {
    const id = await chess();
    expect(await move(cat, made(id, 0, 'e2e4'))).toEqual({
      status: 403, body: { ok: false, code: 'not_your_game', message: 'This game is not yours: only its two players can see it or play in it.' },
    });
    expect(await move(cat, made(99999999, 0, 'e2e4'))).toMatchObject({ status: 403, body: { code: 'not_your_game' } });
    expect(await move(null, made(id, 0, 'e2e4'))).toMatchObject({ status: 401, body: { code: 'not_signed_in' } });
    for (const bad of ['{', { matchId: id }, { ...made(id, 0, 'e2e4'), mutationId: 'x' }, { ...made(id, -1, 'e2e4') }, { ...made(id, 0, 'x'.repeat(11)) }]) {
      expect(await move(ann, bad)).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    }
    expect(await rpc(ann, 'get_match', { p_match_id: id })).toMatchObject({ ply: 0, moves: [] });
  });
});
