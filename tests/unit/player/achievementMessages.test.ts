// The portal's side of achievements and stats (issue 29): parseGameMessage accepts only well formed
// sdk:achievement and sdk:stat messages, and a game session passes on only those naming a run it issued.
import { describe, expect, it } from 'vitest';
import { parseGameMessage, type GameAchievement, type GameStat } from '../../../src/domain/gameSdk.ts';
import { GameSession } from '../../../src/features/player/gameSession.ts';

const RUN = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const OTHER_RUN = '2c5f39cb-3fb2-42e3-994f-1127e4ddb538';

describe('parseGameMessage, achievements and stats', () => {
  it('accepts an achievement and a stat at the edges of their forms, dropping extra fields', () => {
    expect(parseGameMessage({ type: 'sdk:achievement', version: 2, runId: RUN, id: 'a'.repeat(48), extra: 1 })).toEqual({
      ok: true, message: { type: 'sdk:achievement', runId: RUN, id: 'a'.repeat(48) },
    });
    expect(parseGameMessage({ type: 'sdk:stat', version: 2, runId: RUN, name: 'best_tile', value: 1_000_000_000 })).toEqual({
      ok: true, message: { type: 'sdk:stat', runId: RUN, name: 'best_tile', value: 1_000_000_000 },
    });
    expect(parseGameMessage({ type: 'sdk:stat', version: 2, runId: RUN, name: 'x', value: -0 })).toEqual({
      ok: true, message: { type: 'sdk:stat', runId: RUN, name: 'x', value: 0 },
    });
  });

  it('rejects a bad run, id, name or value', () => {
    const reason = (data: Record<string, unknown>) => {
      const parsed = parseGameMessage({ version: 2, ...data });
      return parsed.ok ? 'accepted' : parsed.reason;
    };
    expect(reason({ type: 'sdk:achievement', runId: 'run-1', id: 'first-apple' })).toBe('bad-run');
    expect(reason({ type: 'sdk:achievement', runId: RUN, id: 'a'.repeat(49) })).toBe('bad-achievement');
    expect(reason({ type: 'sdk:achievement', runId: RUN, id: '<script>' })).toBe('bad-achievement');
    expect(reason({ type: 'sdk:achievement', runId: RUN })).toBe('bad-achievement');
    expect(reason({ type: 'sdk:stat', runId: null, name: 'length', value: 1 })).toBe('bad-run');
    expect(reason({ type: 'sdk:stat', runId: RUN, name: 'Length', value: 1 })).toBe('bad-stat');
    expect(reason({ type: 'sdk:stat', runId: RUN, name: 'length', value: 1_000_000_001 })).toBe('bad-stat');
    expect(reason({ type: 'sdk:stat', runId: RUN, name: 'length', value: 1.5 })).toBe('bad-stat');
    expect(reason({ type: 'sdk:stat', runId: RUN, name: 'length', value: -1 })).toBe('bad-stat');
    expect(reason({ type: 'sdk:stat', runId: RUN, name: 'length', value: '5' })).toBe('bad-stat');
  });
});

describe('a game session, achievements and stats', () => {
  function session() {
    const achievements: Omit<GameAchievement, 'type'>[] = [];
    const stats: Omit<GameStat, 'type'>[] = [];
    const runs = [RUN, '33333333-3333-4333-8333-333333333333'];
    let next = 0;
    const game = new GameSession({
      gameId: 'snake',
      post: () => undefined,
      readSave: async () => null,
      writeSave: async () => undefined,
      muted: () => true,
      setMuted: () => undefined,
      onScore: () => undefined,
      now: () => 1_000,
      newRunId: () => runs[next++]!,
      onAchievement: (a) => achievements.push(a),
      onStat: (s) => stats.push(s),
    });
    return { game, achievements, stats };
  }

  it('passes on an unlock and a stat of a run it issued, and drops one naming any other run', async () => {
    const { game, achievements, stats } = session();
    await game.receive({ type: 'sdk:achievement', runId: RUN, id: 'first-apple' });
    expect(achievements).toEqual([]);
    await game.receive({ type: 'sdk:hello' });
    await game.receive({ type: 'sdk:achievement', runId: RUN, id: 'first-apple' });
    await game.receive({ type: 'sdk:achievement', runId: OTHER_RUN, id: 'length-50' });
    await game.receive({ type: 'sdk:stat', runId: RUN, name: 'length', value: 12 });
    await game.receive({ type: 'sdk:stat', runId: OTHER_RUN, name: 'length', value: 50 });
    expect(achievements).toEqual([{ runId: RUN, id: 'first-apple' }]);
    expect(stats).toEqual([{ runId: RUN, name: 'length', value: 12 }]);
  });

  it('still passes on what a game sends for its last run after a score issued the next', async () => {
    const { game, achievements } = session();
    await game.receive({ type: 'sdk:hello' });
    await game.receive({ type: 'sdk:score', runId: RUN, score: 5, durationMs: 0, resumed: false, proof: null });
    await game.receive({ type: 'sdk:achievement', runId: RUN, id: 'first-apple' });
    await game.receive({ type: 'sdk:achievement', runId: '33333333-3333-4333-8333-333333333333', id: 'length-20' });
    expect(achievements.map((a) => a.id)).toEqual(['first-apple', 'length-20']);
  });
});
