import { describe, expect, it } from 'vitest';
import { PROOF_PREFIX } from '../../../src/domain/gameSdk.ts';
import { validateProofImage } from '../../../src/domain/score.ts';
import { acceptGameMessage, proofFile, proofFileName } from '../../../src/features/player/gameMessages.ts';

const TINY_PNG =
  PROOF_PREFIX + 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const gameWindow = { name: 'the snake frame' };
const scoreData = {
  type: 'sdk:score',
  version: 2,
  runId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  score: 130,
  durationMs: 20_000,
  resumed: false,
  proof: TINY_PNG,
};
const { version: _version, ...scoreMessage } = scoreData;

describe('acceptGameMessage: the portal side of the game SDK', () => {
  it('accepts a well-formed message from the opened game frame, whose sandbox makes its origin opaque', () => {
    expect(acceptGameMessage({ origin: 'null', source: gameWindow, data: scoreData }, gameWindow)).toEqual(scoreMessage);
  });

  it('ignores a message from another window, even one that is otherwise perfect', () => {
    expect(acceptGameMessage({ origin: 'null', source: { name: 'another frame' }, data: scoreData }, gameWindow)).toBeNull();
    expect(acceptGameMessage({ origin: 'null', source: null, data: scoreData }, gameWindow)).toBeNull();
  });

  it('ignores the frame when it has a real origin: that is not the sandboxed game', () => {
    expect(acceptGameMessage({ origin: 'http://127.0.0.1:4173', source: gameWindow, data: scoreData }, gameWindow)).toBeNull();
    expect(acceptGameMessage({ origin: 'https://evil.example', source: gameWindow, data: scoreData }, gameWindow)).toBeNull();
  });

  it('ignores everything while the frame has no window yet', () => {
    expect(acceptGameMessage({ origin: 'null', source: null, data: scoreData }, null)).toBeNull();
    expect(acceptGameMessage({ origin: 'null', source: undefined, data: scoreData }, undefined)).toBeNull();
  });

  it('ignores a malformed score and a forged proof', () => {
    const post = (data: unknown) => acceptGameMessage({ origin: 'null', source: gameWindow, data }, gameWindow);
    expect(post({ ...scoreData, score: '130' })).toBeNull();
    expect(post({ ...scoreData, score: -1 })).toBeNull();
    expect(post({ ...scoreData, proof: 'data:image/svg+xml;base64,PHN2Zz4=' })).toBeNull();
    expect(post('sdk:score')).toBeNull();
  });

  it('drops extra fields so nothing unknown reaches the form', () => {
    const accepted = acceptGameMessage({ origin: 'null', source: gameWindow, data: { ...scoreData, userId: 'someone-else' } }, gameWindow);
    expect(accepted).toEqual(scoreMessage);
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
