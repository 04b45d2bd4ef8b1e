import { readStoredSession } from '../backend/sessionStore.ts';

/** An address an auth redirect left a session or a code in, which the auth page takes once the runtime is there. */
const BRINGS_SESSION = /[?#&](access_token|refresh_token|code|token_hash)=/;

/**
 * Who the header is for before the runtime has loaded. A device that holds no session, opened at an
 * address that brings none, is a visitor's: "Sign in" shows from the first paint, instead of a placeholder
 * until the runtime has read the same empty storage. Anything else waits for the runtime. Only the header
 * takes this: pages wait for the runtime's own answer, since a game started before it had no device data
 * to save to or resume from.
 */
export function firstStatus(href: string, hasStoredSession: () => boolean = () => readStoredSession() !== null): 'loading' | 'signed-out' {
  return BRINGS_SESSION.test(href) || hasStoredSession() ? 'loading' : 'signed-out';
}
