import { describe, expect, it } from 'vitest';
import {
  bundledGameId,
  checkSaveState,
  initMessage,
  muteMessage,
  newGameMessage,
  parseGameMessage,
  PROOF_PREFIX,
  proofBytes,
  roomMessage,
  RUN_DURATION_MAX_MS,
  runMessage,
  SAVE_MAX_BYTES,
  savedMessage,
  scoreRequestMessage,
  type GameMessageRejection,
} from '../../../src/domain/gameSdk.ts';
import { PROOF_MAX_BYTES, SCORE_MAX } from '../../../src/domain/score.ts';

/** A real 1x1 PNG, as canvas.toDataURL('image/png') would give. */
const TINY_PNG =
  PROOF_PREFIX + 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const RUN = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

/** A data URL whose body decodes to `bytes` bytes, starting with the PNG signature. */
function pngOfSize(bytes: number): string {
  const header = 'iVBORw0KGgo'; // 8 bytes of signature, plus 2 bits of the next byte
  const chars = Math.ceil(bytes / 3) * 4;
  const body = header + 'A'.repeat(chars - header.length);
  const padding = (3 - (bytes % 3)) % 3;
  return PROOF_PREFIX + body.slice(0, body.length - padding) + '='.repeat(padding);
}

const score = (overrides: Record<string, unknown> = {}) => ({
  type: 'sdk:score',
  version: 2,
  runId: RUN,
  score: 120,
  durationMs: 45_000,
  resumed: false,
  proof: TINY_PNG,
  ...overrides,
});
const save = (overrides: Record<string, unknown> = {}) => ({ type: 'sdk:save', version: 2, requestId: 7, state: '{"best":30}', ...overrides });
const MATCH = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const move = (overrides: Record<string, unknown> = {}) => ({ type: 'sdk:move', version: 2, matchId: MATCH, ply: 0, move: 'e2e4', ...overrides });

/** JSON text of exactly `bytes` UTF-8 bytes. */
function jsonOfBytes(bytes: number, filler = 'a'): string {
  const unit = new TextEncoder().encode(filler).length;
  const text = `"${filler.repeat(Math.floor((bytes - 2) / unit))}"`;
  return text + ' '.repeat(bytes - new TextEncoder().encode(text).length);
}

