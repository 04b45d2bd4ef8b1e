import type { Database } from '../../backend/database.types.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export type ClassmateRow = Database['public']['Functions']['get_classmates']['Returns'][number];
export type FriendInviteRow = Database['public']['Functions']['get_friend_invites']['Returns'][number];

export interface ClassmatesPage {
  /** Requests to answer first, then friends, requests sent, and blocked students (the server's order). */
  people: ClassmateRow[];
  invites: FriendInviteRow[];
  /** Whether this student lets friends see when they are online. */
  sharing: boolean;
}

/** Everything the friends page shows, in three reads sent together. Online only. */
export async function fetchClassmates(source: DataSource): Promise<Result<ClassmatesPage>> {
  try {
    const { supabase } = partsOf(source);
    const [people, invites, sharing] = await Promise.all([
      supabase.rpc('get_classmates'),
      supabase.rpc('get_friend_invites'),
      supabase.rpc('get_presence_sharing'),
    ]);
    const error = people.error ?? invites.error ?? sharing.error;
    if (error) return failed(error);
    return ok({ people: people.data ?? [], invites: invites.data ?? [], sharing: sharing.data === true });
  } catch (error) {
    return thrown(error);
  }
}
