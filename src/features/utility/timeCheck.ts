// The time check: the device clock against a UTC time source. Streak claims are timed by the server,
// so a student whose clock is off should know why "claim" opens at a different moment than expected.
import { config } from '../../config.ts';

/** More than this much difference between the clocks counts as wrong (it also catches a wrong hour or zone setting). */
export const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

export const TIME_CHECK_TIMEOUT_MS = 8000;

export function clockWarning(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60000);
  const amount = minutes >= 90 ? `${Math.round(minutes / 60)} hours` : `${minutes} minutes`;
  const direction = offsetMs > 0 ? 'ahead' : 'behind';
  return `Your device clock looks ${amount} ${direction}. Streak claims use the server's time, so your next claim may open at a different time than your clock suggests.`;
}

/** The UTC instant in a time source's answer: JSON { utc } (also utc_datetime / datetime), else its Date header. */
export function parseServerTime(body: unknown, dateHeader: string | null): Date | null {
  if (body !== null && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const field of ['utc', 'utc_datetime', 'datetime', 'dateTime']) {
      const value = record[field];
      if (typeof value === 'string') {
        const parsed = new Date(value);
        if (!Number.isNaN(parsed.getTime())) return parsed;
      }
    }
  }
  if (dateHeader !== null) {
    const parsed = new Date(dateHeader);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return null;
}

/** Device minus server, in milliseconds; 0 when within tolerance. */
export function clockOffset(server: Date, device: Date, toleranceMs: number = CLOCK_TOLERANCE_MS): number {
  const offset = device.getTime() - server.getTime();
  return Math.abs(offset) > toleranceMs ? offset : 0;
}

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
