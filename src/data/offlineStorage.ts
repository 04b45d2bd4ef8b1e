// What the portal keeps on this device for offline use: Cache Storage (the service worker's precache
// of the shell and bundled games, thumbnails, and the student's offline pack) next to IndexedDB
// (the mirror and the outbox, which clearing caches never touches).

import { OFFLINE_PACK_CACHE } from '../domain/gameSandbox.ts';
import { externalReferences, type PackRefusal, type PackSaveResult } from '../domain/offlinePack.ts';

export interface StorageEstimate {
  usage: number | null;
  quota: number | null;
}

export async function estimateStorage(): Promise<StorageEstimate> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null };
  } catch {
    return { usage: null, quota: null };
  }
}

async function responseSize(response: Response | undefined): Promise<number> {
  if (!response) return 0;
  const header = response.headers.get('content-length');
  if (header !== null && /^\d+$/.test(header)) return Number(header);
  try {
    return (await response.clone().blob()).size;
  } catch {
    return 0;
  }
}

/** Bytes cached under each of the given path prefixes (same origin), across every cache. */
export async function cachedBytesByPrefix(prefixes: readonly string[]): Promise<Map<string, number>> {
  const totals = new Map<string, number>(prefixes.map((prefix) => [prefix, 0]));
  if (typeof caches === 'undefined') return totals;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.origin !== location.origin) continue;
      const prefix = prefixes.find((p) => url.pathname.startsWith(p));
      if (prefix === undefined) continue;
      totals.set(prefix, (totals.get(prefix) ?? 0) + (await responseSize(await cache.match(request))));
    }
  }
  return totals;
}

/** Bytes the offline pack holds for each saved URL. */
export async function offlinePackSizes(): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (typeof caches === 'undefined' || !(await caches.has(OFFLINE_PACK_CACHE))) return sizes;
  const cache = await caches.open(OFFLINE_PACK_CACHE);
  for (const request of await cache.keys()) sizes.set(request.url, await responseSize(await cache.match(request)));
  return sizes;
}

function refused(refusal: PackRefusal, files?: number): PackSaveResult {
  return files === undefined ? { ok: false, refusal } : { ok: false, refusal, files };
}

/**
 * Why a CORS read of `url` failed: a plain (no-cors) request that gets through means the site answers
 * but does not let this origin read it; one that fails too means no connection to it.
 */
async function whyUnreadable(url: string): Promise<PackRefusal> {
  try {
    await fetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
    return 'no-cors';
  } catch {
    return navigator.onLine ? 'unreachable' : 'offline';
  }
}

/**
 * Saves a game's page into the offline pack, when it can be played from that one file: its site must
 * allow reading it across origins (CORS) and the page must load no other file (see domain/offlinePack.ts).
 */
export async function addToOfflinePack(url: string): Promise<PackSaveResult> {
  if (typeof caches === 'undefined') return refused('unsupported');
  const absolute = new URL(url, location.href).href;
  let response: Response;
  try {
    response = await fetch(absolute, { mode: 'cors', credentials: 'omit', cache: 'no-cache' });
  } catch {
    return refused(await whyUnreadable(absolute));
  }
  if (!response.ok) return refused('unreachable');
  if (!/^(text\/html|application\/xhtml\+xml)\b/i.test(response.headers.get('content-type') ?? '')) return refused('not-a-page');
  const html = await response.text();
  const files = externalReferences(html);
  if (files.length > 0) return refused('needs-files', files.length);
  const copy = new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  try {
    await (await caches.open(OFFLINE_PACK_CACHE)).put(absolute, copy);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'QuotaExceededError') return refused('storage-full');
    throw error;
  }
  return { ok: true };
}

/**
 * Whether the service worker can play the offline pack's copy of a game (at packCopyUrl): only a page
 * the service worker controls reaches it, and only a copy kept on this device is there.
 */
export async function canPlayOfflinePackCopy(url: string): Promise<boolean> {
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller || !(await caches.has(OFFLINE_PACK_CACHE))) return false;
  return (await (await caches.open(OFFLINE_PACK_CACHE)).match(new URL(url, location.href).href)) !== undefined;
}

export async function removeFromOfflinePack(url: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  await (await caches.open(OFFLINE_PACK_CACHE)).delete(new URL(url, location.href).href);
}

/** Deletes every Cache Storage cache. IndexedDB (the outbox and the mirror) is left alone. */
export async function clearCaches(): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
  return names.length;
}
