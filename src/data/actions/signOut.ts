import { pendingCount } from '../../sync/outbox.ts';
import { partsOf, type DataSource } from '../source.ts';

export type SignOutResult = 'signed-out' | 'cancelled';

export function unsentChangesWarning(count: number): string {
  const changes = count === 1 ? '1 change' : `${count} changes`;
  return (
    `${changes} on this device ${count === 1 ? 'has' : 'have'} not reached the server yet. ` +
    'They stay saved here and are sent the next time you sign in on this device. Sign out anyway?'
  );
}

export interface SignOutOptions {
  /** Asks the student; defaults to window.confirm. */
  confirm?: (message: string) => boolean | Promise<boolean>;
}

/**
 * Signs out without ever dropping queued changes: with items pending it asks first, and the outbox
 * rows stay in Dexie under the user's id (the engine sends them when that user signs in again).
 * The server's 401, 403 and 404 answers mean the session is already gone there and are ignored
 * (supabase-js does so). Offline, a global sign-out fails before touching the local session, so the
 * device is then signed out locally, which needs no network. The caller reloads the page afterwards,
 * as the spec's sign-out does.
 */
export async function signOutSafely(source: DataSource, currentUserId: () => string | null, options: SignOutOptions = {}): Promise<SignOutResult> {
  const { supabase, db } = partsOf(source);
  const ask = options.confirm ?? ((message: string) => window.confirm(message));
  const userId = currentUserId();
  const pending = userId === null ? 0 : await pendingCount(db, userId);
  if (pending > 0 && !(await ask(unsentChangesWarning(pending)))) return 'cancelled';

  let failed = false;
  try {
    const { error } = await supabase.auth.signOut();
    failed = error !== null;
  } catch {
    failed = true;
  }
  if (failed) {
    // 'local' removes this device's session before it tries the server, so it works offline.
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    if (error !== null && currentUserId() !== null) throw error;
  }
  return 'signed-out';
}
