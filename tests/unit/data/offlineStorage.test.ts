// The offline pack and the storage figures of /cache, over a stand-in for the browser's Cache Storage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToOfflinePack,
  cachedBytesByPrefix,
  clearCaches,
  estimateStorage,
  canPlayOfflinePackCopy,
  offlinePackSizes,
  removeFromOfflinePack,
} from '../../../src/data/offlineStorage.ts';
import { OFFLINE_PACK_CACHE } from '../../../src/domain/gameSandbox.ts';

const ORIGIN = 'https://portal.example';

/** Just enough of CacheStorage: named caches of responses keyed by URL. */
class FakeCaches {
  readonly stores = new Map<string, Map<string, Response>>();
  async keys() {
    return [...this.stores.keys()];
  }
  async has(name: string) {
    return this.stores.has(name);
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async open(name: string) {
    const store = this.stores.get(name) ?? new Map<string, Response>();
    this.stores.set(name, store);
    return {
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      match: async (request: Request | string) => store.get(typeof request === 'string' ? request : request.url)?.clone(),
      put: async (url: string, response: Response) => void store.set(url, response),
      delete: async (url: string) => store.delete(url),
    };
  }
}

let caches: FakeCaches;

beforeEach(() => {
  caches = new FakeCaches();
  vi.stubGlobal('caches', caches);
  vi.stubGlobal('location', new URL(`${ORIGIN}/cache`));
  vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function page(html: string, type = 'text/html'): Response {
  return new Response(html, { headers: { 'content-type': type } });
}

describe('the offline pack', () => {
  it('keeps a self-contained page from a site that allows reading it, for the service worker to play', async () => {
    vi.stubGlobal('fetch', async () => page('<!doctype html><title>Tiny</title><script>play()</script>'));
    expect(await addToOfflinePack('https://games.example/tiny.html')).toEqual({ ok: true });
    expect(await (await caches.open(OFFLINE_PACK_CACHE)).match('https://games.example/tiny.html')?.then((r) => r?.text())).toContain('play()');
    expect(await canPlayOfflinePackCopy('https://games.example/tiny.html')).toBe(true);
    expect(await canPlayOfflinePackCopy('https://games.example/other.html')).toBe(false);
    expect([...(await offlinePackSizes()).keys()]).toEqual(['https://games.example/tiny.html']);

    await removeFromOfflinePack('https://games.example/tiny.html');
    expect(await canPlayOfflinePackCopy('https://games.example/tiny.html')).toBe(false);
  });

  it('plays the live game while no service worker controls the page, as only the worker serves the copy', async () => {
    vi.stubGlobal('fetch', async () => page('<!doctype html><title>Tiny</title><script>play()</script>'));
    expect(await addToOfflinePack('https://games.example/tiny.html')).toEqual({ ok: true });
    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    expect(await canPlayOfflinePackCopy('https://games.example/tiny.html')).toBe(false);
  });

  it('refuses a page that loads other files, a file that is not a page, and a site that forbids reading it', async () => {
    vi.stubGlobal('fetch', async () => page('<html><script src="game.js"></script><img src="sprite.png"></html>'));
    expect(await addToOfflinePack('https://games.example/big.html')).toEqual({ ok: false, refusal: 'needs-files', files: 2 });
    vi.stubGlobal('fetch', async () => page('{}', 'application/json'));
    expect(await addToOfflinePack('https://games.example/data.json')).toEqual({ ok: false, refusal: 'not-a-page' });
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      if (init.mode === 'cors') throw new TypeError('Failed to fetch');
      return new Response(null, { status: 200 });
    });
    expect(await addToOfflinePack('https://games.example/closed.html')).toEqual({ ok: false, refusal: 'no-cors' });
    expect(caches.stores.get(OFFLINE_PACK_CACHE)?.size ?? 0).toBe(0);
  });

  it('says the browser cannot keep a pack when it has no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    expect(await addToOfflinePack('https://games.example/tiny.html')).toEqual({ ok: false, refusal: 'unsupported' });
    expect(await canPlayOfflinePackCopy('https://games.example/tiny.html')).toBe(false);
  });
});

describe('what the device keeps', () => {
  it("adds up each bundled game's cached files, and clearing caches leaves nothing", async () => {
    const shell = await caches.open('workbox-precache');
    await shell.put(`${ORIGIN}/games/snake/index.html`, new Response('x'.repeat(300), { headers: { 'content-length': '300' } }));
    await shell.put(`${ORIGIN}/games/snake/thumb.svg`, new Response('y'.repeat(50)));
    await shell.put(`${ORIGIN}/games/2048/index.html`, new Response('z'.repeat(70)));
    await shell.put('https://elsewhere.example/games/snake/index.html', new Response('w'.repeat(999)));
    const sizes = await cachedBytesByPrefix(['/games/snake/', '/games/2048/', '/games/memory/']);
    expect(Object.fromEntries(sizes)).toEqual({ '/games/snake/': 350, '/games/2048/': 70, '/games/memory/': 0 });
    expect(await clearCaches()).toBe(1);
    expect(await caches.keys()).toEqual([]);
  });

  it("reads the browser's storage estimate, and says unknown when there is none", async () => {
    vi.stubGlobal('navigator', { storage: { estimate: async () => ({ usage: 1024, quota: 4096 }) } });
    expect(await estimateStorage()).toEqual({ usage: 1024, quota: 4096 });
    vi.stubGlobal('navigator', {});
    expect(await estimateStorage()).toEqual({ usage: null, quota: null });
  });
});
