// The time check: the device clock against a UTC time source (the backend's server-time function by default).
import { config } from '../../config.ts';
import { clockOffset, parseServerTime } from '../../domain/clock.ts';

export const TIME_CHECK_TIMEOUT_MS = 8000;

export interface TimeCheckOptions {
  url?: string;
  fetch?: typeof fetch;
  /** The device clock. */
  now?: () => number;
  timeoutMs?: number;
}

/** Hosted Supabase functions want the anon key; other time sources get no credentials. */
function backendHeaders(url: string): Record<string, string> {
  if (config.supabaseUrl === '' || config.supabaseAnonKey === '' || !url.startsWith(config.supabaseUrl)) return {};
  return { apikey: config.supabaseAnonKey, authorization: `Bearer ${config.supabaseAnonKey}` };
}

/**
 * How far the device clock is off (device minus server), or 0 when it is right. A request that
 * fails, times out or answers something unreadable counts as "the clock is right": a student is
 * never warned because of the network.
 */
export async function checkClock(options: TimeCheckOptions = {}): Promise<number> {
  const url = options.url ?? config.timeUrl;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? Date.now;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? TIME_CHECK_TIMEOUT_MS);
  try {
    const sentAt = now();
    const response = await doFetch(url, { cache: 'no-store', signal: controller.signal, headers: backendHeaders(url) });
    if (!response.ok) return 0;
    const body: unknown = await response.json().catch(() => null);
    const receivedAt = now();
    const server = parseServerTime(body, response.headers.get('date'));
    if (server === null) return 0;
    // The server read its clock somewhere during the round trip: compare with the middle of it.
    return clockOffset(server, new Date((sentAt + receivedAt) / 2));
  } catch {
    return 0;
  } finally {
    clearTimeout(timer);
  }
}
