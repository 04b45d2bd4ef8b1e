/**
 * The password rule as the backend enforces it (supabase/embedded/password-strength.ts; hosted projects
 * set the same minimum in config.toml): at least 8 characters, and a zxcvbn score of 3 or more, so a
 * password a cracker tries early ("password1", a name and a year) is refused even when long enough.
 */
export const MIN_PASSWORD_CHARS = 8;
export const MIN_PASSWORD_SCORE = 3;

export const PASSWORD_RULE = `At least ${MIN_PASSWORD_CHARS} characters, and hard to guess: not a common word, a name with a year, or your e-mail.`;

export type StrengthLevel = 'too-short' | 'too-easy' | 'almost' | 'strong';

export interface Strength {
  level: StrengthLevel;
  /** What the student reads beside the meter. */
  text: string;
  /** How full the meter is, 0 to 4. */
  bars: number;
  /** Whether the backend will take it (as far as this device can tell). */
  accepted: boolean;
}

/** The meter for a password of `length` characters that the estimator scored `score` (0 to 4). */
export function passwordStrength(length: number, score: number): Strength {
  const bars = Math.max(0, Math.min(4, Math.round(score)));
  if (length < MIN_PASSWORD_CHARS) {
    const missing = MIN_PASSWORD_CHARS - length;
    return { level: 'too-short', text: `${missing} more character${missing === 1 ? '' : 's'} to go.`, bars: Math.min(bars, 1), accepted: false };
  }
  if (bars < MIN_PASSWORD_SCORE - 1) return { level: 'too-easy', text: 'Too easy to guess: add a less common word or two.', bars, accepted: false };
  if (bars < MIN_PASSWORD_SCORE) return { level: 'almost', text: 'Almost there: add one more word, or mix in something unexpected.', bars, accepted: false };
  return { level: 'strong', text: bars === 4 ? 'Very strong password.' : 'Strong password.', bars, accepted: true };
}
