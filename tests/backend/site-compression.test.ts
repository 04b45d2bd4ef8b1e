// The built portal is sent compressed (issue 19): Lighthouse's phone on slow 4G spent 1.5 s on the
// first-paint script alone while it went out as built. Text goes out as brotli or gzip, whichever
// the browser takes, decoding to the very file; images go out as they are; a rebuilt file is never
// answered with the copy compressed before.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../supabase/embedded/site.ts';
import type { Backend } from '../../supabase/embedded/server.ts';
import { startFixtureBackend } from './helpers.ts';

const work = mkdtempSync(join(tmpdir(), 'site-compression-'));
const site = join(work, 'site');
let backend: Backend;

const SCRIPT = `export const games = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: `game-${i}`, title: `Game number ${i}` })))};\n`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request, so the test sees the bytes on the wire and not what a client decoded. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${backend.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  mkdirSync(join(site, 'assets'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Portal</title><script type="module" src="/assets/app-1a2b.js"></script>');
  writeFileSync(join(site, 'assets', 'app-1a2b.js'), SCRIPT);
  writeFileSync(join(site, 'icon.png'), PNG);
  backend = await startFixtureBackend({ dataDir: join(work, 'data'), siteDir: site });
});
afterAll(async () => {
  await backend?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the built portal, compressed', () => {
  it('sends a script as brotli to a browser that takes it, decoding to the very file and much smaller', async () => {
    const answer = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends gzip where brotli is not taken, and the page itself compressed too', async () => {
    const script = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip, deflate' });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(script.body).toString()).toBe(SCRIPT);
    const page = await get('/shop', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toContain('<title>Portal</title>');
  });

  it('sends the file as it is to a client that takes no encoding, or refuses one with q=0', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const answer = await get('/assets/app-1a2b.js', accept === undefined ? {} : { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(answer.body.toString(), String(accept)).toBe(SCRIPT);
      expect(answer.headers.vary, String(accept)).toBe('Accept-Encoding');
    }
  });

  it('leaves images as they are: they are compressed already', async () => {
    const answer = await get('/icon.png', { 'accept-encoding': 'gzip, br' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.equals(PNG)).toBe(true);
  });

  it('answers HEAD with the compressed length and no body', async () => {
    const full = await get('/assets/app-1a2b.js', { 'accept-encoding': 'br' });
    const head = await get('/assets/app-1a2b.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(full.body.length));
    expect(head.body.length).toBe(0);
  });

  it('compresses a rebuilt file anew instead of sending the copy made of the old one', async () => {
    const before = await get('/index.html', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(before.body).toString()).toContain('<title>Portal</title>');
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Rebuilt portal</title>');
    // A rebuild within the same second as the first build still shows: the size differs, and so does the time set here.
    utimesSync(join(site, 'index.html'), new Date(), new Date(Date.now() + 5000));
    const after = await get('/index.html', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(after.body).toString()).toBe('<!doctype html><title>Rebuilt portal</title>');
  });
});

describe('choosing the encoding from Accept-Encoding', () => {
  it('prefers brotli, then gzip, honours q=0 and the wildcard', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br; q=0 , gzip ; q=0')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
