import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../supabase/embedded/server.ts';
import { client, newUser, startFixtureBackend } from './helpers.ts';

let backend: Backend;
let alice: Awaited<ReturnType<typeof newUser>>;
let bob: Awaited<ReturnType<typeof newUser>>;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

beforeAll(async () => {
  backend = await startFixtureBackend();
  alice = await newUser(backend, 'alice');
  bob = await newUser(backend, 'bob');
});
afterAll(() => backend.close());

function rawPath(path: string): Promise<number> {
  const url = new URL(backend.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', headers: { apikey: backend.anonKey, authorization: `Bearer ${alice.session.access_token}` } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('storage', () => {
  it('uploads, downloads and removes an owner-only object', async () => {
    const path = `${alice.id}_proof.png`;
    const up = await alice.supabase.storage.from('submissions').upload(path, PNG, { contentType: 'image/png' });
    expect(up.error).toBeNull();
    expect(up.data?.fullPath).toBe(`submissions/${path}`);

    const down = await alice.supabase.storage.from('submissions').download(path);
    expect(down.error).toBeNull();
    expect(Buffer.from(await (down.data as Blob).arrayBuffer()).equals(PNG)).toBe(true);
    expect(down.data?.type).toBe('image/png');

    const byBob = await bob.supabase.storage.from('submissions').download(path);
    expect(byBob.data).toBeNull();
    expect(byBob.error).not.toBeNull();

    const twice = await alice.supabase.storage.from('submissions').upload(path, PNG, { contentType: 'image/png' });
    expect((twice.error as { statusCode?: string } | null)?.statusCode).toBe('409');
    const replaced = await alice.supabase.storage.from('submissions').upload(path, PNG, { contentType: 'image/png', upsert: true });
    expect(replaced.error).toBeNull();

    const removedByBob = await bob.supabase.storage.from('submissions').remove([path]);
    expect(removedByBob.data).toEqual([]);
    const removed = await alice.supabase.storage.from('submissions').remove([path]);
    expect(removed.data?.map((o) => o.name)).toEqual([path]);
    expect((await alice.supabase.storage.from('submissions').download(path)).error).not.toBeNull();
  });

  it('accepts a multipart upload of a Blob', async () => {
    const blob = new Blob([PNG], { type: 'image/png' });
    const up = await alice.supabase.storage.from('submissions').upload(`${alice.id}_blob.png`, blob);
    expect(up.error).toBeNull();
    const down = await alice.supabase.storage.from('submissions').download(`${alice.id}_blob.png`);
    expect(down.data?.size).toBe(PNG.length);
  });

  it('refuses anonymous uploads, oversized files, wrong types and fake images', async () => {
    const anon = await client(backend).storage.from('submissions').upload('anon.png', PNG, { contentType: 'image/png' });
    expect((anon.error as { statusCode?: string } | null)?.statusCode).toBe('403');
    const big = Buffer.concat([PNG, Buffer.alloc(200 * 1024)]);
    const tooBig = await alice.supabase.storage.from('submissions').upload(`${alice.id}_big.png`, big, { contentType: 'image/png' });
    expect((tooBig.error as { statusCode?: string } | null)?.statusCode).toBe('413');
    const text = await alice.supabase.storage.from('submissions').upload(`${alice.id}_note.txt`, Buffer.from('hi'), { contentType: 'text/plain' });
    expect((text.error as { statusCode?: string } | null)?.statusCode).toBe('415');
    const fake = await alice.supabase.storage.from('submissions').upload(`${alice.id}_fake.png`, Buffer.from('<script>alert(1)</script>'), { contentType: 'image/png' });
    expect((fake.error as { statusCode?: string } | null)?.statusCode).toBe('415');
    const missing = await alice.supabase.storage.from('no-such-bucket').upload('x.png', PNG, { contentType: 'image/png' });
    expect((missing.error as { statusCode?: string } | null)?.statusCode).toBe('404');
  });

  it('refuses names that could escape the bucket', async () => {
    for (const name of ['a..b.png', '../x.png', 'dir/../../x.png']) {
      const up = await alice.supabase.storage.from('submissions').upload(name, PNG, { contentType: 'image/png' });
      expect(up.error, name).not.toBeNull();
    }
    const encoded = await alice.supabase.storage.from('submissions').upload('a%2F..%2F..%2Fx.png', PNG, { contentType: 'image/png' });
    expect(encoded.error).not.toBeNull();
    // Dot segments are resolved before routing, so this lands outside /storage/v1 altogether.
    expect(await rawPath('/storage/v1/object/submissions/../../../../etc/passwd')).toBe(404);
    expect(await rawPath('/storage/v1/object/submissions/a%5C..%5Cb.png')).toBe(400);
  });

  it('serves public buckets without a session', async () => {
    await alice.supabase.storage.from('public-art').upload(`${alice.id}/cat.png`, PNG, { contentType: 'image/png' });
    const url = client(backend).storage.from('public-art').getPublicUrl(`${alice.id}/cat.png`).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await fetch(url.replace('public-art', 'submissions'))).status).toBe(404);
  });
});

describe('functions', () => {
  it('calls a local edge function with the caller authorisation', async () => {
    const { data, error } = await alice.supabase.functions.invoke('server-time');
    expect(error).toBeNull();
    const utc = (data as { utc: string }).utc;
    expect(Math.abs(Date.parse(utc) - Date.now())).toBeLessThan(5000);
  });

  it('answers 404 for an unknown function', async () => {
    const { error } = await alice.supabase.functions.invoke('no-such-function');
    expect((error as { context?: Response } | null)?.context?.status).toBe(404);
  });
});
