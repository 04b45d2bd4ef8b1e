// The auth service's flows driven straight through its door (AuthService.handle), over a database of
// their own, for what the HTTP suites cannot reach: links, codes and challenges older than their
// lifetimes (the rows are dated back), tokens of a user who is gone, and every refusal a flow owns
// that supabase-js never provokes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthService, type AuthRequest, type AuthResult } from '../../supabase/embedded/auth.ts';
import { openDatabase, type Database } from '../../supabase/embedded/database.ts';
import { HttpError } from '../../supabase/embedded/http.ts';
import { Keys } from '../../supabase/embedded/jwt.ts';
import { AUTH_RATE_LIMITS } from '../../supabase/embedded/limits.ts';
import { PasswordHasher } from '../../supabase/embedded/password-hasher.ts';
import { withClient } from '../../supabase/embedded/request-scope.ts';
import { FIXTURE_MIGRATIONS, FIXTURE_SEED } from './helpers.ts';

const BASE = 'http://127.0.0.1:54999';
const SITE = 'http://127.0.0.1:4173/';
const PASSWORD = 'amber kites over the harbour';

let db: Database;
let keys: Keys;
let hasher: PasswordHasher;
/** Confirmations off, as `npm start` runs. */
let auth: AuthService;
/** Confirmations on, as hosted projects run, over the same database. */
let confirming: AuthService;
let devices = 0;

beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory', migrationsDir: FIXTURE_MIGRATIONS, seedFile: FIXTURE_SEED });
  keys = await Keys.create('a test secret that is long enough for HS256 signing');
  hasher = new PasswordHasher();
  const options = {
    db,
    keys,
    hasher,
    limits: AUTH_RATE_LIMITS,
    baseUrl: () => BASE,
    siteUrl: () => SITE,
    accessTokenTtlSeconds: 3600,
    log: () => {},
    redirectUrls: [],
  };
  auth = new AuthService({ ...options, confirmEmail: false });
  confirming = new AuthService({ ...options, confirmEmail: true });
});
afterAll(async () => {
  await hasher.close();
  await db.close();
});

interface Call {
  body?: unknown;
  params?: Record<string, string>;
  token?: string;
  service?: AuthService;
}

/** One request as the server hands it over, from a device of its own (so no rate limit is shared). */
async function call(route: string, { body, params = {}, token, service = auth }: Call = {}): Promise<AuthResult> {
  const [method = '', path = ''] = route.split(' ');
  const req: AuthRequest = {
    method,
    path,
    params: new URLSearchParams(params),
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
  };
  devices += 1;
  try {
    return await withClient(`device-${devices}`, () => service.handle(req));
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, body: error.body, headers: error.headers };
    throw error;
  }
}

const codeOf = (result: AuthResult) => (result.body as { error_code?: string }).error_code;

interface Session {
  access_token: string;
  refresh_token: string;
  user: { id: string; email: string };
}

let accounts = 0;

async function signedUp(): Promise<Session & { email: string }> {
  accounts += 1;
  const email = `flow${accounts}@example.test`;
  const result = await call('POST /signup', { body: { email, password: PASSWORD } });
  expect(result.status).toBe(200);
  return { ...(result.body as Session), email };
}

/** The newest mail to `email`: its text. */
async function lastMail(email: string): Promise<string> {
  const rows = await db.run(
    async (tx) => (await tx.query<{ body: string }>('select body from auth.mailbox where recipient = $1 order by id desc limit 1', [email])).rows,
  );
  if (!rows[0]) throw new Error(`no mail to ${email}`);
  return rows[0].body;
}

const linkIn = (mail: string) => new URL(/https?:\/\/\S+/.exec(mail)?.[0] ?? '');
const fragmentOf = (result: AuthResult) => new URLSearchParams(new URL(result.headers?.Location ?? '').hash.slice(1));

async function sql(text: string, params: unknown[] = []): Promise<void> {
  await db.run(async (tx) => {
    await tx.query(text, params);
  });
}

