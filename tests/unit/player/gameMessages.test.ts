import { describe, expect, it } from 'vitest';
import { PROOF_PREFIX } from '../../../src/domain/gameBridge.ts';
import { validateProofImage } from '../../../src/domain/score.ts';
import { acceptGameMessage, proofFile, proofFileName } from '../../../src/features/player/gameMessages.ts';

const TINY_PNG =
  PROOF_PREFIX + 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const ORIGIN = 'http://127.0.0.1:4173';
const gameWindow = { name: 'the snake frame' };
const frame = { origin: ORIGIN, frameWindow: gameWindow, gameId: 'snake' };
const scoreData = { type: 'portal:score', version: 1, gameId: 'snake', score: 130, proof: TINY_PNG };

describe('acceptGameMessage: the portal side of the score bridge', () => {
  it('accepts a well-formed score from the opened game frame on the portal origin', () => {
    expect(acceptGameMessage({ origin: ORIGIN, source: gameWindow, data: scoreData }, frame)).toEqual(scoreData);
  });

  it('ignores a message from another origin, even one that is otherwise perfect', () => {
    expect(acceptGameMessage({ origin: 'https://evil.example', source: gameWindow, data: scoreData }, frame)).toBeNull();
    expect(acceptGameMessage({ origin: 'null', source: gameWindow, data: scoreData }, frame)).toBeNull();
  });

  it('ignores a message from another window of the same origin (another tab or frame)', () => {
    expect(acceptGameMessage({ origin: ORIGIN, source: { name: 'another frame' }, data: scoreData }, frame)).toBeNull();
    expect(acceptGameMessage({ origin: ORIGIN, source: null, data: scoreData }, frame)).toBeNull();
  });

  it('ignores everything while the frame has no window yet', () => {
    expect(acceptGameMessage({ origin: ORIGIN, source: null, data: scoreData }, { ...frame, frameWindow: null })).toBeNull();
  });

  it('ignores a score posted for another game, a malformed score, and a forged proof', () => {
    const post = (data: unknown) => acceptGameMessage({ origin: ORIGIN, source: gameWindow, data }, frame);
    expect(post({ ...scoreData, gameId: '2048' })).toBeNull();
    expect(post({ ...scoreData, score: '130' })).toBeNull();
    expect(post({ ...scoreData, score: 1.5 })).toBeNull();
    expect(post({ ...scoreData, score: -1 })).toBeNull();
    expect(post({ ...scoreData, proof: 'data:image/svg+xml;base64,PHN2Zz4=' })).toBeNull();
    expect(post('portal:score')).toBeNull();
  });

  it('drops extra fields so nothing unknown reaches the form', () => {
    const accepted = acceptGameMessage({ origin: ORIGIN, source: gameWindow, data: { ...scoreData, userId: 'someone-else' } }, frame);
    expect(accepted).not.toHaveProperty('userId');
  });

  it('passes the ready message through, which the form ignores', () => {
    const ready = { type: 'portal:ready', version: 1, gameId: 'snake' };
    expect(acceptGameMessage({ origin: ORIGIN, source: gameWindow, data: ready }, frame)).toEqual(ready);
  });
});

describe('proofFile', () => {
  it("names the screenshot '<gameId>-<score>.png' and makes a PNG the proof rules accept", async () => {
    expect(proofFileName('snake', 130)).toBe('snake-130.png');
    const file = proofFile('snake', 130, TINY_PNG);
    expect(file.name).toBe('snake-130.png');
    expect(file.type).toBe('image/png');
    expect([...new Uint8Array(await file.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(validateProofImage(file)).toBeNull();
  });
});
