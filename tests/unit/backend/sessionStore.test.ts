import { describe, expect, it } from 'vitest';
import { authStorageKey, effectiveSession, readStoredSession } from '../../../src/backend/sessionStore.ts';

const KEY = 'sb-127-auth-token';

const session = {
  access_token: 'access',
  refresh_token: 'refresh',
  expires_in: 3600,
  // An hour ago: expired, which is exactly when supabase-js reports no session offline.
  expires_at: Math.floor(Date.now() / 1000) - 3600,
  token_type: 'bearer',
  user: { id: 'user-1', email: 'student@example.test' },
};

function storage(values: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => values[key] ?? null };
}

describe('authStorageKey', () => {
  it('is named after the first label of the API host, as supabase-js names it', () => {
    expect(authStorageKey('http://127.0.0.1:54321')).toBe(KEY);
    expect(authStorageKey('https://abcdefgh.supabase.co')).toBe('sb-abcdefgh-auth-token');
  });

  it('is null without a usable backend URL', () => {
    expect(authStorageKey('')).toBeNull();
  });
});

describe('readStoredSession', () => {
  it('returns a stored session even when its access token has expired', () => {
    const stored = readStoredSession(storage({ [KEY]: JSON.stringify(session) }), KEY);
    expect(stored?.user.id).toBe('user-1');
    expect(stored?.refresh_token).toBe('refresh');
  });

  it('ignores nothing stored, broken JSON and sessions without a refresh token or user', () => {
    expect(readStoredSession(storage({}), KEY)).toBeNull();
    expect(readStoredSession(storage({ [KEY]: '{not json' }), KEY)).toBeNull();
    expect(readStoredSession(storage({ [KEY]: JSON.stringify({ ...session, refresh_token: '' }) }), KEY)).toBeNull();
    expect(readStoredSession(storage({ [KEY]: JSON.stringify({ ...session, user: null }) }), KEY)).toBeNull();
  });

  it('returns null when storage itself is unavailable (blocked site data)', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readStoredSession(blocked, KEY)).toBeNull();
    expect(readStoredSession(undefined, KEY)).toBeNull();
  });
});

describe('effectiveSession', () => {
  const stored = readStoredSession(storage({ [KEY]: JSON.stringify(session) }), KEY);
  const fromStorage = () => stored;

  it('uses what supabase-js reports when it has a session', () => {
    const reported = { ...session, access_token: 'fresh' } as never;
    expect(effectiveSession(reported, 'TOKEN_REFRESHED', fromStorage)).toBe(reported);
  });

  it('falls back to the stored session when supabase-js reports none without a sign-out (a failed offline refresh)', () => {
    expect(effectiveSession(null, 'INITIAL_SESSION', fromStorage)?.user.id).toBe('user-1');
  });

  it('is nobody after a real sign-out, whatever storage still holds', () => {
    expect(effectiveSession(null, 'SIGNED_OUT', fromStorage)).toBeNull();
  });

  it('is nobody when nothing is stored', () => {
    expect(effectiveSession(null, 'INITIAL_SESSION', () => null)).toBeNull();
  });
});
