import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../supabase/embedded/server.ts';
import { client, newUser, raw, startFixtureBackend } from './helpers.ts';

let backend: Backend;
let alice: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  backend = await startFixtureBackend();
  alice = await newUser(backend, 'alice');
});
afterAll(() => backend.close());

const sign = (secret: string, claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));

async function stillServing(): Promise<void> {
  const { data, error } = await client(backend).from('items').select('id').eq('id', 1);
  expect(error).toBeNull();
  expect(data).toEqual([{ id: 1 }]);
}

describe('bad input gets a 4xx and the server keeps serving', () => {
  it('malformed JSON', async () => {
    const res = await raw(backend, '/rest/v1/notes', {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.session.access_token}`, 'content-type': 'application/json' },
      body: '{"body": "unterminated',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
    const auth = await raw(backend, '/auth/v1/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(auth.status).toBe(400);
    await stillServing();
  });

  it('unknown table and bad filter syntax', async () => {
    const missing = await client(backend).from('no_such_table').select();
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST205');
    for (const query of ['id=zz.1', 'id=eq', 'or=(id.eq.1', 'order=id.desc&limit=-1', 'select=id,(', 'id=in.1,2']) {
      const res = await raw(backend, `/rest/v1/items?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { code: string }).code, query).toBe('PGRST100');
    }
    await stillServing();
  });

  it('forged, expired and role-less tokens', async () => {
    const forged = await sign('not-the-secret-not-the-secret-not-the-secret', { role: 'service_role', iss: 'supabase-demo' });
    const expired = await sign(backend.jwtSecret, { role: 'authenticated', sub: alice.id, exp: Math.floor(Date.now() / 1000) - 60 });
    const oddRole = await sign(backend.jwtSecret, { role: 'postgres' });
    for (const [token, message] of [
      [forged, 'JWSError JWSInvalidSignature'],
      [expired, 'JWT expired'],
      [oddRole, undefined],
      ['garbage', 'JWSError JWSInvalidSignature'],
    ] as const) {
      const res = await raw(backend, '/rest/v1/items', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe('PGRST301');
      if (message) expect(body.message).toBe(message);
    }
    const forgedClient = client(backend, forged);
    expect((await forgedClient.from('items').select()).status).toBe(401);
    expect((await raw(backend, '/functions/v1/server-time', { method: 'POST', headers: { authorization: `Bearer ${expired}` } })).status).toBe(401);
    expect((await raw(backend, '/auth/v1/user', { headers: { authorization: `Bearer ${forged}` } })).status).toBe(403);
    await stillServing();
  });

  it('oversized bodies', async () => {
    const big = JSON.stringify({ body: 'x'.repeat(2 * 1024 * 1024) });
    const res = await raw(backend, '/rest/v1/notes', {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.session.access_token}`, 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    const rpc = await raw(backend, '/rest/v1/rpc/echo_json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(rpc.status).toBe(413);
    await stillServing();
  });

  it('answers CORS preflights and exposes Content-Range', async () => {
    const res = await fetch(`${backend.url}/rest/v1/items`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,apikey,prefer,range' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('prefer');
    const get = await raw(backend, '/rest/v1/items?select=id', { headers: { prefer: 'count=exact' } });
    expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(get.headers.get('content-range')).toBe('0-5/6');
  });

  it('unknown routes', async () => {
    expect((await raw(backend, '/nothing/here')).status).toBe(404);
    expect((await raw(backend, '/auth/v1/nope')).status).toBe(404);
    await stillServing();
  });
});
