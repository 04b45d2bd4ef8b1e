// Guessing and enumeration through the auth API (issue #17), against GoTrue's defaults or stricter:
// sign-ups and sign-ins limited per device (429 with Retry-After), wrong passwords limited per account
// without locking the student out, reset mails limited per address, an e-mailed code and an MFA
// challenge that die after a few wrong tries, sessions ended by a password change, the same answer
// for an unknown account as for a wrong password, no "address taken" on sign-up, a minimum password
// strength, bounded metadata, and aal2 for e-mail and password changes behind a second factor.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS, LIMITS } from '../../../supabase/embedded/limits.ts';
import type { Backend } from '../../../supabase/embedded/server.ts';
import { jsonFrom, type Reply } from '../from-address.ts';
import { client, newUser, raw, startFixtureBackend } from '../helpers.ts';

let backend: Backend;

beforeAll(async () => {
  backend = await startFixtureBackend();
});
afterAll(() => backend?.close());

const ATTACKER = '127.0.0.3';
const STUDENT = '127.0.0.4';

function auth(from: string, path: string, body: unknown, token?: string): Promise<Reply> {
  return jsonFrom(from, `${backend.url}/auth/v1${path}`, 'POST', { apikey: backend.anonKey, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body);
}

const signIn = (from: string, email: string, password: string) => auth(from, '/token?grant_type=password', { email, password });
const msg = (reply: Reply): string => {
  const text: unknown = reply.body.msg ?? reply.body.message;
  return typeof text === 'string' ? text : '';
};

function expectTooMany(reply: Reply, message: RegExp): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(429);
  expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
  expect(msg(reply)).toMatch(message);
}

async function mailbox(): Promise<string> {
  return (await fetch(`${backend.url}/mailbox`)).text();
}

describe('per device', () => {
  it(`allows ${AUTH_RATE_LIMITS.sign_in_sign_ups} sign-ups and sign-ins in 5 minutes, then answers 429 with when to retry`, async () => {
    const from = '127.0.0.5';
    // One after another: what is counted here is requests in 5 minutes, not requests at once.
    const answers: Reply[] = [];
    for (let i = 0; i < AUTH_RATE_LIMITS.sign_in_sign_ups + 10; i++) {
      answers.push(await auth(from, '/signup', { email: `flood${i}@example.test`, password: 'correct horse battery' }));
    }
    expect(answers.filter((a) => a.status === 200)).toHaveLength(AUTH_RATE_LIMITS.sign_in_sign_ups);
    for (const refused of answers.filter((a) => a.status !== 200)) expectTooMany(refused, /^Too many sign-ins and sign-ups from this device\. Try again in \d+ (seconds|minutes)\.$/);
    expectTooMany(await signIn(from, 'flood1@example.test', 'correct horse battery'), /from this device/);
    // Another device is not held back by it.
    expect((await signIn('127.0.0.6', 'flood1@example.test', 'correct horse battery')).status).toBe(200);
  });
});

describe('wrong passwords', () => {
  it('200 in flight from one device: a few reach the check, the rest are refused, and the student still signs in from their own', async () => {
    const victim = await newUser(backend, 'guess_victim');
    const tries = await Promise.all(Array.from({ length: 200 }, () => signIn(ATTACKER, victim.email, 'not the password')));
    const checked = tries.filter((t) => t.status === 400);
    expect(checked.length).toBeLessThanOrEqual(AUTH_RATE_LIMITS.failed_sign_ins_per_account);
    for (const t of checked) expect(msg(t)).toBe('Invalid login credentials');
    for (const t of tries.filter((x) => x.status !== 400)) {
      expectTooMany(t, /^Too many (sign-ins and sign-ups from this device|wrong passwords for this account from this device|requests at once from this device)/);
    }
    // Even the right password is refused to the device that guessed (by either limit) ...
    expectTooMany(await signIn(ATTACKER, victim.email, victim.password), /from this device/);
    // ... and to another device that guessed wrong once the account has seen too many wrong ones.
    expect((await signIn('127.0.0.9', victim.email, 'one more wrong guess')).status).toBe(400);
    expectTooMany(await signIn('127.0.0.9', victim.email, victim.password), /^Too many wrong passwords for this account from this device/);
    // ... while the student's own device signs in.
    const own = await signIn(STUDENT, victim.email, victim.password);
    expect(own.status).toBe(200);
    expect(own.body.access_token).toBeTruthy();
  });

  it('get the same answer for an unknown account as for a wrong password', async () => {
    const user = await newUser(backend, 'same_answer');
    const wrong = await signIn('127.0.0.7', user.email, 'not the password at all');
    const unknown = await signIn('127.0.0.7', 'nobody-here@example.test', 'not the password at all');
    expect([unknown.status, unknown.body]).toEqual([wrong.status, wrong.body]);
    expect(wrong.body).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });
});

