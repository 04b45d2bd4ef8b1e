import { describe, expect, it } from 'vitest';
import {
  PROOF_IMAGE_TYPES,
  PROOF_MAX_BYTES,
  SCORE_MAX,
  parseScore,
  validateProofImage,
  validateScore,
} from '../../../src/domain/score.ts';
import {
  IMAGE_WITHOUT_NAME,
  PROOF_EMPTY,
  PROOF_TOO_LARGE,
  PROOF_WRONG_TYPE,
  SCORE_NEGATIVE,
  SCORE_NOT_WHOLE_NUMBER,
  SCORE_TOO_HIGH,
} from '../../../src/domain/messages.ts';

describe('validateScore', () => {
  it('limits', () => {
    expect(SCORE_MAX).toBe(1_000_000_000);
    expect(PROOF_MAX_BYTES).toBe(2 * 1024 * 1024);
  });

  it.each([0, 1, 42, 999_999_999, SCORE_MAX, -0, '0', '42', ' 1234 ', '1000000000', '+7', '007'])(
    'accepts %j',
    (value) => {
      expect(validateScore(value)).toBeNull();
    },
  );

  it.each([
    [-1, SCORE_NEGATIVE],
    ['-1', SCORE_NEGATIVE],
    [Number.MIN_SAFE_INTEGER, SCORE_NEGATIVE],
    [SCORE_MAX + 1, SCORE_TOO_HIGH],
    ['1000000001', SCORE_TOO_HIGH],
    [Number.MAX_SAFE_INTEGER, SCORE_TOO_HIGH],
    [1e21, SCORE_TOO_HIGH],
    ['99999999999999999999999', SCORE_TOO_HIGH],
    [1.5, SCORE_NOT_WHOLE_NUMBER],
    [0.1, SCORE_NOT_WHOLE_NUMBER],
    [Number.NaN, SCORE_NOT_WHOLE_NUMBER],
    [Number.POSITIVE_INFINITY, SCORE_NOT_WHOLE_NUMBER],
    [Number.NEGATIVE_INFINITY, SCORE_NOT_WHOLE_NUMBER],
    ['', SCORE_NOT_WHOLE_NUMBER],
    ['   ', SCORE_NOT_WHOLE_NUMBER],
    ['12.0', SCORE_NOT_WHOLE_NUMBER],
    ['1e3', SCORE_NOT_WHOLE_NUMBER],
    ['0x10', SCORE_NOT_WHOLE_NUMBER],
    ['1,000', SCORE_NOT_WHOLE_NUMBER],
    ['12abc', SCORE_NOT_WHOLE_NUMBER],
    ['Infinity', SCORE_NOT_WHOLE_NUMBER],
    [null, SCORE_NOT_WHOLE_NUMBER],
    [undefined, SCORE_NOT_WHOLE_NUMBER],
    [true, SCORE_NOT_WHOLE_NUMBER],
    [10n, SCORE_NOT_WHOLE_NUMBER],
    [{ valueOf: () => 5 }, SCORE_NOT_WHOLE_NUMBER],
    [[5], SCORE_NOT_WHOLE_NUMBER],
  ])('refuses %o', (value, message) => {
    expect(validateScore(value)).toBe(message);
  });
});

describe('parseScore', () => {
  it.each([
    [42, 42],
    ['42', 42],
    [' 42 ', 42],
    ['-3', -3],
    [1.5, null],
    ['4.2', null],
    ['', null],
    [null, null],
  ])('%j -> %j', (value, parsed) => {
    expect(parseScore(value)).toBe(parsed);
  });
});

describe('validateProofImage', () => {
  const good = { name: 'highscore.png', type: 'image/png', size: 150_000 };

  it.each(PROOF_IMAGE_TYPES)('accepts %s', (type) => {
    expect(validateProofImage({ ...good, type })).toBeNull();
  });

  it.each([
    ['upper-case type', { type: 'IMAGE/PNG' }],
    ['1 byte', { size: 1 }],
    ['exactly 2 MB', { size: PROOF_MAX_BYTES }],
    ['a name with spaces and unicode', { name: 'mon score é 🦆.jpg' }],
  ])('accepts %s', (_label, over) => {
    expect(validateProofImage({ ...good, ...over })).toBeNull();
  });

  it.each([
    ['no name', { name: '' }, IMAGE_WITHOUT_NAME],
    ['a blank name', { name: '   ' }, IMAGE_WITHOUT_NAME],
    ['a null name', { name: null }, IMAGE_WITHOUT_NAME],
    ['an undefined name', { name: undefined }, IMAGE_WITHOUT_NAME],
    ['SVG (can carry scripts)', { type: 'image/svg+xml' }, PROOF_WRONG_TYPE],
    ['a PDF', { type: 'application/pdf' }, PROOF_WRONG_TYPE],
    ['no type', { type: '' }, PROOF_WRONG_TYPE],
    ['a null type', { type: null }, PROOF_WRONG_TYPE],
    ['a type with parameters', { type: 'image/png; charset=x' }, PROOF_WRONG_TYPE],
    ['image/jpg (not a real type)', { type: 'image/jpg' }, PROOF_WRONG_TYPE],
    ['an empty file', { size: 0 }, PROOF_EMPTY],
    ['a negative size', { size: -1 }, PROOF_EMPTY],
    ['a NaN size', { size: Number.NaN }, PROOF_EMPTY],
    ['a missing size', { size: undefined }, PROOF_EMPTY],
    ['2 MB + 1 byte', { size: PROOF_MAX_BYTES + 1 }, PROOF_TOO_LARGE],
    ['an infinite size', { size: Number.POSITIVE_INFINITY }, PROOF_TOO_LARGE],
  ])('refuses %s', (_label, over, message) => {
    expect(validateProofImage({ ...good, ...over })).toBe(message);
  });

  it('reports the missing name first, as the spec error', () => {
    expect(validateProofImage({ name: '', type: 'text/plain', size: 0 })).toBe(IMAGE_WITHOUT_NAME);
  });
});