describe('parseGameMessage accepts', () => {
  it.each([
    ['the hello of the handshake', { type: 'sdk:hello', version: 2 }],
    ['gameplay-start', { type: 'sdk:gameplay-start', version: 2 }],
    ['gameplay-stop', { type: 'sdk:gameplay-stop', version: 2 }],
    ['set-muted on', { type: 'sdk:set-muted', version: 2, muted: false }],
    ['set-muted off', { type: 'sdk:set-muted', version: 2, muted: true }],
    ['the score on screen with its screenshot', { type: 'sdk:current-score', version: 2, score: 1180, proof: TINY_PNG }],
    ['the score on screen without a screenshot', { type: 'sdk:current-score', version: 2, score: 0, proof: null }],
    ['the highest score on screen', { type: 'sdk:current-score', version: 2, score: SCORE_MAX, proof: null }],
    ['a screenshot of exactly the size limit', { type: 'sdk:current-score', version: 2, score: 5, proof: pngOfSize(PROOF_MAX_BYTES) }],
    ['the features a game answers to', { type: 'sdk:features', version: 2, currentScore: true, newGame: false }],
    ['a chess move in UCI', move()],
    ["a move of a match the server numbered, as its rooms name them", move({ matchId: '42' })],
    ['a move of the highest match number', move({ matchId: '9223372036854775807' })],
    ['a chess move that promotes, later in the match', move({ ply: 47, move: 'e7e8q' })],
    ['a Tic Tac Toe cell', move({ move: '4' })],
    ['a Hex Conquest move from one hexagon to another', move({ ply: 3, move: '12-20' })],
    ['a move of the longest text', move({ move: 'a'.repeat(12) })],
  ])('%s', (_name, data) => {
    const { version: _version, ...message } = data;
    expect(parseGameMessage(data)).toEqual({ ok: true, message });
  });

  it.each([
    ['a score with a PNG proof', score()],
    ['a score without a proof', score({ proof: null })],
    ['a zero score of a zero-length run', score({ score: 0, durationMs: 0 })],
    ['the highest score', score({ score: SCORE_MAX })],
    ['the longest run', score({ durationMs: RUN_DURATION_MAX_MS })],
    ['a proof of exactly the size limit', score({ proof: pngOfSize(PROOF_MAX_BYTES) })],
    ['a score of a game that went on from a save', score({ resumed: true })],
  ])('%s', (_name, data) => {
    const { version: _version, ...message } = data;
    expect(parseGameMessage(data)).toEqual({ ok: true, message });
  });

  it('reads a score that does not say whether its game went on from a save as a fresh game', () => {
    const { version: _version, resumed: _resumed, ...data } = score();
    expect(parseGameMessage({ ...data, version: 2 })).toEqual({ ok: true, message: { ...data, resumed: false } });
  });

  it.each([
    ['an object', '{"best":30,"board":[2,4,0]}'],
    ['null, which empties the slot', 'null'],
    ['a bare number', '42'],
    ['text with letters beyond ASCII', '{"name":"Zoë 🎲"}'],
    ['exactly the size limit', jsonOfBytes(SAVE_MAX_BYTES)],
    ['exactly the size limit in three-byte letters', jsonOfBytes(SAVE_MAX_BYTES - 1, '€') ],
  ])('a save of %s', (_name, state) => {
    expect(parseGameMessage(save({ state }))).toEqual({ ok: true, message: { type: 'sdk:save', requestId: 7, state } });
  });

  it('tolerates extra fields but drops them from the message it returns', () => {
    const { version: _v, ...expected } = score();
    expect(parseGameMessage(score({ gameId: 'chess', userId: 'admin', bonus: 1e9 }))).toEqual({ ok: true, message: expected });
    expect(parseGameMessage(save({ owner: 'someone-else' }))).toEqual({
      ok: true,
      message: { type: 'sdk:save', requestId: 7, state: '{"best":30}' },
    });
    expect(parseGameMessage({ type: 'sdk:hello', version: 2, gameId: 'snake' })).toEqual({ ok: true, message: { type: 'sdk:hello' } });
  });

  it('reads negative zero as zero', () => {
    const parsed = parseGameMessage(score({ score: -0, durationMs: -0 }));
    if (!parsed.ok || parsed.message.type !== 'sdk:score') throw new Error('expected a score');
    expect(Object.is(parsed.message.score, 0)).toBe(true);
    expect(Object.is(parsed.message.durationMs, 0)).toBe(true);
  });
});