describe('sign-up', () => {
  it('does not say that an address is taken, creates nothing, and tells the owner by mail', async () => {
    const owner = await newUser(backend, 'taken_owner');
    const again = await client(backend).auth.signUp({ email: owner.email, password: 'another fine passphrase' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.identities).toEqual([]);
    expect(again.data.user?.id).not.toBe(owner.id);
    const service = client(backend, backend.serviceRoleKey);
    expect((await service.from('profiles').select('id').eq('id', again.data.user?.id ?? '')).data).toEqual([]);
    expect(await mailbox()).toContain(`To ${owner.email}`);
    expect(await mailbox()).toContain('Someone tried to sign up with your address');
    // The owner's password still works, and the would-be one does not.
    expect((await client(backend).auth.signInWithPassword({ email: owner.email, password: owner.password })).error).toBeNull();
    expect((await client(backend).auth.signInWithPassword({ email: owner.email, password: 'another fine passphrase' })).error?.status).toBe(400);
  });

  it('refuses weak passwords with a message that says why', async () => {
    const cases: [string, RegExp][] = [
      ['123456', /^Password should be at least 8 characters\.$/],
      ['password1', /^Password is too easy to guess\. This is a commonly used password\./],
      ['qwertyuiop', /^Password is too easy to guess\./],
      ['weakling-student@example.test', /^Password is too easy to guess\./],
      ['x'.repeat(LIMITS.passwordMaxBytes + 1), /at most 72 bytes/],
    ];
    for (const [password, message] of cases) {
      const { error } = await client(backend).auth.signUp({ email: 'weakling-student@example.test', password });
      expect([error?.status, error?.code], password).toEqual([422, 'weak_password']);
      expect(error?.message, password).toMatch(message);
    }
    const { error } = await client(backend).auth.signUp({ email: 'weakling-student@example.test', password: 'lantern orbit cactus' });
    expect(error).toBeNull();
  });

  it('bounds the metadata of a sign-up and of a user update', async () => {
    const huge = await raw(backend, '/auth/v1/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'huge@example.test', password: 'correct horse battery', data: { blob: 'x'.repeat(900 * 1024) } }),
    });
    expect(huge.status).toBe(413);
    const big = await client(backend).auth.signUp({ email: 'big@example.test', password: 'correct horse battery', options: { data: { blob: 'x'.repeat(LIMITS.userMetadataBytes) } } });
    expect([big.error?.status, big.error?.message]).toEqual([422, `User metadata may be at most ${LIMITS.userMetadataBytes} bytes as JSON.`]);
    const user = await newUser(backend, 'meta_grower');
    const grown = await user.supabase.auth.updateUser({ data: { blob: 'y'.repeat(LIMITS.userMetadataBytes) } });
    expect(grown.error?.status).toBe(422);
    expect((await user.supabase.auth.getUser()).data.user?.user_metadata).toEqual({ username: user.username });
  });
});

describe('password reset', () => {
  it('sends at most one mail a minute to an address, known or not', async () => {
    const user = await newUser(backend, 'reset_limited');
    expect((await auth('127.0.0.8', '/recover', { email: user.email })).status).toBe(200);
    expectTooMany(await auth('127.0.0.8', '/recover', { email: user.email }), /^For security purposes, a new reset mail can be sent to this address in \d+ seconds\.$/);
    expect((await auth('127.0.0.8', '/recover', { email: 'no-account@example.test' })).status).toBe(200);
    expectTooMany(await auth('127.0.0.8', '/recover', { email: 'no-account@example.test' }), /For security purposes/);
  });

  it(`lets an e-mailed code take ${LIMITS.recoveryCodeTries} wrong tries, then neither the code nor its link works`, async () => {
    const user = await newUser(backend, 'code_guessed');
    await client(backend).auth.resetPasswordForEmail(user.email);
    const page = await mailbox();
    const mail = page.slice(0, page.indexOf(`To ${user.email}`) + 2000);
    const code = /enter the code: (\d{6})/.exec(page.slice(page.lastIndexOf('Reset Your Password', page.indexOf(`To ${user.email}`))))?.[1] ?? '';
    const link = (/href="([^"]+type=recovery[^"]*)"/.exec(page.slice(page.lastIndexOf('Reset Your Password', page.indexOf(`To ${user.email}`))))?.[1] ?? '').replace(/&amp;/g, '&');
    expect(code).toMatch(/^\d{6}$/);
    expect(mail).toContain(user.email);
    for (let i = 0; i < LIMITS.recoveryCodeTries; i++) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const { error } = await client(backend).auth.verifyOtp({ email: user.email, token: wrong, type: 'recovery' });
      expect(error?.status).toBe(403);
    }
    const late = await client(backend).auth.verifyOtp({ email: user.email, token: code, type: 'recovery' });
    expect(late.error?.status).toBe(403);
    const followed = await fetch(link, { redirect: 'manual' });
    expect(new URL(followed.headers.get('location') ?? '').hash).toContain('error_code=otp_expired');
  });
});

