// Requests that used to wedge or starve the whole backend (issue #17): a select naming an unknown
// relation (its schema lookup waited on the request's own transaction, and every later request
// waited behind it), a query that runs for ever, and bodies far over the limit. Each gets its answer
// within a bound, and everyone else keeps being served meanwhile and afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../supabase/embedded/limits.ts';
import type { Backend } from '../../../supabase/embedded/server.ts';
import { client, newUser, startFixtureBackend } from '../helpers.ts';
import { Arena, messageOf } from './arena.ts';

let arena: Arena;

beforeAll(async () => {
  arena = await Arena.open();
});
afterAll(() => arena?.close('wedge'));

/** A public read any student makes, answered quickly. */
async function stillServing(): Promise<void> {
  const started = Date.now();
  const read = await arena.as(null, '/rest/v1/apps?select=id&limit=1', { signal: AbortSignal.timeout(5000) });
  expect(read.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(5000);
}

describe('a request that names what does not exist', () => {
  it('gets a PGRST200 at once and leaves the backend serving', async () => {
    for (const select of ['id,no_such_table(*)', 'id,also_missing!inner(id)', 'id,plays(id,nowhere(*))']) {
      const answer = await arena.as(null, `/rest/v1/apps?select=${select}`, { signal: AbortSignal.timeout(5000) });
      expect(answer.status, select).toBe(400);
      expect(answer.body, select).toMatchObject({ code: 'PGRST200' });
      expect(messageOf(answer), select).toMatch(/Could not find a relationship/);
      await stillServing();
    }
  });
});

describe('a query that runs for ever', () => {
  // A fixture backend with a short budget: its spin() loops as long as it is asked to.
  const BUDGET_MS = 1500;
  const dataDir = mkdtempSync(join(tmpdir(), 'security-wedge-'));
  let backend: Backend;
  let alice: Awaited<ReturnType<typeof newUser>>;

  beforeAll(async () => {
    backend = await startFixtureBackend({ dataDir, budgetMs: BUDGET_MS });
    alice = await newUser(backend, 'alice_wedge');
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is stopped at its budget, keeps nothing it wrote, loses nothing committed, and others are served meanwhile', async () => {
    const kept = await alice.supabase.from('notes').insert({ body: 'written before' }).select('id').single();
    expect(kept.error).toBeNull();

    const started = Date.now();
    const runaway = alice.supabase.rpc('note_then_spin', { p_body: 'written by the runaway', n: 1e12 });
    // While it runs, the server still answers what needs no database, at once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = Date.now();
    const ok = await fetch(`${backend.url}/auth/v1/health`, { signal: AbortSignal.timeout(2000) });
    expect(ok.status).toBe(200);
    expect(Date.now() - health).toBeLessThan(500);

    const { error, status } = await runaway;
    expect(status).toBe(503);
    expect(error?.message).toBe(`The request took longer than ${BUDGET_MS / 1000} s and was stopped; nothing it changed was kept.`);
    // The budget, plus the time the database takes to open its folder again.
    expect(Date.now() - started).toBeLessThan(BUDGET_MS + 10_000);

    const notes = await alice.supabase.from('notes').select('body').order('id');
    expect(notes.error).toBeNull();
    expect(notes.data).toEqual([{ body: 'written before' }]);
    const after = await alice.supabase.from('notes').insert({ body: 'written after' }).select('body').single();
    expect(after.data).toEqual({ body: 'written after' });
  });

  it('that a request of someone else queued behind waits for, then gets its own answer', async () => {
    const runaway = alice.supabase.rpc('spin', { n: 1e12 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const bystander = await client(backend).from('items').select('id').eq('id', 1);
    expect(bystander.error).toBeNull();
    expect(bystander.data).toEqual([{ id: 1 }]);
    expect((await runaway).status).toBe(503);
  });
});

/** Sends headers and the first `sent` bytes of a body that says it has `declared`, then waits for the answer. */
function partialUpload(url: string, headers: Record<string, string>, declared: number | null, sent: number): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const req = request(url, { method: 'POST', headers: { ...headers, ...(declared === null ? {} : { 'content-length': String(declared) }) } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started }));
    });
    req.on('error', reject);
    req.write(Buffer.alloc(sent, 7));
    // Never ended: a server that waits for the rest of the body never answers.
    setTimeout(() => req.destroy(new Error('no answer within 5 s')), 5000);
  });
}

describe('a body far over the limit', () => {
  it('is refused from its Content-Length, before it is sent', async () => {
    const headers = { apikey: arena.backend.anonKey, authorization: `Bearer ${arena.alice.session.access_token}`, 'content-type': 'image/png' };
    const upload = await partialUpload(`${arena.backend.url}/storage/v1/object/submissions/${arena.aliceSubmission}_big.png`, headers, 45 * 1024 * 1024, 64 * 1024);
    expect(upload.status).toBe(413);
    expect(JSON.parse(upload.body)).toMatchObject({ message: 'The object exceeded the maximum allowed size' });
    const rest = await partialUpload(`${arena.backend.url}/rest/v1/rpc/apply_mutations`, { ...headers, 'content-type': 'application/json' }, 45 * 1024 * 1024, 64 * 1024);
    expect([rest.status, JSON.parse(rest.body).code]).toEqual([413, 'PGRST413']);
    await stillServing();
  });

  it('is refused as soon as the bytes sent pass the bucket limit, when no length was declared', async () => {
    const headers = { apikey: arena.backend.anonKey, authorization: `Bearer ${arena.alice.session.access_token}`, 'content-type': 'image/png', 'transfer-encoding': 'chunked' };
    // The bucket takes 2 MiB: 3 MiB are sent, 42 MiB more never are.
    const upload = await partialUpload(`${arena.backend.url}/storage/v1/object/submissions/${arena.aliceSubmission}_big.png`, headers, null, 3 * 1024 * 1024);
    expect(upload.status).toBe(413);
    await stillServing();
  });

  it('is refused when the request line alone is too long', async () => {
    const answer = await fetch(`${arena.backend.url}/rest/v1/apps?select=id&id=in.(${'1,'.repeat(LIMITS.headerBytes)}1)`, { headers: { apikey: arena.backend.anonKey } });
    expect(answer.status).toBe(431);
    await stillServing();
  });
});