describe('the router', () => {
  it('answers a path it does not serve with 404, naming it', async () => {
    const unknown = await call('GET /nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error_code: 'not_found', msg: 'GET /nothing is not served by the embedded auth service' });
    const wrongAction = await call('DELETE /factors/abc/verify');
    expect(wrongAction.status).toBe(404);
    expect(codeOf(wrongAction)).toBe('not_found');
  });
});

describe('sessions', () => {
  it('wants a bearer token, signed by this backend and not expired, of a user who still exists', async () => {
    const none = await call('GET /user');
    expect(none.status).toBe(401);
    expect(codeOf(none)).toBe('no_authorization');
    const forged = await call('GET /user', { token: 'e30.e30.c2lnbmF0dXJl' });
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ error_code: 'bad_jwt', msg: expect.stringContaining('signature is invalid') });
    const now = Math.floor(Date.now() / 1000);
    const user = await signedUp();
    const expired = await keys.sign({ sub: user.user.id, role: 'authenticated', aud: 'authenticated', iat: now - 7200, exp: now - 3600 });
    const old = await call('GET /user', { token: expired });
    expect(old.status).toBe(403);
    expect(old.body).toMatchObject({ error_code: 'bad_jwt', msg: expect.stringContaining('token is expired') });
    const anonymous = await call('GET /user', { token: keys.anonKey });
    expect(anonymous.body).toMatchObject({ error_code: 'bad_jwt', msg: 'invalid claim: missing sub claim' });
    await sql('delete from auth.users where id = $1', [user.user.id]);
    const gone = await call('GET /user', { token: user.access_token });
    expect(gone.status).toBe(403);
    expect(codeOf(gone)).toBe('user_not_found');
  });

  it('signs out only with a scope it knows, and a token without a session ends them all', async () => {
    const user = await signedUp();
    const odd = await call('POST /logout', { params: { scope: 'everywhere' }, token: user.access_token });
    expect(odd.status).toBe(400);
    expect(odd.body).toMatchObject({ error_code: 'validation_failed', msg: 'Unsupported logout scope "everywhere"' });
    const now = Math.floor(Date.now() / 1000);
    const sessionless = await keys.sign({ sub: user.user.id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 60 });
    expect((await call('POST /logout', { params: { scope: 'local' }, token: sessionless })).status).toBe(204);
    const after = await call('POST /token', { params: { grant_type: 'refresh_token' }, body: { refresh_token: user.refresh_token } });
    expect(codeOf(after)).toBe('refresh_token_not_found');
  });
});

describe('password sign-in and refresh', () => {
  it('knows only the password and refresh_token grants', async () => {
    const result = await call('POST /token', { params: { grant_type: 'magic_link' }, body: {} });
    expect(result.status).toBe(400);
    expect(codeOf(result)).toBe('unsupported_grant_type');
  });

  it('gives the current token for a spent one within 10 seconds of its rotation, and ends the session after that', async () => {
    const user = await signedUp();
    const rotated = await call('POST /token', { params: { grant_type: 'refresh_token' }, body: { refresh_token: user.refresh_token } });
    const current = (rotated.body as Session).refresh_token;
    await sql("update auth.refresh_tokens set updated_at = now() - interval '9 seconds' where token = $1", [user.refresh_token]);
    const retry = await call('POST /token', { params: { grant_type: 'refresh_token' }, body: { refresh_token: user.refresh_token } });
    expect((retry.body as Session).refresh_token).toBe(current);
    await sql("update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1", [user.refresh_token]);
    const reuse = await call('POST /token', { params: { grant_type: 'refresh_token' }, body: { refresh_token: user.refresh_token } });
    expect(codeOf(reuse)).toBe('refresh_token_already_used');
    const ended = await call('POST /token', { params: { grant_type: 'refresh_token' }, body: { refresh_token: current } });
    expect(codeOf(ended)).toBe('refresh_token_not_found');
  });
});

describe('sign-up and confirmation', () => {
  it('resends only sign-up mails, and refuses an address that is not one', async () => {
    const recovery = await call('POST /resend', { body: { type: 'recovery', email: 'a@example.test' }, service: confirming });
    expect(recovery.status).toBe(400);
    expect(recovery.body).toMatchObject({ error_code: 'validation_failed', msg: 'Only type "signup" is supported by the embedded auth service' });
    const bad = await call('POST /signup', { body: { email: 'not an address', password: PASSWORD } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error_code: 'validation_failed', msg: 'Unable to validate email address: invalid format' });
  });

  it('lets a confirmation link work for one day', async () => {
    const email = 'late-confirmer@example.test';
    const signup = await call('POST /signup', { body: { email, password: PASSWORD }, service: confirming });
    expect(signup.body).not.toHaveProperty('access_token');
    const link = linkIn(await lastMail(email));
    expect(link.searchParams.get('type')).toBe('signup');
    await sql("update auth.users set confirmation_sent_at = now() - interval '1 day 1 minute' where email = $1", [email]);
    const late = await call('GET /verify', { params: Object.fromEntries(link.searchParams), service: confirming });
    expect(late.status).toBe(303);
    expect(fragmentOf(late).get('error_code')).toBe('otp_expired');
    await sql("update auth.users set confirmation_sent_at = now() - interval '23 hours' where email = $1", [email]);
    const inTime = await call('GET /verify', { params: Object.fromEntries(link.searchParams), service: confirming });
    expect(fragmentOf(inTime).get('type')).toBe('signup');
    expect(fragmentOf(inTime).get('access_token')).toBeTruthy();
  });
});

