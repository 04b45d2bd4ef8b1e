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

/**
 * What the check found: how far the device clock is off (device minus server, 0 when it is right), or
 * that it could not tell, and why. The portal warns a student only about a clock found wrong (the spec
 * treats a failed check as a right clock), but a time source that is missing or broken is reported
 * rather than passed off as "right": on a hosted project without the server-time function every check
 * once said the clock was right.
 */
export type ClockCheck = { status: 'checked'; offsetMs: number } | { status: 'unknown'; reason: string };

/** Hosted Supabase functions want the anon key; other time sources get no credentials. */
function backendHeaders(url: string): Record<string, string> {
  if (config.supabaseUrl === '' || config.supabaseAnonKey === '' || !url.startsWith(config.supabaseUrl)) return {};
  return { apikey: config.supabaseAnonKey, authorization: `Bearer ${config.supabaseAnonKey}` };
}

export async function checkClock(options: TimeCheckOptions = {}): Promise<ClockCheck> {
  const url = options.url ?? config.timeUrl;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? Date.now;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? TIME_CHECK_TIMEOUT_MS);
  const unknown = (reason: string): ClockCheck => ({ status: 'unknown', reason: `The time check at ${url} ${reason}` });
  try {
    const sentAt = now();
    const response = await doFetch(url, { cache: 'no-store', signal: controller.signal, headers: backendHeaders(url) });
    if (response.status === 404) return unknown('was not found (404): is the server-time function deployed?');
    if (!response.ok) return unknown(`answered HTTP ${response.status}.`);
    const body: unknown = await response.json().catch(() => null);
    const receivedAt = now();
    const server = parseServerTime(body, response.headers.get('date'));
    if (server === null) return unknown('answered no time it could read.');
    // The server read its clock somewhere during the round trip: compare with the middle of it.
    return { status: 'checked', offsetMs: clockOffset(server, new Date((sentAt + receivedAt) / 2)) };
  } catch (error) {
    return unknown(`could not be reached (${error instanceof Error ? error.message : String(error)}).`);
  } finally {
    clearTimeout(timer);
  }
}
