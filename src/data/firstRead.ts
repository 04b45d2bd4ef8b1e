// The two public lists a catalogue page opens with (the app list and the week's ranking), read with a
// plain fetch while the data runtime (supabase-js and the Dexie mirror, most of the portal's JavaScript)
// has not loaded yet. Lighthouse's phone (slow 4G, 4x CPU) measured the home page at 85 with the runtime
// loading before the list and 92 with the list shown first: the runtime now loads once the page has shown
// what these reads answer (src/state/runtimeGate.ts), and the catalogue's refresh stores their answer into
// Dexie instead of asking the server a second time.
import { config } from '../config.ts';
import type { Database } from '../backend/database.types.ts';
import type { PopularEntry } from '../domain/homeRows.ts';
import type { AppRow } from '../store/db.ts';
import { POPULAR_FETCH_LIMIT } from './popularApps.ts';

type Functions = Database['public']['Functions'];

/**
 * Whether a page should read its lists from the network before the runtime: only on a visit no service
 * worker controls (a first visit, or a browser that cannot keep the portal). A device that keeps the
 * portal has the lists in Dexie, read at once and offline too, so its runtime loads without waiting.
 * Decided once per page load: the worker this load registers may take control before the first read has
 * answered, and a page that changed its mind then would drop that answer and hold its runtime for 3 s.
 */
let fromNetwork: boolean | undefined;
export function readsFirstFromNetwork(): boolean {
  fromNetwork ??= !globalThis.navigator?.serviceWorker?.controller;
  return fromNetwork;
}

/** POSTs a public RPC with the anon key, as supabase-js would; null when the server cannot be read. */
async function callPublicRpc<Name extends keyof Functions>(name: Name, args?: Functions[Name]['Args']): Promise<Functions[Name]['Returns'] | null> {
  if (config.supabaseUrl === '' || config.supabaseAnonKey === '') return null;
  try {
    const response = await fetch(`${config.supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: config.supabaseAnonKey, authorization: `Bearer ${config.supabaseAnonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(args ?? {}),
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return Array.isArray(body) ? (body as Functions[Name]['Returns']) : null;
  } catch {
    return null;
  }
}

let appList: Promise<AppRow[] | null> | null = null;
let popular: Promise<PopularEntry[] | null> | null = null;

/** get_apps_ordered_by_title, read once per page load; null when it failed (the refresh then decides). */
export function firstAppList(): Promise<AppRow[] | null> {
  appList ??= callPublicRpc('get_apps_ordered_by_title');
  return appList;
}

/** get_popular_apps as refreshPopularApps reads it, once per page load; null when it failed. */
export function firstPopularApps(): Promise<PopularEntry[] | null> {
  popular ??= callPublicRpc('get_popular_apps', { p_limit: POPULAR_FETCH_LIMIT }).then(
    (rows) => rows?.map((row) => ({ app_id: row.app_id, players: Number(row.players) })) ?? null,
  );
  return popular;
}

/** The first read's answer for a refresh to store, taken once: a later refresh asks the server afresh. */
export function takeFirstAppList(): Promise<AppRow[] | null> | null {
  const answer = appList;
  appList = null;
  return answer;
}

/** As takeFirstAppList, for the ranking. */
export function takeFirstPopularApps(): Promise<PopularEntry[] | null> | null {
  const answer = popular;
  popular = null;
  return answer;
}
