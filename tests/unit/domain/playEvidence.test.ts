import { describe, expect, it } from 'vitest';
import { describePlay, playTime } from '../../../src/domain/playEvidence.ts';

describe('playTime', () => {
  it.each([
    [0, '0 s'],
    [-5, '0 s'],
    [999, '0 s'],
    [1_000, '1 s'],
    [59_999, '59 s'],
    [60_000, '1 min'],
    [61_000, '1 min 1 s'],
    [3_599_999, '59 min 59 s'],
    [3_600_000, '1 h'],
    [3_660_000, '1 h 1 min'],
    [86_400_000, '24 h'],
  ])('%i ms reads %s', (ms, text) => {
    expect(playTime(ms)).toBe(text);
  });
});

describe('describePlay', () => {
  it('names a score typed by hand, whatever else the row holds', () => {
    expect(describePlay({ play_ms: null, play_seen_ms: null, resumed: false })).toBe('Typed in by hand: the game did not report this score.');
  });

  it('says a resumed game counts only play since its save', () => {
    expect(describePlay({ play_ms: 12_000, play_seen_ms: 13_000, resumed: true })).toBe(
      'The game went on from a save: 12 s of play since, and earlier play is not counted.',
    );
  });

  it('says when the server never saw the game start', () => {
    expect(describePlay({ play_ms: 90_000, play_seen_ms: null, resumed: false })).toBe(
      'The game reported 1 min 30 s of play. The server did not see this game start (played offline, or on a slow connection).',
    );
  });

  it('puts the claim beside the server clock', () => {
    expect(describePlay({ play_ms: 28_000, play_seen_ms: 30_000, resumed: false })).toBe(
      'The game reported 28 s of play; the server saw this game start 30 s before the score was sent.',
    );
  });
});