describe('parseGameMessage rejects', () => {
  const cases: Array<[string, unknown, GameMessageRejection]> = [
    ['null', null, 'not-an-object'],
    ['undefined', undefined, 'not-an-object'],
    ['a string', 'sdk:score', 'not-an-object'],
    ['a number', 42, 'not-an-object'],
    ['an array', [score()], 'not-an-object'],
    ['a missing type', { version: 2 }, 'unknown-type'],
    ['an unknown type', score({ type: 'sdk:cheat' }), 'unknown-type'],
    ['a portal message sent back', { type: 'portal:init', version: 2 }, 'unknown-type'],
    ['a version 1 message', { type: 'portal:score', version: 1, gameId: 'snake', score: 1, proof: null }, 'unknown-type'],
    ['a type in other case', score({ type: 'SDK:score' }), 'unknown-type'],
    ['a type as an object', score({ type: { toString: () => 'sdk:score' } }), 'unknown-type'],
    ['a missing version', score({ version: undefined }), 'wrong-version'],
    ['version 1', score({ version: 1 }), 'wrong-version'],
    ['version 3', { type: 'sdk:hello', version: 3 }, 'wrong-version'],
    ['version as text', score({ version: '2' }), 'wrong-version'],
    ['a missing run id', score({ runId: undefined }), 'bad-run'],
    ['a score on screen above the highest', { type: 'sdk:current-score', version: 2, score: SCORE_MAX + 1, proof: null }, 'bad-score'],
    ['a score on screen with a fraction', { type: 'sdk:current-score', version: 2, score: 1.5, proof: null }, 'bad-score'],
    ['a score on screen as text', { type: 'sdk:current-score', version: 2, score: '1180', proof: null }, 'bad-score'],
    ['a screenshot one byte too large', { type: 'sdk:current-score', version: 2, score: 5, proof: pngOfSize(PROOF_MAX_BYTES + 1) }, 'bad-proof'],
    ['a screenshot that is a JPEG', { type: 'sdk:current-score', version: 2, score: 5, proof: 'data:image/jpeg;base64,/9j/4AAQ' }, 'bad-proof'],
    ['a screenshot missing', { type: 'sdk:current-score', version: 2, score: 5 }, 'bad-proof'],
    ['features without newGame', { type: 'sdk:features', version: 2, currentScore: true }, 'bad-features'],
    ['features as text', { type: 'sdk:features', version: 2, currentScore: 'yes', newGame: true }, 'bad-features'],
    ['resumed as text', score({ resumed: 'true' }), 'bad-resumed'],
    ['resumed as a number', score({ resumed: 1 }), 'bad-resumed'],
    ['resumed as null', score({ resumed: null }), 'bad-resumed'],
    ['a run id that is no UUID', score({ runId: 'run-1' }), 'bad-run'],
    ['a run id in capitals', score({ runId: RUN.toUpperCase() }), 'bad-run'],
    ['a run id with more around it', score({ runId: `${RUN}\n` }), 'bad-run'],
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
    ['a missing duration', score({ durationMs: undefined }), 'bad-duration'],
    ['a negative duration', score({ durationMs: -1 }), 'bad-duration'],
    ['a fractional duration', score({ durationMs: 0.5 }), 'bad-duration'],
    ['a duration over a day', score({ durationMs: RUN_DURATION_MAX_MS + 1 }), 'bad-duration'],
    ['a duration as text', score({ durationMs: '45000' }), 'bad-duration'],
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
    ['a save without a request id', save({ requestId: undefined }), 'bad-request'],
    ['a save with a negative request id', save({ requestId: -1 }), 'bad-request'],
    ['a save with a fractional request id', save({ requestId: 1.5 }), 'bad-request'],
    ['a save with a request id as text', save({ requestId: '7' }), 'bad-request'],
    ['a save of an object rather than JSON text', save({ state: { best: 30 } }), 'not-json'],
    ['a save without a state', save({ state: undefined }), 'not-json'],
    ['a save of text that is not JSON', save({ state: '{best:30}' }), 'not-json'],
    ['a save of an empty string', save({ state: '' }), 'not-json'],
    ['a save of JSON with trailing junk', save({ state: '{"a":1}x' }), 'not-json'],
    ['a save one byte over the limit', save({ state: jsonOfBytes(SAVE_MAX_BYTES + 1) }), 'save-too-large'],
    ['a save over the limit only in UTF-8 bytes', save({ state: jsonOfBytes(SAVE_MAX_BYTES + 2, '€') }), 'save-too-large'],
    ['a save of a megabyte', save({ state: `"${'x'.repeat(1024 * 1024)}"` }), 'save-too-large'],
    ['set-muted without a flag', { type: 'sdk:set-muted', version: 2 }, 'bad-muted'],
    ['set-muted as text', { type: 'sdk:set-muted', version: 2, muted: 'true' }, 'bad-muted'],
    ['set-muted as a number', { type: 'sdk:set-muted', version: 2, muted: 1 }, 'bad-muted'],
    ['a move without a match', move({ matchId: undefined }), 'bad-match'],
    ['a move of a match id that is no UUID', move({ matchId: 'match-1' }), 'bad-match'],
    ['a move of a match id in capitals', move({ matchId: MATCH.toUpperCase() }), 'bad-match'],
    ['a move of match number 0', move({ matchId: '0' }), 'bad-match'],
    ['a move of a match number with a leading zero', move({ matchId: '042' }), 'bad-match'],
    ['a move of a negative match number', move({ matchId: '-42' }), 'bad-match'],
    ['a move of a match number of 20 digits', move({ matchId: '1'.repeat(20) }), 'bad-match'],
    ['a move of a match number as a number', move({ matchId: 42 }), 'bad-match'],
    ['a move without a ply', move({ ply: undefined }), 'bad-ply'],
    ['a move at a negative ply', move({ ply: -1 }), 'bad-ply'],
    ['a move at a fractional ply', move({ ply: 1.5 }), 'bad-ply'],
    ['a move at a ply as text', move({ ply: '0' }), 'bad-ply'],
    ['a move one character too long', move({ move: 'a'.repeat(13) }), 'bad-move'],
    ['a forged move of a kilobyte', move({ move: 'e2e4'.repeat(256) }), 'bad-move'],
    ['an empty move', move({ move: '' }), 'bad-move'],
    ['a move in capitals', move({ move: 'E2E4' }), 'bad-move'],
    ['a move in algebraic notation', move({ move: 'Nf3+' }), 'bad-move'],
    ['a move with a line break', move({ move: 'e2e4\n' }), 'bad-move'],
    ['a move as an object', move({ move: { from: 'e2', to: 'e4' } }), 'bad-move'],
  ];

  it.each(cases)('%s', (_name, data, reason) => {
    expect(parseGameMessage(data)).toEqual({ ok: false, reason });
  });
});

