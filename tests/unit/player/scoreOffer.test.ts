import { describe, expect, it } from 'vitest';
import { offerOfCurrentScore, offerOfScore } from '../../../src/features/player/scoreOffer.ts';

const RUN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const score = { type: 'sdk:score' as const, score: 64, runId: RUN, durationMs: 30_000, resumed: true, proof: null };

describe('score offers', () => {
  it('a finished run carries its run id only when the server saw it start', () => {
    expect(offerOfScore('2048', { ...score, runSeen: true }, 1).play).toEqual({ runId: RUN, durationMs: 30_000, resumed: true });
    expect(offerOfScore('2048', { ...score, runSeen: false }, 1).play).toEqual({ runId: null, durationMs: 30_000, resumed: true });
    expect(offerOfScore('2048', { ...score, runSeen: true }, 1)).toMatchObject({ score: 64, over: true, nonce: 1, proof: null });
  });

  it('a screenshot becomes the proof file of a bundled game only', () => {
    const proof = `data:image/png;base64,${Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]).toString('base64')}`;
    expect(offerOfScore('2048', { ...score, proof, runSeen: true }, 1).proof?.name).toBe('2048-64.png');
    expect(offerOfScore(null, { ...score, proof, runSeen: true }, 1).proof).toBeNull();
  });

  it('a score on the screen mid-game carries no play', () => {
    expect(offerOfCurrentScore('2048', { type: 'sdk:current-score', score: 12, proof: null }, 2)).toEqual({
      score: 12,
      proof: null,
      nonce: 2,
      play: null,
      over: false,
    });
  });
});
