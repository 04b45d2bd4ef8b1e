// The Edge Functions the app calls, each one in supabase/functions, answer on the target (see "Contract
// tests" in supabase/README.md): a hosted project where one was never deployed answers 404, and the
// portal's time check then cannot tell whether the clock is right.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkClock } from '../../../src/data/queries/checkClock.ts';
import { startProductBackend, type ContractTarget } from './harness.ts';

const functionsDir = join(import.meta.dirname, '..', '..', '..', 'supabase', 'functions');
const FUNCTIONS = readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name);

let backend: ContractTarget;

beforeAll(async () => {
  backend = await startProductBackend();
});
afterAll(() => backend.close());

/** A fetch that sends the anon key, as the portal does to its own backend's functions. */
const withAnonKey: typeof fetch = (input, init) =>
  fetch(input, { ...init, headers: { ...init?.headers, apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` } });

describe('the functions the app calls', () => {
  it('are the folders of supabase/functions', () => {
    expect(FUNCTIONS).toEqual(['server-time']);
  });

  it.each(FUNCTIONS)('%s is deployed and answers', async (name) => {
    const res = await withAnonKey(`${backend.url}/functions/v1/${name}`);
    expect(res.status, `${name}: deploy it with npx supabase functions deploy ${name}`).toBe(200);
  });

  it("finds this machine's clock right against server-time", async () => {
    expect(await checkClock({ url: `${backend.url}/functions/v1/server-time`, fetch: withAnonKey })).toEqual({ status: 'checked', offsetMs: 0 });
  });
});