describe('recovery', () => {
  it('verifies only recovery codes', async () => {
    const result = await call('POST /verify', { body: { type: 'signup', email: 'a@example.test', token: '123456' } });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ error_code: 'validation_failed', msg: 'Only type "recovery" is supported by the embedded auth service' });
  });

  it('lets the mailed link and code work for one hour', async () => {
    const user = await signedUp();
    expect((await call('POST /recover', { body: { email: user.email } })).status).toBe(200);
    const mail = await lastMail(user.email);
    const link = linkIn(mail);
    const code = /code: (\d{6})/.exec(mail)?.[1] ?? '';
    await sql("update auth.users set recovery_sent_at = now() - interval '61 minutes' where id = $1", [user.user.id]);
    const lateLink = await call('GET /verify', { params: Object.fromEntries(link.searchParams) });
    expect(fragmentOf(lateLink).get('error_code')).toBe('otp_expired');
    const lateCode = await call('POST /verify', { body: { type: 'recovery', email: user.email, token: code } });
    expect(lateCode.status).toBe(403);
    expect(codeOf(lateCode)).toBe('otp_expired');
    await sql("update auth.users set recovery_sent_at = now() - interval '59 minutes' where id = $1", [user.user.id]);
    const inTime = await call('POST /verify', { body: { type: 'recovery', email: user.email, token: code } });
    expect(inTime.status).toBe(200);
    expect((inTime.body as Session).user.id).toBe(user.user.id);
  });
});

describe('authenticator-app factors', () => {
  it('enrols only TOTP factors, each friendly name once', async () => {
    const user = await signedUp();
    const phone = await call('POST /factors', { body: { factor_type: 'phone' }, token: user.access_token });
    expect(phone.status).toBe(400);
    expect(codeOf(phone)).toBe('mfa_factor_type_not_supported');
    expect((await call('POST /factors', { body: { factor_type: 'totp', friendly_name: 'Phone' }, token: user.access_token })).status).toBe(200);
    const twice = await call('POST /factors', { body: { factor_type: 'totp', friendly_name: 'Phone' }, token: user.access_token });
    expect(twice.status).toBe(422);
    expect(codeOf(twice)).toBe('mfa_factor_name_conflict');
    const unknown = await call('POST /factors/not-a-uuid/challenge', { token: user.access_token });
    expect(unknown.status).toBe(404);
    expect(codeOf(unknown)).toBe('mfa_factor_not_found');
  });

  it('lets a challenge be answered for 5 minutes, then removes it', async () => {
    const user = await signedUp();
    const factor = (await call('POST /factors', { body: { factor_type: 'totp' }, token: user.access_token })).body as { id: string };
    const challenge = (await call(`POST /factors/${factor.id}/challenge`, { token: user.access_token })).body as { id: string };
    await sql("update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1", [challenge.id]);
    const late = await call(`POST /factors/${factor.id}/verify`, { body: { challenge_id: challenge.id, code: '000000' }, token: user.access_token });
    expect(late.status).toBe(422);
    expect(codeOf(late)).toBe('mfa_challenge_expired');
    const again = await call(`POST /factors/${factor.id}/verify`, { body: { challenge_id: challenge.id, code: '000000' }, token: user.access_token });
    expect(again.status).toBe(404);
    expect(codeOf(again)).toBe('mfa_challenge_not_found');
  });
});

describe('user management', () => {
  it('changes the e-mail address at once, never to one another account has', async () => {
    const user = await signedUp();
    const other = await signedUp();
    const taken = await call('PUT /user', { body: { email: other.email }, token: user.access_token });
    expect(taken.status).toBe(422);
    expect(codeOf(taken)).toBe('email_exists');
    const moved = await call('PUT /user', { body: { email: ' Moved@Example.test ' }, token: user.access_token });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ email: 'moved@example.test', email_confirmed_at: expect.any(String) });
  });

  it('makes no second account through the admin API either', async () => {
    const user = await signedUp();
    const again = await call('POST /admin/users', { body: { email: user.email, password: PASSWORD }, token: keys.serviceRoleKey });
    expect(again.status).toBe(422);
    expect(codeOf(again)).toBe('email_exists');
    const unconfirmed = await call('POST /admin/users', { body: { email: 'made@example.test', password: PASSWORD }, token: keys.serviceRoleKey });
    expect(unconfirmed.body).toMatchObject({ email: 'made@example.test', email_confirmed_at: null });
  });
});
