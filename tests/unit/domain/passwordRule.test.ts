import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../supabase/embedded/limits.ts';
import { MIN_PASSWORD_CHARS as SERVER_MIN_CHARS } from '../../../supabase/embedded/password-strength.ts';
import { MIN_PASSWORD_CHARS, MIN_PASSWORD_SCORE, PASSWORD_RULE, passwordStrength } from '../../../src/domain/passwordRule.ts';

describe('the password rule the forms state', () => {
  it('is the rule the backend enforces', () => {
    expect(MIN_PASSWORD_CHARS).toBe(SERVER_MIN_CHARS);
    expect(MIN_PASSWORD_SCORE).toBe(LIMITS.passwordMinScore);
    expect(PASSWORD_RULE).toContain(`${SERVER_MIN_CHARS} characters`);
  });

  it('counts the characters still missing, exactly up to the minimum', () => {
    expect(passwordStrength(0, 0)).toMatchObject({ level: 'too-short', text: '8 more characters to go.', accepted: false });
    expect(passwordStrength(7, 4)).toMatchObject({ level: 'too-short', text: '1 more character to go.', bars: 1, accepted: false });
    expect(passwordStrength(8, 4)).toMatchObject({ level: 'strong', text: 'Very strong password.', bars: 4, accepted: true });
  });

  it('takes a long enough password only from the backend’s score up', () => {
    expect(passwordStrength(9, 0).level).toBe('too-easy');
    expect(passwordStrength(9, 1).level).toBe('too-easy');
    expect(passwordStrength(9, 2)).toMatchObject({ level: 'almost', accepted: false });
    expect(passwordStrength(9, 3)).toMatchObject({ level: 'strong', text: 'Strong password.', accepted: true });
  });
});
