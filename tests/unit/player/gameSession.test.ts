import { describe, expect, it } from 'vitest';
import { StorageFullError } from '../../../src/store/quota.ts';
import type { RoomMove, RoomState } from '../../../src/domain/gameRoom.ts';
import type { GameCurrentScore, GameFeatures, GameScore, PortalMessage } from '../../../src/domain/gameSdk.ts';
import { GameSession } from '../../../src/features/player/gameSession.ts';

const RUNS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];

function session(options: { save?: string | null; readSave?: () => Promise<string | null>; writeSave?: (state: string) => Promise<void> } = {}) {
  const posted: PortalMessage[] = [];
  const scores: GameScore[] = [];
  const written: string[] = [];
  const gameplay: boolean[] = [];
  const issued: string[] = [];
  const current: GameCurrentScore[] = [];
  const features: Omit<GameFeatures, 'type'>[] = [];
  const moves: RoomMove[] = [];
  let muted = true;
  let now = 1_000;
  let run = 0;
  const game = new GameSession({
    gameId: 'snake',
    post: (m) => posted.push(m),
    readSave: options.readSave ?? (async () => options.save ?? null),
    writeSave:
      options.writeSave ??
      (async (state) => {
        written.push(state);
      }),
    muted: () => muted,
    setMuted: (m) => {
      muted = m;
    },
    onScore: (s) => scores.push(s),
    onGameplay: (p) => gameplay.push(p),
    now: () => now,
    newRunId: () => RUNS[run++]!,
    onRunIssued: (runId) => issued.push(runId),
    onCurrentScore: (c) => current.push(c),
    onFeatures: (f) => features.push(f),
    onMove: (m) => moves.push(m),
  });
  return {
    game,
    posted,
    scores,
    written,
    gameplay,
    issued,
    current,
    features,
    moves,
    muted: () => muted,
    tick: (ms: number) => {
      now += ms;
    },
  };
}

const score = (runId: string, durationMs: number) => ({ type: 'sdk:score' as const, runId, score: 50, durationMs, resumed: false, proof: null });

// The server numbers its matches; a room names one by that number, as text.
const MATCH = '7';
/** Ben plays O (seat 1) against Ana; Ana opened in the centre. */
const ROOM: RoomState = {
  matchId: MATCH,
  game: 'tic-tac-toe',
  seat: 1,
  players: ['ana', 'ben'],
  moves: ['4'],
  turn: 1,
  result: null,
  refused: null,
};
const move = (ply: number, cell: string, matchId = MATCH) => ({ type: 'sdk:move' as const, matchId, ply, move: cell });

