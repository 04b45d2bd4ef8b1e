import { describe, expect, it } from 'vitest';
import {
  bundledGameId,
  parseGameMessage,
  PROOF_PREFIX,
  proofBytes,
  type GameMessageRejection,
} from '../../../src/domain/gameBridge.ts';
import { PROOF_MAX_BYTES, SCORE_MAX } from '../../../src/domain/score.ts';

const expected = { gameId: 'snake' };

/** A real 1x1 PNG, as canvas.toDataURL('image/png') would give. */
const TINY_PNG =
  PROOF_PREFIX + 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A data URL whose body decodes to `bytes` bytes, starting with the PNG signature. */
function pngOfSize(bytes: number): string {
  const header = 'iVBORw0KGgo'; // 8 bytes of signature, plus 2 bits of the next byte
  const chars = Math.ceil(bytes / 3) * 4;
  const body = header + 'A'.repeat(chars - header.length);
  const padding = (3 - (bytes % 3)) % 3;
  return PROOF_PREFIX + body.slice(0, body.length - padding) + '='.repeat(padding);
}

const score = (overrides: Record<string, unknown> = {}) => ({
  type: 'portal:score',
  version: 1,
  gameId: 'snake',
  score: 120,
  proof: TINY_PNG,
  ...overrides,
});

describe('parseGameMessage accepts', () => {
  it('a ready message', () => {
    expect(parseGameMessage({ type: 'portal:ready', version: 1, gameId: 'snake' }, expected)).toEqual({
      ok: true,
      message: { type: 'portal:ready', version: 1, gameId: 'snake' },
    });
  });

  it.each([
    ['a score with a PNG proof', score()],
    ['a score without a proof', score({ proof: null })],
    ['a zero score', score({ score: 0 })],
    ['the highest score', score({ score: SCORE_MAX })],
    ['a proof of exactly the size limit', score({ proof: pngOfSize(PROOF_MAX_BYTES) })],
  ])('%s', (_name, data) => {
    const parsed = parseGameMessage(data, expected);
    expect(parsed).toEqual({ ok: true, message: data });
  });

  it('tolerates extra fields but drops them from the message it returns', () => {
    const parsed = parseGameMessage(score({ player: 'admin', __proto__junk: { x: 1 }, bonus: 1e9 }), expected);
    expect(parsed).toEqual({ ok: true, message: score() });
  });
});

describe('parseGameMessage rejects', () => {
  const cases: Array<[string, unknown, GameMessageRejection]> = [
    ['null', null, 'not-an-object'],
    ['undefined', undefined, 'not-an-object'],
    ['a string', 'portal:score', 'not-an-object'],
    ['a number', 42, 'not-an-object'],
    ['an array', [score()], 'not-an-object'],
    ['a missing type', { version: 1, gameId: 'snake', score: 1, proof: null }, 'unknown-type'],
    ['an unknown type', score({ type: 'portal:cheat' }), 'unknown-type'],
    ['a type in other case', score({ type: 'Portal:Score' }), 'unknown-type'],
    ['a missing version', score({ version: undefined }), 'wrong-version'],
    ['version 2', score({ version: 2 }), 'wrong-version'],
    ['version as text', score({ version: '1' }), 'wrong-version'],
    ['a score for another game', score({ gameId: '2048' }), 'wrong-game'],
    ['a ready message for another game', { type: 'portal:ready', version: 1, gameId: 'flappy' }, 'wrong-game'],
    ['a missing game id', score({ gameId: undefined }), 'wrong-game'],
    ['a game id in other case', score({ gameId: 'Snake' }), 'wrong-game'],
    ['a game id as an object', score({ gameId: { toString: () => 'snake' } }), 'wrong-game'],
    ['a negative score', score({ score: -1 }), 'bad-score'],
    ['minus infinity', score({ score: -Infinity }), 'bad-score'],
    ['a fractional score', score({ score: 10.5 }), 'bad-score'],
    ['NaN', score({ score: Number.NaN }), 'bad-score'],
    ['Infinity', score({ score: Number.POSITIVE_INFINITY }), 'bad-score'],
    ['a score above SCORE_MAX', score({ score: SCORE_MAX + 1 }), 'bad-score'],
    ['an unsafe integer', score({ score: 2 ** 53 }), 'bad-score'],
    ['a score as text', score({ score: '120' }), 'bad-score'],
    ['a score as a bigint', score({ score: 120n }), 'bad-score'],
    ['a missing score', score({ score: undefined }), 'bad-score'],
    ['a missing proof', score({ proof: undefined }), 'bad-proof'],
    ['an empty proof', score({ proof: '' }), 'bad-proof'],
    ['a JPEG proof', score({ proof: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==' }), 'bad-proof'],
    ['an SVG proof', score({ proof: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }), 'bad-proof'],
    ['a remote URL', score({ proof: 'https://example.com/x.png' }), 'bad-proof'],
    ['a PNG label on other bytes', score({ proof: PROOF_PREFIX + 'R0lGODlhAQABAAAAACw=' }), 'bad-proof'],
    ['a body that is not base64', score({ proof: PROOF_PREFIX + 'iVBORw0KGgo<script>A' }), 'bad-proof'],
    ['a truncated body', score({ proof: TINY_PNG.slice(0, -1) }), 'bad-proof'],
    ['a proof one byte over the limit', score({ proof: pngOfSize(PROOF_MAX_BYTES + 1) }), 'bad-proof'],
    ['a proof as an object', score({ proof: { src: TINY_PNG } }), 'bad-proof'],
  ];

  it.each(cases)('%s', (_name, data, reason) => {
    expect(parseGameMessage(data, expected)).toEqual({ ok: false, reason });
  });

  it('everything when the portal has no game open', () => {
    expect(parseGameMessage(score({ gameId: '' }), { gameId: '' })).toEqual({ ok: false, reason: 'wrong-game' });
  });
});

describe('negative zero', () => {
  it('is read as a plain zero score', () => {
    const parsed = parseGameMessage(score({ score: -0 }), expected);
    expect(parsed.ok && parsed.message.type === 'portal:score' && Object.is(parsed.message.score, 0)).toBe(true);
  });
});

describe('proofBytes', () => {
  it('decodes an accepted proof into the PNG file', () => {
    const bytes = proofBytes(TINY_PNG);
    expect(Array.from(bytes.slice(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.length).toBe(70);
  });

  it('gives exactly the size the size check counted', () => {
    expect(proofBytes(pngOfSize(1000)).length).toBe(1000);
    expect(proofBytes(pngOfSize(1001)).length).toBe(1001);
    expect(proofBytes(pngOfSize(1002)).length).toBe(1002);
  });
});

describe('bundledGameId', () => {
  it.each([
    ['/games/snake/index.html', 'snake'],
    ['/games/2048/index.html', '2048'],
    ['/games/flappy/', 'flappy'],
    ['https://elsewhere.example/games/snake/index.html', null],
    ['/games/../admin/index.html', null],
    ['/games/snake/other.html', null],
    ['/class/Snake', null],
  ])('%s -> %s', (url, id) => {
    expect(bundledGameId(url)).toBe(id);
  });
});
