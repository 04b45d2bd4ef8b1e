// What supabase-js keeps in local storage, read without supabase-js: the shell imports this to know
// who is signed in while the client cannot say (a cold start offline with an expired access token).
import type { Session } from '@supabase/supabase-js';
import { config } from '../config.ts';

/** supabase-js stores its session under sb-<first label of the API host>-auth-token. */
export function authStorageKey(supabaseUrl: string = config.supabaseUrl): string | null {
  try {
    return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
  } catch {
    return null;
  }
}

function isStoredSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  const user = s.user as Record<string, unknown> | null | undefined;
  return (
    typeof s.access_token === 'string' &&
    s.access_token !== '' &&
    typeof s.refresh_token === 'string' &&
    s.refresh_token !== '' &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'string' &&
    user.id !== ''
  );
}

/**
 * The session last stored on this device, whether or not its access token has expired: supabase-js
 * removes it only on a real sign-out or a refused refresh, so a stored session means "still signed in,
 * waiting for the network to renew the token".
 */
export function readStoredSession(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  key: string | null = authStorageKey(),
): Session | null {
  if (!storage || key === null) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The session the portal acts on: supabase-js's when it has one; after a real sign-out nobody;
 * otherwise the stored one, so a refresh that failed on the network never looks like a sign-out.
 */
export function effectiveSession(
  reported: Session | null,
  event: string,
  stored: () => Session | null = () => readStoredSession(),
): Session | null {
  if (reported !== null) return reported;
  if (event === 'SIGNED_OUT') return null;
  return stored();
}
