// The gateway remembers tokens it has checked; a remembered token must be judged exactly as a new one.
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Keys } from '../../supabase/embedded/jwt.ts';

const SECRET = 'a-test-secret-with-at-least-thirty-two-characters';
const OTHER_SECRET = 'another-secret-with-at-least-thirty-two-characters';
const START = new Date('2026-03-02T08:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function sign(secret: string, payload: Record<string, unknown>): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

describe('token verification', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a token it accepted before once its expiry second comes', async () => {
    vi.useFakeTimers({ now: START, toFake: ['Date'] });
    const keys = await Keys.create(SECRET);
    const token = await sign(SECRET, { role: 'authenticated', sub: 'alice', exp: seconds(START) + 60 });
    expect(await keys.verify(token)).toMatchObject({ ok: true, claims: { sub: 'alice' } });
    vi.setSystemTime(START.getTime() + 59_999);
    expect((await keys.verify(token)).ok).toBe(true);
    vi.setSystemTime(START.getTime() + 60_000);
    expect(await keys.verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await keys.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token before its not-before second, on every try, and accepts it from then on', async () => {
    vi.useFakeTimers({ now: START, toFake: ['Date'] });
    const keys = await Keys.create(SECRET);
    const token = await sign(SECRET, { role: 'authenticated', sub: 'bob', nbf: seconds(START) + 30, exp: seconds(START) + 600 });
    expect(await keys.verify(token)).toEqual({ ok: false, reason: 'invalid' });
    expect(await keys.verify(token)).toEqual({ ok: false, reason: 'invalid' });
    vi.setSystemTime(START.getTime() + 30_000);
    expect((await keys.verify(token)).ok).toBe(true);
    vi.setSystemTime(START.getTime() + 10_000);
    expect(await keys.verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('still refuses forged and role-less tokens after accepting a genuine one with the same claims', async () => {
    const keys = await Keys.create(SECRET);
    const claims = { role: 'service_role', iss: 'supabase-demo', exp: seconds(new Date()) + 600 };
    expect((await keys.verify(await sign(SECRET, claims))).ok).toBe(true);
    const forged = await sign(OTHER_SECRET, claims);
    expect(await keys.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
    expect(await keys.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
    const noRole = await sign(SECRET, { iss: 'supabase-demo', role: 'postgres', exp: claims.exp });
    expect(await keys.verify(noRole)).toEqual({ ok: false, reason: 'role' });
    expect(await keys.verify(noRole)).toEqual({ ok: false, reason: 'role' });
  });

  it('hands out claims no request can change for the next one', async () => {
    const keys = await Keys.create(SECRET);
    const first = await keys.verify(keys.anonKey);
    if (!first.ok) throw new Error('the anon key was refused');
    expect(() => {
      (first.claims as Record<string, unknown>).role = 'service_role';
    }).toThrow(TypeError);
    expect(await keys.verify(keys.anonKey)).toMatchObject({ ok: true, claims: { role: 'anon' } });
  });
});
