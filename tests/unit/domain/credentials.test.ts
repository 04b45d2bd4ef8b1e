import { describe, expect, it } from 'vitest';
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DIFFER,
  validateEmail,
  validateNewPassword,
  validatePassword,
} from '../../../src/domain/credentials.ts';

describe('sign-in and sign-up form rules', () => {
  it('accepts an e-mail shaped name@host.tld, with spaces around trimmed', () => {
    expect(validateEmail('ada@example.com')).toBeNull();
    expect(validateEmail('  ada@school.example.org ')).toBeNull();
  });

  it('refuses an empty or malformed e-mail', () => {
    expect(validateEmail('')).toBe(EMAIL_REQUIRED);
    expect(validateEmail('   ')).toBe(EMAIL_REQUIRED);
    for (const bad of ['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@@example.com']) {
      expect(validateEmail(bad), bad).toBe(EMAIL_INVALID);
    }
  });

  it('needs a password of at least 6 characters, as the server does', () => {
    expect(validatePassword('')).toBe(PASSWORD_REQUIRED);
    expect(validatePassword('12345')).toBe(PASSWORD_TOO_SHORT);
    expect(validatePassword('123456')).toBeNull();
  });

  it('needs the new password twice, the same', () => {
    expect(validateNewPassword('secret1', 'secret1')).toBeNull();
    expect(validateNewPassword('secret1', 'secret2')).toBe(PASSWORDS_DIFFER);
    expect(validateNewPassword('short', 'short')).toBe(PASSWORD_TOO_SHORT);
  });
});