describe('checkSaveState', () => {
  it('counts UTF-8 bytes, not characters', () => {
    const euros = `"${'€'.repeat(11_000)}"`; // 11,002 characters, 33,002 bytes
    expect(euros.length).toBeLessThan(SAVE_MAX_BYTES);
    expect(checkSaveState(euros)).toBe('save-too-large');
  });
});

describe('the portal messages', () => {
  it('carry the protocol version and only their fields', () => {
    expect(initMessage({ gameId: 'snake', runId: RUN, muted: true, save: null, room: null })).toEqual({
      type: 'portal:init',
      version: 2,
      gameId: 'snake',
      runId: RUN,
      muted: true,
      save: null,
      room: null,
    });
    expect(runMessage(RUN)).toEqual({ type: 'portal:run', version: 2, runId: RUN });
    expect(savedMessage(3)).toEqual({ type: 'portal:saved', version: 2, requestId: 3, ok: true, error: null });
    expect(savedMessage(4, 'storage-full')).toEqual({ type: 'portal:saved', version: 2, requestId: 4, ok: false, error: 'storage-full' });
    expect(muteMessage(false)).toEqual({ type: 'portal:mute', version: 2, muted: false });
    expect(scoreRequestMessage()).toEqual({ type: 'portal:score-request', version: 2 });
    expect(newGameMessage()).toEqual({ type: 'portal:new-game', version: 2 });
    const room = {
      matchId: MATCH,
      game: 'tic-tac-toe' as const,
      seat: 1 as const,
      players: ['ana', 'ben'] as [string, string],
      moves: ['4'],
      turn: 1 as const,
      result: null,
      refused: null,
    };
    expect(roomMessage(room)).toEqual({ type: 'portal:room', version: 2, room });
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
    ['/games/times-table-dash/index.html', 'times-table-dash'],
    ['https://elsewhere.example/games/snake/index.html', null],
    ['/games/../admin/index.html', null],
    ['/games/snake/other.html', null],
    ['/games/shared/sdk.js', null],
    ['/class/Snake', null],
  ])('%s -> %s', (url, id) => {
    expect(bundledGameId(url)).toBe(id);
  });
});
