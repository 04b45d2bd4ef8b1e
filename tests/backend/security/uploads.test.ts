// Proof-image uploads an attacker would try (issue #10): files that are not images under an image type,
// images under the wrong type, types the bucket does not take, a file over the 2 MiB limit, names
// that climb out of the bucket or into folders (../, /, \, NUL, encoded forms) and names on another
// student's submission. Each is refused with a 4xx and a message, nothing new lands on disk or in the
// bucket, and bob's proof keeps its bytes. A valid upload at the end shows the door still opens.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Arena, messageOf, PNG } from './arena.ts';

const LIMIT = 2 * 1024 * 1024;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(100, 2)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');

const dataDir = mkdtempSync(join(tmpdir(), 'security-uploads-'));
let arena: Arena;

/** Every file under the temporary folder that holds the backend's data, except the database's own. */
function storedFiles(): string[] {
  const database = join(dataDir, 'data', 'pg');
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !join(entry.parentPath, entry.name).startsWith(database))
    .map((entry) => relative(dataDir, join(entry.parentPath, entry.name)))
    .sort();
}

beforeAll(async () => {
  // One level down, so a name that climbed out of the data folder would still show in storedFiles.
  arena = await Arena.open(join(dataDir, 'data'));
});
afterAll(async () => {
  await arena?.close('uploads');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A raw upload to the submissions bucket; `name` is put in the URL as given (encode it yourself). */
function upload(urlName: string, body: Buffer<ArrayBuffer> | FormData, contentType?: string, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extra };
  if (contentType !== undefined) headers['content-type'] = contentType;
  return arena.as(arena.alice, `/storage/v1/object/submissions/${urlName}`, { method: 'POST', body, headers });
}

describe('proof uploads', () => {
  it('refuses what is not the image it claims to be, what the bucket does not take, and what is too big', async () => {
    const mine = `${arena.aliceSubmission}_proof.png`;
    const before = storedFiles();
    const cases: [string, Buffer<ArrayBuffer>, string | undefined, number][] = [
      ['text as image/png', Buffer.from('just some text'), 'image/png', 415],
      ['an SVG with a script as image/png', SVG, 'image/png', 415],
      ['an HTML page as image/gif', HTML, 'image/gif', 415],
      ['a PNG as image/jpeg', PNG, 'image/jpeg', 415],
      ['a JPEG as image/png', JPEG, 'image/png', 415],
      ['a GIF as image/webp', GIF, 'image/webp', 415],
      ['an SVG as image/svg+xml', SVG, 'image/svg+xml', 415],
      ['a PNG as text/html', PNG, 'text/html', 415],
      ['a PNG as application/octet-stream', PNG, 'application/octet-stream', 415],
      ['a PNG with no type', PNG, undefined, 415],
      ['an empty file as image/png', Buffer.alloc(0), 'image/png', 415],
      ['a PNG one byte over 2 MiB', Buffer.concat([PNG, Buffer.alloc(LIMIT + 1 - PNG.length)]), 'image/png', 413],
      ['a PNG of 40 MiB', Buffer.concat([PNG, Buffer.alloc(40 * 1024 * 1024)]), 'image/png', 413],
    ];
    for (const [what, body, type, status] of cases) {
      const answer = await upload(mine, body, type);
      expect([answer.status, messageOf(answer) !== ''], `${what}: ${JSON.stringify(answer.body)}`).toEqual([status, true]);
    }
    const form = new FormData();
    form.append('', new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'proof.png');
    expect((await upload(mine, form)).status, 'a multipart script as image/png').toBe(415);
    expect(storedFiles()).toEqual(before);
    expect((await arena.service(`/storage/v1/object/submissions/${mine}`)).status).toBe(404);
  });

  it('refuses names that leave the bucket, make folders or sit on another student\'s submission', async () => {
    const id = arena.aliceSubmission;
    const before = storedFiles();
    const names: [string, string][] = [
      ['../ before the name', encodeURIComponent(`../${id}_x.png`)],
      ['../ inside the name', encodeURIComponent(`${id}_../../../x.png`)],
      ['dot segments in the URL', `${id}_a/%2E%2E/%2E%2E/%2E%2E/escape.png`],
      ['a folder', `${id}_a/b.png`],
      ['an encoded folder', encodeURIComponent(`${id}_a/b.png`)],
      ['a backslash', encodeURIComponent(`${id}_a\\..\\b.png`)],
      ['a NUL byte', encodeURIComponent(`${id}_a\u0000.png`)],
      ['a control character', encodeURIComponent(`${id}_a\n.png`)],
      ['a bad escape', `${id}_%E0%A4%A.png`],
      ['a leading slash', `%2F${id}_x.png`],
      ["bob's user id as a folder", `${arena.bob.id}/x.png`],
      ["bob's submission", `${arena.bobSubmission}_mine.png`],
      ['a submission that does not exist', '999999_x.png'],
      ['no submission id', 'proof.png'],
      ['a submission id with a prefix', `x${id}_proof.png`],
      ['only the id', `${id}_`],
    ];
    for (const [what, name] of names) {
      const answer = await upload(name, PNG, 'image/png');
      expect(answer.status >= 400 && answer.status < 500 && messageOf(answer) !== '', `${what} (${name}) -> ${answer.status} ${JSON.stringify(answer.body)}`).toBe(true);
    }
    const otherBucket = await arena.as(arena.alice, '/storage/v1/object/..%2Fsubmissions/x.png', { method: 'POST', body: PNG, headers: { 'content-type': 'image/png' } });
    expect(otherBucket.status).toBe(400);
    expect(storedFiles()).toEqual(before);
  });

  it("leaves bob's proof alone: no overwrite, no upsert, no delete, no read", async () => {
    const before = storedFiles();
    expect((await upload(arena.bobProof, PNG, 'image/png')).status).toBe(403);
    expect((await upload(arena.bobProof, JPEG, 'image/jpeg', { 'x-upsert': 'true' })).status).toBe(403);
    const put = await arena.as(arena.alice, `/storage/v1/object/submissions/${arena.bobProof}`, { method: 'PUT', body: GIF, headers: { 'content-type': 'image/gif' } });
    expect(put.status).toBe(403);
    const removed = await arena.as(arena.alice, `/storage/v1/object/submissions/${arena.bobProof}`, { method: 'DELETE' });
    expect([removed.status, removed.body]).toEqual([200, []]);
    const bulk = await arena.as(arena.alice, '/storage/v1/object/submissions', { method: 'DELETE', body: JSON.stringify({ prefixes: [arena.bobProof] }) });
    expect([bulk.status, bulk.body]).toEqual([200, []]);
    expect((await arena.as(arena.alice, `/storage/v1/object/authenticated/submissions/${arena.bobProof}`)).status).toBe(404);
    expect((await arena.as(arena.alice, `/storage/v1/object/public/submissions/${arena.bobProof}`)).status).toBe(404);
    expect(storedFiles()).toEqual(before);
    const proof = await arena.bob.supabase.storage.from('submissions').download(arena.bobProof);
    expect(Buffer.from(await (proof.data as Blob).arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('stores a valid proof of exactly 2 MiB under its own submission, served as an image with nosniff', async () => {
    const name = `${arena.aliceSubmission}_proof.png`;
    const exact = Buffer.concat([PNG, Buffer.alloc(LIMIT - PNG.length)]);
    expect((await upload(name, exact, 'image/png')).status).toBe(200);
    expect(storedFiles()).toContain(join('data', 'storage', 'submissions', name));
    const res = await fetch(`${arena.backend.url}/storage/v1/object/authenticated/submissions/${name}`, {
      headers: { apikey: arena.backend.anonKey, authorization: `Bearer ${arena.alice.session.access_token}` },
    });
    expect([res.status, res.headers.get('content-type'), res.headers.get('x-content-type-options')]).toEqual([200, 'image/png', 'nosniff']);
  });
});
