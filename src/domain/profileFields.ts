import {
  ABOUT_NOT_TEXT,
  ABOUT_NUL_CHARACTER,
  ABOUT_TOO_LONG,
  USERNAME_INVALID,
  USERNAME_REQUIRED,
} from './messages.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,20}$/;
/** In characters (Unicode code points), as PostgreSQL's char_length counts them. */
export const ABOUT_MAX_LENGTH = 500;

/** Null when valid, else what to fix. Uniqueness ignores case and is checked by the server. */
export function validateUsername(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return USERNAME_REQUIRED;
  if (typeof value !== 'string' || !USERNAME_PATTERN.test(value)) return USERNAME_INVALID;
  return null;
}

/** The form two usernames are compared in for uniqueness: 'Duck_King' and 'duck_king' are the same name. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

/** Null when valid, else what to fix. The about text is optional: empty or missing is fine. */
export function validateAbout(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return ABOUT_NOT_TEXT;
  // PostgreSQL text cannot hold U+0000; the insert would fail with an unreadable server error.
  if (value.includes('\u0000')) return ABOUT_NUL_CHARACTER;
  // Count code points, not UTF-16 units, so 500 emoji fit just as 500 letters do.
  let length = 0;
  for (const _ of value) {
    length += 1;
    if (length > ABOUT_MAX_LENGTH) return ABOUT_TOO_LONG;
  }
  return null;
}
