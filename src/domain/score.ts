import {
  IMAGE_WITHOUT_NAME,
  PROOF_EMPTY,
  PROOF_TOO_LARGE,
  PROOF_WRONG_TYPE,
  SCORE_NEGATIVE,
  SCORE_NOT_WHOLE_NUMBER,
  SCORE_TOO_HIGH,
} from './messages.ts';

export const SCORE_MAX = 1_000_000_000;
export const PROOF_MAX_BYTES = 2 * 1024 * 1024;
export const PROOF_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

const WHOLE_NUMBER_TEXT = /^[+-]?\d+$/;

/**
 * The score a form value stands for: a number, or text of decimal digits as an input field gives it
 * ('1e3', '0x10', '12.0' and blanks are not scores). Null when it is not a whole number.
 */
export function parseScore(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return WHOLE_NUMBER_TEXT.test(text) ? Number(text) : null;
}

/** Null for a whole number from 0 to SCORE_MAX (a number or digit text), else what is wrong. */
export function validateScore(value: unknown): string | null {
  const score = parseScore(value);
  if (score === null) return SCORE_NOT_WHOLE_NUMBER;
  if (score < 0) return SCORE_NEGATIVE;
  if (score > SCORE_MAX) return SCORE_TOO_HIGH;
  return null;
}

export interface ProofImage {
  name: string | null | undefined;
  type: string | null | undefined;
  size: number | null | undefined;
}

/** Null when the file can be uploaded as proof of a high score, else what is wrong with it. */
export function validateProofImage({ name, type, size }: ProofImage): string | null {
  if (typeof name !== 'string' || name.trim() === '') return IMAGE_WITHOUT_NAME;
  const mime = (type ?? '').trim().toLowerCase();
  if (!(PROOF_IMAGE_TYPES as readonly string[]).includes(mime)) return PROOF_WRONG_TYPE;
  if (typeof size !== 'number' || Number.isNaN(size) || size <= 0) return PROOF_EMPTY;
  if (size > PROOF_MAX_BYTES) return PROOF_TOO_LARGE;
  return null;
}
