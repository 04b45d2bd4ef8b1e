// Tokens an attacker can make without the project's secret (issue #10): a wrong signature, a stolen
// token past its expiry, the role raised to service_role, alg "none", another student's id under a
// signature that does not match, a real token with its payload swapped, and the anon key's claims
// re-signed with the anon key itself. Each is refused on every service (REST tables, RPCs, storage,
// functions, auth) whether it comes as a bearer token or as the apikey, and nothing changes: not a
// row, not bob's proof image, not bob's password.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Arena, messageOf, PNG } from './arena.ts';

const ATTACKER_SECRET = 'an-attacker-guess-of-the-secret-long-enough-to-sign';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

function sign(secret: string, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

/** A token whose payload was replaced after signing: the original signature no longer matches. */
function swapPayload(token: string, claims: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${b64url(claims)}.${signature}`;
}

let arena: Arena;
let tokens: Record<string, string>;

beforeAll(async () => {
  arena = await Arena.open();
  const alice = arena.alice.id;
  const bob = arena.bob.id;
  const user = (sub: string) => ({ sub, role: 'authenticated', aud: 'authenticated', exp: now() + 3600 });
  tokens = {
    'wrong signature': await sign(ATTACKER_SECRET, user(alice)),
    'expired (a stolen old token)': await sign(arena.backend.jwtSecret, { ...user(alice), exp: now() - 60 }),
    'role raised to service_role, wrong key': await sign(ATTACKER_SECRET, { role: 'service_role', iss: 'supabase-demo', exp: now() + 3600 }),
    'alg none as service_role': `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ role: 'service_role', exp: now() + 3600 })}.`,
    'alg none as bob': `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(user(bob))}.`,
    "bob's id, wrong signature": await sign(ATTACKER_SECRET, user(bob)),
    "alice's real token with bob's id swapped in": swapPayload(arena.alice.session.access_token, user(bob)),
    "alice's real token raised to service_role": swapPayload(arena.alice.session.access_token, { ...user(alice), role: 'service_role' }),
    'anon key re-signed as service_role with the anon key': await sign(arena.backend.anonKey, { role: 'service_role', exp: now() + 3600 }),
    'anon key with its role swapped': swapPayload(arena.backend.anonKey, { iss: 'supabase-demo', role: 'service_role', exp: 1983812996 }),
    'not a token': 'Bearer.eyJ.garbage',
  };
});
afterAll(() => arena?.close('tokens'));

interface Target {
  what: string;
  path: () => string;
  init?: () => RequestInit;
  /** The statuses the service gives a refused token (PostgREST 401, storage 403, auth 401 or 403). */
  statuses: number[];
}

const json = (body: unknown, method = 'POST'): RequestInit => ({ method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

const TARGETS: Target[] = [
  { what: 'REST read of the ledger', path: () => '/rest/v1/coins_transactions?select=*', statuses: [401] },
  { what: 'REST insert into the ledger', path: () => '/rest/v1/coins_transactions', init: () => json({ user_id: arena.alice.id, amt: 1000000, why: 'forged' }), statuses: [401] },
  { what: "REST update of bob's profile", path: () => `/rest/v1/my_users?user_id=eq.${arena.bob.id}`, init: () => json({ user_about: 'forged' }, 'PATCH'), statuses: [401] },
  { what: 'RPC claim_streak', path: () => '/rest/v1/rpc/claim_streak', init: () => json({ p_client_id: crypto.randomUUID() }), statuses: [401] },
  { what: "RPC get_coin_amt of bob", path: () => '/rest/v1/rpc/get_coin_amt', init: () => json({ p_user_id: arena.bob.id }), statuses: [401] },
  { what: "storage upload onto bob's submission", path: () => `/storage/v1/object/submissions/${arena.bobSubmission}_forged.png`, init: () => ({ method: 'POST', body: PNG, headers: { 'content-type': 'image/png' } }), statuses: [403] },
  { what: "storage upsert over bob's proof", path: () => `/storage/v1/object/submissions/${arena.bobProof}`, init: () => ({ method: 'PUT', body: PNG, headers: { 'content-type': 'image/png', 'x-upsert': 'true' } }), statuses: [403] },
  { what: "storage download of bob's proof", path: () => `/storage/v1/object/authenticated/submissions/${arena.bobProof}`, statuses: [403] },
  { what: "storage delete of bob's proof", path: () => `/storage/v1/object/submissions/${arena.bobProof}`, init: () => ({ method: 'DELETE' }), statuses: [403] },
  { what: 'edge function', path: () => '/functions/v1/server-time', init: () => json({}), statuses: [401] },
  { what: 'auth user read', path: () => '/auth/v1/user', statuses: [401, 403] },
  { what: "auth password change", path: () => '/auth/v1/user', init: () => json({ password: 'owned-by-alice' }, 'PUT'), statuses: [401, 403] },
];

describe('forged and stale tokens', () => {
  it('are refused on every service, as a bearer token and as the apikey, and change nothing', async () => {
    const before = await arena.snapshot();
    let cases = 0;
    for (const [kind, token] of Object.entries(tokens)) {
      for (const target of TARGETS) {
        for (const carrier of ['bearer', 'apikey'] as const) {
          const init = target.init?.() ?? {};
          const headers = new Headers(init.headers);
          if (carrier === 'bearer') headers.set('authorization', `Bearer ${token}`);
          else headers.set('apikey', token);
          const answer = await arena.as(null, target.path(), { ...init, headers });
          const label = `${kind} as ${carrier} on ${target.what} -> ${answer.status} ${JSON.stringify(answer.body)}`;
          expect(target.statuses, label).toContain(answer.status);
          expect(messageOf(answer), label).not.toBe('');
          cases += 1;
        }
      }
    }
    expect(cases).toBe(Object.keys(tokens).length * TARGETS.length * 2);
    expect(await arena.snapshot()).toEqual(before);
    const proof = await arena.bob.supabase.storage.from('submissions').download(arena.bobProof);
    expect(Buffer.from(await (proof.data as Blob).arrayBuffer()).equals(PNG)).toBe(true);
    const signIn = await arena.bob.supabase.auth.signInWithPassword({ email: arena.bob.email, password: arena.bob.password });
    expect(signIn.error).toBeNull();
  });

  it('never fall back to the anon role when a bad bearer token comes with a valid anon apikey', async () => {
    for (const token of Object.values(tokens)) {
      const answer = await arena.as(null, '/rest/v1/apps?select=id', { headers: { authorization: `Bearer ${token}`, apikey: arena.backend.anonKey } });
      expect(answer.status).toBe(401);
    }
    // The same read with the anon key alone is public: the refusals above are about the token.
    expect((await arena.as(null, '/rest/v1/apps?select=id')).status).toBe(200);
  });

  it("let a genuine session act only as its own student", async () => {
    const read = await arena.as(arena.alice, `/rest/v1/coins_transactions?select=user_id&user_id=eq.${arena.bob.id}`);
    expect([read.status, read.body]).toEqual([200, []]);
    const whoAmI = await arena.as(arena.alice, '/auth/v1/user');
    expect((whoAmI.body as { id: string }).id).toBe(arena.alice.id);
  });
});
