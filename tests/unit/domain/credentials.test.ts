import { describe, expect, it } from 'vitest';
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DIFFER,
  validateEmail,
  validateChosenPassword,
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

  it('needs a chosen password of at least 8 characters, as the server does, and any password to sign in', () => {
    expect(validateChosenPassword('')).toBe(PASSWORD_REQUIRED);
    expect(validateChosenPassword('1234567')).toBe(PASSWORD_TOO_SHORT);
    expect(PASSWORD_TOO_SHORT).toBe('Passwords are at least 8 characters.');
    expect(validateChosenPassword('12345678')).toBeNull();
    expect(validatePassword('')).toBe(PASSWORD_REQUIRED);
    expect(validatePassword('12345')).toBeNull();
  });

  it('needs the new password twice, the same', () => {
    expect(validateNewPassword('secret12', 'secret12')).toBeNull();
    expect(validateNewPassword('secret12', 'secret21')).toBe(PASSWORDS_DIFFER);
    expect(validateNewPassword('short', 'short')).toBe(PASSWORD_TOO_SHORT);
  });
});
