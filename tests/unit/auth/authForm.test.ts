import { describe, expect, it } from 'vitest';
import { NO_URL_SESSION } from '../../../src/domain/messages.ts';
import {
  ALREADY_REGISTERED,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  OFFLINE,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DIFFER,
  WRONG_CREDENTIALS,
  authErrorMessage,
  safeNext,
  sessionFromUrl,
  validateEmail,
  validateNewPassword,
  validatePassword,
} from '../../../src/features/auth/authForm.ts';

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

describe('server refusals in plain words', () => {
  it('maps the known auth error codes', () => {
    expect(authErrorMessage({ code: 'invalid_credentials', message: 'Invalid login credentials', status: 400 })).toBe(WRONG_CREDENTIALS);
    expect(authErrorMessage({ code: 'user_already_exists', message: 'User already registered', status: 422 })).toBe(ALREADY_REGISTERED);
    expect(authErrorMessage({ code: 'weak_password', message: 'x', status: 422 })).toBe(PASSWORD_TOO_SHORT);
    expect(authErrorMessage({ code: 'validation_failed', message: 'Unable to validate email address: invalid format' })).toBe(EMAIL_INVALID);
  });

  it('says the device is offline for a fetch failure, and passes anything else on', () => {
    expect(authErrorMessage({ message: 'Failed to fetch', status: 0 })).toBe(OFFLINE);
    expect(authErrorMessage({ code: 'over_request_rate_limit', message: 'Too many requests', status: 429 })).toBe('Too many requests');
  });
});

describe('session from the URL', () => {
  const tokens = 'access_token=a.b.c&expires_in=3600&refresh_token=r1&token_type=bearer';

  it('reads a session from the fragment, with the expiry computed from expires_in', () => {
    const before = Math.floor(Date.now() / 1000);
    const result = sessionFromUrl(`https://portal.example/auth/callback#${tokens}&type=recovery`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.session).toMatchObject({ access_token: 'a.b.c', refresh_token: 'r1', token_type: 'bearer', expires_in: 3600, type: 'recovery' });
    expect(result.session.expires_at).toBeGreaterThanOrEqual(before + 3600);
  });

  it('reads it from the query too, and takes expires_at when given', () => {
    const result = sessionFromUrl('https://portal.example/auth/callback?access_token=x&expires_at=2000000000&refresh_token=r&token_type=bearer');
    expect(result.ok && result.session.expires_at).toBe(2000000000);
  });

  it("answers 'No session defined in URL' when any part is missing", () => {
    expect(sessionFromUrl('https://portal.example/auth/callback')).toEqual({ ok: false, message: NO_URL_SESSION });
    for (const drop of ['access_token', 'expires_in', 'refresh_token', 'token_type']) {
      const partial = tokens
        .split('&')
        .filter((pair) => !pair.startsWith(`${drop}=`))
        .join('&');
      expect(sessionFromUrl(`https://portal.example/auth/callback#${partial}`), drop).toEqual({ ok: false, message: NO_URL_SESSION });
    }
  });

  it("passes on the server's own error, like an expired reset link", () => {
    const result = sessionFromUrl('https://portal.example/change-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    expect(result).toEqual({ ok: false, message: 'Email link is invalid or has expired' });
  });
});

describe('where to go after signing in', () => {
  it('keeps paths inside the portal and refuses other sites', () => {
    expect(safeNext('/streak')).toBe('/streak');
    expect(safeNext('/class/Slope?x=1')).toBe('/class/Slope?x=1');
    expect(safeNext(null)).toBe('/');
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext('//evil.example/')).toBe('/');
    expect(safeNext('/auth')).toBe('/');
  });
});
