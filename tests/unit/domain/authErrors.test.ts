import { describe, expect, it } from 'vitest';
import { ALREADY_REGISTERED, authErrorMessage, EMAIL_NOT_CONFIRMED, OFFLINE, RESET_CODE_WRONG, WRONG_CREDENTIALS } from '../../../src/domain/authErrors.ts';
import { EMAIL_INVALID, PASSWORD_TOO_SHORT } from '../../../src/domain/credentials.ts';

describe('server refusals in plain words', () => {
  it('maps the known auth error codes', () => {
    expect(authErrorMessage({ code: 'invalid_credentials', message: 'Invalid login credentials', status: 400 })).toBe(WRONG_CREDENTIALS);
    expect(authErrorMessage({ code: 'user_already_exists', message: 'User already registered', status: 422 })).toBe(ALREADY_REGISTERED);
    expect(authErrorMessage({ code: 'weak_password', message: 'Password should be at least 8 characters.', status: 422 })).toBe(PASSWORD_TOO_SHORT);
    expect(authErrorMessage({ code: 'weak_password', message: 'This password is too easy to guess.', status: 422 })).toBe('This password is too easy to guess.');
    expect(authErrorMessage({ code: 'email_not_confirmed', message: 'Email not confirmed', status: 400 })).toBe(EMAIL_NOT_CONFIRMED);
    expect(authErrorMessage({ code: 'validation_failed', message: 'Unable to validate email address: invalid format' })).toBe(EMAIL_INVALID);
  });

  it('says what to do about a wrong or expired reset code', () => {
    expect(authErrorMessage({ code: 'otp_expired', message: 'Token has expired or is invalid', status: 403 })).toBe(RESET_CODE_WRONG);
  });

  it('says the device is offline for a fetch failure, and passes anything else on', () => {
    expect(authErrorMessage({ message: 'Failed to fetch', status: 0 })).toBe(OFFLINE);
    expect(authErrorMessage({ code: 'over_request_rate_limit', message: 'Too many requests', status: 429 })).toBe('Too many requests');
  });
});
