import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const API = 'http://portal.test:4173';
const KEY = 'anon-key-for-tests';

interface Call {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: unknown;
}

/** firstRead.ts as a page loads it, with the API configured (or not) and fetch answered by `answer`. */
async function load(answer: (call: Call) => Response | Promise<Response>, configured = true) {
  vi.resetModules();
  vi.stubEnv('VITE_SUPABASE_URL', configured ? `${API}/` : '');
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', configured ? KEY : '');
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = { url, method: init.method, headers: init.headers as Record<string, string>, body: JSON.parse(init.body as string) as unknown };
    calls.push(call);
    return answer(call);
  });
  return { calls, ...(await import('../../../src/data/firstRead.ts')) };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const APPS = [{ id: 'snake', title: 'Snake' }];

describe('the first reads', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('POST the public RPCs with the anon key, as supabase-js would', async () => {
    const { calls, firstAppList, firstPopularApps } = await load((call) =>
      json(call.url.endsWith('get_popular_apps') ? [{ app_id: 'snake', players: '12' }] : APPS),
    );
    expect(await firstAppList()).toEqual(APPS);
    // bigint counts come back as text from PostgreSQL: the ranking holds numbers.
    expect(await firstPopularApps()).toEqual([{ app_id: 'snake', players: 12 }]);
    expect(calls).toEqual([
      { url: `${API}/rest/v1/rpc/get_apps_ordered_by_title`, method: 'POST', headers: expect.objectContaining({ apikey: KEY, authorization: `Bearer ${KEY}` }), body: {} },
      { url: `${API}/rest/v1/rpc/get_popular_apps`, method: 'POST', headers: expect.objectContaining({ apikey: KEY }), body: { p_limit: 20 } },
    ]);
  });

  it('read once per page load, and hand their answer to one refresh only', async () => {
    const { calls, firstAppList, takeFirstAppList } = await load(() => json(APPS));
    await Promise.all([firstAppList(), firstAppList()]);
    expect(calls).toHaveLength(1);
    expect(await takeFirstAppList()).toEqual(APPS);
    expect(takeFirstAppList()).toBeNull();
    // After the refresh took it, a page without the runtime would read afresh.
    await firstAppList();
    expect(calls).toHaveLength(2);
  });

  it('answer null, never throw, when the server refuses, answers something else or cannot be reached', async () => {
    for (const answer of [() => json({ message: 'no' }, 500), () => json({ not: 'a list' }), () => Promise.reject(new TypeError('Failed to fetch'))]) {
      const { firstAppList, firstPopularApps } = await load(answer);
      expect(await firstAppList()).toBeNull();
      expect(await firstPopularApps()).toBeNull();
    }
  });

  it('ask nothing when no backend is configured', async () => {
    const { calls, firstAppList } = await load(() => json(APPS), false);
    expect(await firstAppList()).toBeNull();
    expect(calls).toEqual([]);
  });

  it('are for visits no service worker controls: a device that keeps the portal reads its own copy first', async () => {
    const decided = async (navigator: object) => {
      const { readsFirstFromNetwork } = await load(() => json(APPS));
      vi.stubGlobal('navigator', navigator);
      return readsFirstFromNetwork();
    };
    expect(await decided({ serviceWorker: { controller: null } })).toBe(true);
    expect(await decided({ serviceWorker: { controller: {} } })).toBe(false);
    expect(await decided({})).toBe(true);
  });

  it('decide once per page load: a worker that takes control meanwhile does not change it', async () => {
    const { readsFirstFromNetwork } = await load(() => json(APPS));
    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    expect(readsFirstFromNetwork()).toBe(true);
    vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
    expect(readsFirstFromNetwork()).toBe(true);
  });
});
