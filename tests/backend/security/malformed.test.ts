// Malformed input an attacker (or a buggy client) sends (issue #17): percent-escapes that are not
// UTF-8, thousands of nested or= groups, JSON nested ten thousand deep, a proof name longer than a
// file name may be, deep and wide embedding, and PostgREST syntax the embedded backend does not
// implement. Each gets a 4xx with a message that says what is wrong; no answer is a 500 or names the
// server's folders, and the server keeps serving.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../supabase/embedded/limits.ts';
import type { Backend } from '../../../supabase/embedded/server.ts';
import { newUser, startFixtureBackend } from '../helpers.ts';
import { Arena, messageOf, PNG, type Answer } from './arena.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'security-malformed-'));
let arena: Arena;

beforeAll(async () => {
  // On disk, so a file-system error would have a path to leak.
  arena = await Arena.open(join(dataDir, 'data'));
});
afterAll(async () => {
  await arena?.close('malformed');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A clear refusal: a 4xx, JSON, a message, and nothing of the server's folders. */
function expectRefusal(answer: Answer, what: string, message?: RegExp): void {
  const seen = `${what} -> ${answer.status} ${JSON.stringify(answer.body)}`;
  expect(answer.status, seen).toBeGreaterThanOrEqual(400);
  expect(answer.status, seen).toBeLessThan(500);
  expect(answer.contentType, seen).toMatch(/^application\/json/);
  expect(messageOf(answer), seen).not.toBe('');
  if (message) expect(`${messageOf(answer)} ${JSON.stringify(answer.body)}`, seen).toMatch(message);
  expect(JSON.stringify(answer.body), seen).not.toContain(dataDir);
}

async function stillServing(): Promise<void> {
  expect((await arena.as(null, '/rest/v1/apps?select=id&limit=1')).status).toBe(200);
}

const nest = (depth: number, inner: string, wrap: (s: string) => string) => {
  let out = inner;
  for (let i = 0; i < depth; i++) out = wrap(out);
  return out;
};

describe('malformed requests', () => {
  it('percent-escapes that are not UTF-8, on every service', async () => {
    const paths: [string, string, RequestInit?][] = [
      ['a table name', '/rest/v1/ap%ZZps'],
      ['an RPC name', '/rest/v1/rpc/%E0%A4%A', { method: 'POST', body: '{}' }],
      ['a function name', '/functions/v1/%ZZ'],
      ['an object name', `/storage/v1/object/submissions/${arena.aliceSubmission}_%E0%A4%A.png`, { method: 'POST', body: PNG, headers: { 'content-type': 'image/png' } }],
      ['a bucket name', '/storage/v1/object/%ZZ/x.png'],
    ];
    for (const [what, path, init] of paths) expectRefusal(await arena.as(arena.alice, path, init), what, /URL encoding|not valid/);
    await stillServing();
  });

  it('3,000 nested or= groups, and groups just past the limit', async () => {
    const deep = nest(3000, 'id.eq.snake', (s) => `or(${s})`);
    expectRefusal(await arena.as(null, `/rest/v1/apps?select=id&or=(${deep})`), '3,000 nested or', new RegExp(`at most ${LIMITS.logicDepth} deep`));
    const justPast = nest(LIMITS.logicDepth, 'id.eq.snake', (s) => `or(${s})`);
    expectRefusal(await arena.as(null, `/rest/v1/apps?select=id&or=(${justPast})`), 'one group too deep', /deep/);
    const atLimit = nest(LIMITS.logicDepth - 1, 'id.eq.snake', (s) => `or(${s})`);
    const fine = await arena.as(null, `/rest/v1/apps?select=id&or=(${atLimit})`);
    expect([fine.status, fine.body]).toEqual([200, [{ id: 'snake' }]]);
    const wide = Array.from({ length: LIMITS.conditions + 1 }, (_, i) => `id.eq.x${i}`).join(',');
    expectRefusal(await arena.as(null, `/rest/v1/apps?select=id&or=(${wide})`), 'too many conditions', /conditions/);
    await stillServing();
  });

  it('JSON nested 10,000 deep, wherever a body is read', async () => {
    const deep = nest(10_000, '1', (s) => `[${s}]`);
    const answers: [string, Answer][] = [
      ['an RPC argument', await arena.as(arena.alice, '/rest/v1/rpc/apply_mutations', { method: 'POST', body: `{"p_ops":${deep}}` })],
      ['a table insert', await arena.as(arena.alice, '/rest/v1/chat_reports', { method: 'POST', body: `{"reason":${deep}}` })],
      ['sign-up metadata', await arena.as(null, '/auth/v1/signup', { method: 'POST', body: `{"email":"deep@example.test","password":"correct horse battery","data":{"x":${deep}}}` })],
      ['a user update', await arena.as(arena.alice, '/auth/v1/user', { method: 'PUT', body: `{"data":${deep}}` })],
      ['a storage removal', await arena.as(arena.alice, '/storage/v1/object/submissions', { method: 'DELETE', body: `{"prefixes":${deep}}` })],
    ];
    for (const [what, answer] of answers) expectRefusal(answer, what, /deep|JSON|json|prefixes/);
    await stillServing();
  });

  it('a proof name longer than a file name may be, without naming the data folder', async () => {
    const answer = await arena.as(arena.alice, `/storage/v1/object/submissions/${arena.aliceSubmission}_${'a'.repeat(300)}.png`, {
      method: 'POST',
      body: PNG,
      headers: { 'content-type': 'image/png' },
    });
    expectRefusal(answer, 'a 300-character name', /at most 255 bytes/);
    await stillServing();
  });

  it('embedding nested deeper or wider than the limits', async () => {
    const deep = nest(LIMITS.embedDepth + 1, 'id', (s) => `id,plays(${s})`);
    expectRefusal(await arena.as(null, `/rest/v1/apps?select=${deep}`), 'embedding too deep', /nested at most/);
    const wide = Array.from({ length: LIMITS.embeds + 1 }, (_, i) => `p${i}:plays(id)`).join(',');
    expectRefusal(await arena.as(null, `/rest/v1/apps?select=id,${wide}`), 'too many embeds', /embedded resources/);
    const list = Array.from({ length: LIMITS.inListValues + 1 }, (_, i) => `x${i}`).join(',');
    expectRefusal(await arena.as(null, `/rest/v1/apps?select=id&id=in.(${list})`), 'too long an in list', /in\.\(\.\.\.\) list/);
    expectRefusal(await arena.as(null, `/rest/v1/apps?select=id&title=match.${'a'.repeat(LIMITS.patternChars + 1)}`), 'too long a pattern', /pattern/);
    await stillServing();
  });

  it('PostgREST syntax the embedded backend does not implement gets a PGRST error', async () => {
    const unsupported: [string, string][] = [
      ['an aggregate', '/rest/v1/apps?select=count()'],
      ['a spread', '/rest/v1/apps?select=...plays(id)'],
      ['full-text search', '/rest/v1/apps?title=fts.snake'],
      ['an any-of operator', '/rest/v1/apps?id=eq(any).{snake,flappy}'],
      ['a column aggregate', '/rest/v1/apps?select=id.count()'],
    ];
    for (const [what, path] of unsupported) {
      const answer = await arena.as(null, path);
      expectRefusal(answer, what);
      expect((answer.body as { code?: string }).code, what).toMatch(/^PGRST1\d\d$/);
    }
    await stillServing();
  });
});

describe('an error from inside the database', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startFixtureBackend();
  });
  afterAll(() => backend?.close());

  it('answers 500 without its text, and the backend keeps serving', async () => {
    const user = await newUser(backend, 'internal_err');
    const { error, status } = await user.supabase.rpc('internal_failure');
    expect(status).toBe(500);
    expect(error?.message).toBe('Internal error in the embedded backend');
    expect(JSON.stringify(error)).not.toContain('bad buffer');
    expect((await user.supabase.from('items').select('id').eq('id', 1)).data).toEqual([{ id: 1 }]);
  });
});
