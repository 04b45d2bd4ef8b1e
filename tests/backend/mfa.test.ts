import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../supabase/embedded/server.ts';
import { client, newUser, raw, startFixtureBackend } from './helpers.ts';

let backend: Backend;

beforeAll(async () => {
  backend = await startFixtureBackend();
});
afterAll(() => backend.close());

function claims(accessToken: string): { aal?: string; amr?: { method: string }[] } {
  const payload = accessToken.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aal?: string; amr?: { method: string }[] };
}

function codeFor(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** A user with a verified authenticator app; the session that verified it is at aal2. */
async function userWithTotp() {
  const user = await newUser(backend);
  const enrolled = await user.supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (enrolled.error || !enrolled.data || enrolled.data.type !== 'totp') throw new Error(`enroll failed: ${enrolled.error?.message}`);
  const factorId = enrolled.data.id;
  const secret = enrolled.data.totp.secret;
  const verified = await user.supabase.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
  if (verified.error) throw new Error(`verify failed: ${verified.error.message}`);
  return { ...user, factorId, secret };
}

describe('authenticator-app second factor', () => {
  it('enrols a TOTP factor with a QR code, secret and otpauth URI, listed as unverified until verified', async () => {
    const user = await newUser(backend);
    const { data, error } = await user.supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(error).toBeNull();
    expect(data?.type).toBe('totp');
    if (data?.type !== 'totp') return;
    expect(data.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.totp.uri).toContain(`secret=${data.totp.secret}`);
    expect(data.totp.uri.startsWith('otpauth://totp/')).toBe(true);

    const { data: user1 } = await user.supabase.auth.getUser();
    expect(user1.user?.factors).toEqual([expect.objectContaining({ id: data.id, factor_type: 'totp', status: 'unverified', friendly_name: 'Phone' })]);
    const listed = await user.supabase.auth.mfa.listFactors();
    expect(listed.data?.totp).toEqual([]);
  });

  it('verifies a correct code: the factor is verified and the new tokens say aal2 with a totp method', async () => {
    const user = await userWithTotp();
    const { data: session } = await user.supabase.auth.getSession();
    const token = session.session?.access_token ?? '';
    expect(claims(token).aal).toBe('aal2');
    expect(claims(token).amr?.map((m) => m.method)).toEqual(['password', 'totp']);
    const listed = await user.supabase.auth.mfa.listFactors();
    expect(listed.data?.totp.map((f) => f.id)).toEqual([user.factorId]);
    const level = await user.supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

    // A refreshed token keeps the level the session reached.
    const refreshed = await user.supabase.auth.refreshSession();
    expect(claims(refreshed.data.session?.access_token ?? '').aal).toBe('aal2');
  });

  it('refuses a wrong code, an unknown challenge and a reused challenge', async () => {
    const user = await newUser(backend);
    const enrolled = await user.supabase.auth.mfa.enroll({ factorType: 'totp' });
    if (enrolled.data?.type !== 'totp') throw new Error('enroll failed');
    const factorId = enrolled.data.id;
    const secret = enrolled.data.totp.secret;

    const challenge = await user.supabase.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    const challengeId = challenge.data?.id ?? '';
    const wrongCode = codeFor(secret, 10);
    const wrong = await user.supabase.auth.mfa.verify({ factorId, challengeId, code: wrongCode });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('mfa_verification_failed');

    const unknown = await user.supabase.auth.mfa.verify({ factorId, challengeId: crypto.randomUUID(), code: codeFor(secret) });
    expect(unknown.error?.status).toBe(404);

    const ok = await user.supabase.auth.mfa.verify({ factorId, challengeId, code: codeFor(secret) });
    expect(ok.error).toBeNull();
    const again = await user.supabase.auth.mfa.verify({ factorId, challengeId, code: codeFor(secret) });
    expect(again.error?.status).toBe(404);
  });

  it('a new password sign-in is aal1 with aal2 next, and reaches aal2 with a code', async () => {
    const user = await userWithTotp();
    const fresh = client(backend);
    const signIn = await fresh.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.factors?.[0]).toMatchObject({ id: user.factorId, status: 'verified' });
    const before = await fresh.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    const verified = await fresh.auth.mfa.challengeAndVerify({ factorId: user.factorId, code: codeFor(user.secret) });
    expect(verified.error).toBeNull();
    const after = await fresh.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
  });

  it('removes a verified factor only from an aal2 session, and another user cannot touch it', async () => {
    const user = await userWithTotp();
    const aal1 = client(backend);
    await aal1.auth.signInWithPassword({ email: user.email, password: user.password });
    const refused = await aal1.auth.mfa.unenroll({ factorId: user.factorId });
    expect(refused.error?.status).toBe(403);
    expect(refused.error?.code).toBe('insufficient_aal');

    const stranger = await newUser(backend);
    const notTheirs = await stranger.supabase.auth.mfa.unenroll({ factorId: user.factorId });
    expect(notTheirs.error?.status).toBe(404);
    const noChallenge = await stranger.supabase.auth.mfa.challenge({ factorId: user.factorId });
    expect(noChallenge.error?.status).toBe(404);

    const removed = await user.supabase.auth.mfa.unenroll({ factorId: user.factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: user.factorId });
    const { data } = await user.supabase.auth.getUser();
    expect(data.user?.factors ?? []).toEqual([]);
    // The other session's next token carries the user without the factor: nothing left to step up to.
    await aal1.auth.refreshSession();
    const level = await aal1.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('needs aal2 to enrol a second factor once one is verified, and a signed-in user for any factor call', async () => {
    const user = await userWithTotp();
    const aal1 = client(backend);
    await aal1.auth.signInWithPassword({ email: user.email, password: user.password });
    const refused = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
    expect(refused.error?.code).toBe('insufficient_aal');
    const allowed = await user.supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
    expect(allowed.error).toBeNull();

    const anonymous = await raw(backend, '/auth/v1/factors', { method: 'POST', body: JSON.stringify({ factor_type: 'totp' }) });
    expect(anonymous.status).toBe(401);
  });
});