describe('GameSession', () => {
  it('asks the game for the score on its screen and hands the answer on, without closing the run', async () => {
    const s = session();
    await s.game.receive({ type: 'sdk:hello' });
    s.game.requestScore();
    expect(s.posted.at(-1)).toEqual({ type: 'portal:score-request', version: 2 });
    await s.game.receive({ type: 'sdk:current-score', score: 1180, proof: null });
    expect(s.current).toEqual([{ type: 'sdk:current-score', score: 1180, proof: null }]);
    expect(s.scores).toEqual([]);
    expect(s.issued).toEqual([RUNS[0]]);
  });

  it('hands on what the game answers to, and asks it for a new game', async () => {
    const s = session();
    await s.game.receive({ type: 'sdk:features', currentScore: true, newGame: true });
    expect(s.features).toEqual([{ currentScore: true, newGame: true }]);
    s.game.newGame();
    expect(s.posted).toEqual([{ type: 'portal:new-game', version: 2 }]);
  });

  it('answers the hello with the game, a run id, the mute state, the save and no room', async () => {
    const s = session({ save: '{"best":40}' });
    await s.game.receive({ type: 'sdk:hello' });
    expect(s.posted).toEqual([{ type: 'portal:init', version: 2, gameId: 'snake', runId: RUNS[0], muted: true, save: '{"best":40}', room: null }]);
  });

  it('tells the game of each change of its room, and hands a move that fits it on to be judged', async () => {
    const s = session();
    s.game.room(ROOM);
    await s.game.receive({ type: 'sdk:hello' });
    expect(s.posted).toEqual([
      { type: 'portal:room', version: 2, room: ROOM },
      { type: 'portal:init', version: 2, gameId: 'snake', runId: RUNS[0], muted: true, save: null, room: ROOM },
    ]);
    await s.game.receive(move(1, '0'));
    expect(s.moves).toEqual([{ matchId: MATCH, ply: 1, move: '0' }]);
    // Ana's reply, then Ben's next move.
    s.game.room({ ...ROOM, moves: ['4', '0', '8'], turn: 1 });
    expect(s.posted.at(-1)).toEqual({ type: 'portal:room', version: 2, room: { ...ROOM, moves: ['4', '0', '8'], turn: 1 } });
    await s.game.receive(move(3, '2'));
    expect(s.moves).toHaveLength(2);
  });

  it('ignores a move with no room open, of another match, at a wrong ply, out of turn or after the result', async () => {
    const alone = session();
    await alone.game.receive({ type: 'sdk:hello' });
    await alone.game.receive(move(0, '4'));
    expect(alone.moves).toEqual([]);

    const s = session();
    s.game.room(ROOM);
    await s.game.receive(move(1, '0', '8'));
    await s.game.receive(move(0, '0'));
    await s.game.receive(move(2, '0'));
    expect(s.moves).toEqual([]);
    s.game.room({ ...ROOM, turn: 0 });
    await s.game.receive(move(1, '0'));
    expect(s.moves).toEqual([]);
    s.game.room({ ...ROOM, turn: null, result: { winner: 0, reason: 'resigned' } });
    await s.game.receive(move(1, '0'));
    expect(s.moves).toEqual([]);
  });

  it('hands on one move per turn: the same move posted twice, or a second move before the reply, is ignored', async () => {
    const s = session();
    s.game.room(ROOM);
    await s.game.receive(move(1, '0'));
    await s.game.receive(move(1, '0'));
    await s.game.receive(move(2, '8'));
    expect(s.moves).toEqual([{ matchId: MATCH, ply: 1, move: '0' }]);
  });

  it('answers the hello of a reloaded frame with the room as it stands, its move not yet confirmed included', async () => {
    const s = session();
    s.game.room(ROOM);
    await s.game.receive({ type: 'sdk:hello' });
    await s.game.receive(move(1, '0'));
    await s.game.receive({ type: 'sdk:hello' });
    expect(s.posted.at(-1)).toEqual({
      type: 'portal:init',
      version: 2,
      gameId: 'snake',
      runId: RUNS[1],
      muted: true,
      save: null,
      room: { ...ROOM, moves: ['4', '0'], turn: 0 },
    });
  });

  it('still answers the hello, with no save, when the save cannot be read', async () => {
    const s = session({ readSave: () => Promise.reject(new Error('disk')) });
    await s.game.receive({ type: 'sdk:hello' });
    expect(s.posted[0]).toMatchObject({ type: 'portal:init', save: null });
  });

  it('passes a score of the current run with a plausible duration, then issues the next run', async () => {
    const s = session();
    await s.game.receive({ type: 'sdk:hello' });
    await s.game.receive({ type: 'sdk:gameplay-start' });
    s.tick(30_000);
    await s.game.receive(score(RUNS[0]!, 29_500));
    expect(s.scores).toEqual([score(RUNS[0]!, 29_500)]);
    expect(s.posted.at(-1)).toEqual({ type: 'portal:run', version: 2, runId: RUNS[1] });
    expect(s.gameplay).toEqual([true]);
  });

  it('refuses a score of an old run, a replayed score, and one claiming more play than the portal saw', async () => {
    const s = session();
    await s.game.receive({ type: 'sdk:hello' });
    await s.game.receive({ type: 'sdk:gameplay-start' });
    s.tick(10_000);
    await s.game.receive(score(RUNS[0]!, 60_000));
    expect(s.scores).toEqual([]);
    await s.game.receive(score(RUNS[0]!, 10_000));
    expect(s.scores).toHaveLength(1);
    // The same message again: its run is closed.
    await s.game.receive(score(RUNS[0]!, 10_000));
    expect(s.scores).toHaveLength(1);
    // The next run goes on from the score, still in play.
    s.tick(5_000);
    await s.game.receive(score(RUNS[1]!, 5_000));
    expect(s.scores).toHaveLength(2);
  });

  it('tells the server of each run as it issues it: at the handshake and after each score, never for a refused one', async () => {
    const s = session();
    await s.game.receive({ type: 'sdk:hello' });
    expect(s.issued).toEqual([RUNS[0]]);
    await s.game.receive({ type: 'sdk:gameplay-start' });
    s.tick(1_000);
    await s.game.receive(score(RUNS[0]!, 60_000));
    expect(s.issued).toEqual([RUNS[0]]);
    await s.game.receive(score(RUNS[0]!, 1_000));
    expect(s.issued).toEqual([RUNS[0], RUNS[1]]);
    expect(s.posted.at(-1)).toEqual({ type: 'portal:run', version: 2, runId: RUNS[1] });
  });

  it('refuses a score before the handshake', async () => {
    const s = session();
    await s.game.receive(score(RUNS[0]!, 0));
    expect(s.scores).toEqual([]);
    expect(s.posted).toEqual([]);
  });

  it('writes a save and confirms it with the request id', async () => {
    const s = session();
    await s.game.receive({ type: 'sdk:save', requestId: 4, state: '{"best":10}' });
    expect(s.written).toEqual(['{"best":10}']);
    expect(s.posted).toEqual([{ type: 'portal:saved', version: 2, requestId: 4, ok: true, error: null }]);
  });

  it('tells the game when the device is out of space, and when the write failed otherwise', async () => {
    const full = session({ writeSave: () => Promise.reject(new StorageFullError(new Error('quota'))) });
    await full.game.receive({ type: 'sdk:save', requestId: 1, state: '{}' });
    expect(full.posted).toEqual([{ type: 'portal:saved', version: 2, requestId: 1, ok: false, error: 'storage-full' }]);
    const broken = session({ writeSave: () => Promise.reject(new Error('closed')) });
    await broken.game.receive({ type: 'sdk:save', requestId: 2, state: '{}' });
    expect(broken.posted).toEqual([{ type: 'portal:saved', version: 2, requestId: 2, ok: false, error: 'failed' }]);
  });

  it("keeps the game's own sound choice for the portal, and tells the game of the portal's", async () => {
    const s = session();
    await s.game.receive({ type: 'sdk:set-muted', muted: false });
    expect(s.muted()).toBe(false);
    s.game.mute(true);
    expect(s.posted).toEqual([{ type: 'portal:mute', version: 2, muted: true }]);
  });

  it('reports gameplay to the page', async () => {
    const s = session();
    await s.game.receive({ type: 'sdk:hello' });
    await s.game.receive({ type: 'sdk:gameplay-start' });
    await s.game.receive({ type: 'sdk:gameplay-stop' });
    expect(s.gameplay).toEqual([true, false]);
  });
});
