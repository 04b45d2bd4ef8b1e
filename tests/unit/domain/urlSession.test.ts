import { describe, expect, it } from 'vitest';
import { NO_URL_SESSION } from '../../../src/domain/messages.ts';
import { sessionFromUrl } from '../../../src/domain/urlSession.ts';

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
