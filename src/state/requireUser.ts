import { NOT_LOGGED_IN, NOT_LOGGED_IN_RESULT } from '../domain/messages.ts';
import { notice } from '../ui/notice.tsx';

/** Anything that may hold a signed-in user: a supabase-js Session, or null while signed out. */
export type MaybeSession = { user: { id: string } } | null | undefined;

/**
 * The guard of every action that needs an account (profile, coins, items, streak, equip): the
 * signed-in user's id, or, with nobody signed in, the spec's notice and 'not logged in'.
 */
export function requireUser(session: MaybeSession): string {
  const id = session?.user.id;
  if (id === undefined || id === '') {
    notice.error(NOT_LOGGED_IN, { id: 'not-logged-in' });
    return NOT_LOGGED_IN_RESULT;
  }
  return id;
}

/** The signed-in student's id for an action, or null after the spec's "must be logged in" notice. */
export function actingUser(session: MaybeSession): string | null {
  const id = requireUser(session);
  return id === NOT_LOGGED_IN_RESULT ? null : id;
}