describe('sessions', () => {
  it('a password change ends the other sessions, refresh tokens included, and keeps this one', async () => {
    const user = await newUser(backend, 'changer');
    const other = client(backend);
    await other.auth.signInWithPassword({ email: user.email, password: user.password });
    const otherRefresh = (await other.auth.getSession()).data.session?.refresh_token ?? '';
    expect((await user.supabase.auth.updateUser({ password: 'a fresh harbour lantern' })).error).toBeNull();
    const stolen = await raw(backend, '/auth/v1/token?grant_type=refresh_token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: otherRefresh }) });
    expect(stolen.status).toBe(400);
    expect((await user.supabase.auth.refreshSession()).error).toBeNull();
  });

  it('a global sign-out ends every session\'s refresh token', async () => {
    const user = await newUser(backend, 'leaver');
    const other = client(backend);
    await other.auth.signInWithPassword({ email: user.email, password: user.password });
    const otherRefresh = (await other.auth.getSession()).data.session?.refresh_token ?? '';
    expect((await user.supabase.auth.signOut({ scope: 'global' })).error).toBeNull();
    const refreshed = await raw(backend, '/auth/v1/token?grant_type=refresh_token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: otherRefresh }) });
    expect(refreshed.status).toBe(400);
  });
});

describe('a second factor', () => {
  const codeFor = (secret: string, steps = 0) =>
    new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

  async function userWithTotp() {
    const user = await newUser(backend);
    const enrolled = await user.supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    if (enrolled.error || enrolled.data?.type !== 'totp') throw new Error('enroll failed');
    const verified = await user.supabase.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: codeFor(enrolled.data.totp.secret) });
    if (verified.error) throw new Error('verify failed');
    const aal1 = client(backend);
    await aal1.auth.signInWithPassword({ email: user.email, password: user.password });
    return { ...user, factorId: enrolled.data.id, secret: enrolled.data.totp.secret, aal1 };
  }

  it(`takes ${LIMITS.totpTriesPerChallenge} wrong codes per challenge, after which even the right code needs a new one`, async () => {
    const user = await userWithTotp();
    const challenge = await user.aal1.auth.mfa.challenge({ factorId: user.factorId });
    const challengeId = challenge.data?.id ?? '';
    const right = codeFor(user.secret);
    const wrongCodes = Array.from({ length: 10 }, (_, i) => String((Number(right) + 100 + i * 7919) % 1_000_000).padStart(6, '0')).filter(
      (c) => ![codeFor(user.secret, -1), right, codeFor(user.secret, 1)].includes(c),
    );
    for (let i = 0; i < LIMITS.totpTriesPerChallenge; i++) {
      const { error } = await user.aal1.auth.mfa.verify({ factorId: user.factorId, challengeId, code: wrongCodes[i] as string });
      expect(error?.status).toBe(422);
    }
    const late = await user.aal1.auth.mfa.verify({ factorId: user.factorId, challengeId, code: codeFor(user.secret) });
    expect([late.error?.status, late.error?.code]).toEqual([404, 'mfa_challenge_not_found']);
    const fresh = await user.aal1.auth.mfa.challengeAndVerify({ factorId: user.factorId, code: codeFor(user.secret) });
    expect(fresh.error).toBeNull();
  });

  it(`is checked at most ${AUTH_RATE_LIMITS.mfa_verifications_per_account} times in 5 minutes per account`, async () => {
    const user = await userWithTotp();
    let refused: { status?: number; message?: string } | null = null;
    for (let i = 0; i <= AUTH_RATE_LIMITS.mfa_verifications_per_account && !refused; i++) {
      const challenge = await user.aal1.auth.mfa.challenge({ factorId: user.factorId });
      const { error } = await user.aal1.auth.mfa.verify({ factorId: user.factorId, challengeId: challenge.data?.id ?? '', code: '000000' === codeFor(user.secret) ? '111111' : '000000' });
      if (error?.status === 429) refused = error;
    }
    expect(refused?.message).toMatch(/^Too many two-factor codes checked for this account\. Try again in \d+ (seconds|minutes)\.$/);
  });

  it('must be passed (aal2) to change the e-mail address or the password', async () => {
    const user = await userWithTotp();
    const email = await user.aal1.auth.updateUser({ email: 'elsewhere@example.test' });
    expect([email.error?.status, email.error?.code]).toEqual([403, 'insufficient_aal']);
    const password = await user.aal1.auth.updateUser({ password: 'taken over by a thief' });
    expect([password.error?.status, password.error?.code]).toEqual([403, 'insufficient_aal']);
    expect((await client(backend).auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull();
    // With the second factor the same change goes through.
    expect((await user.supabase.auth.updateUser({ password: 'a second lantern harbour' })).error).toBeNull();
  });
});
