// The signed-in student's own profile row: read it, and when that fails or there is none, have the
// server create one (random short username, default icon) and read again. The row is mirrored into
// Dexie so the profile shows offline.
import type { PortalSupabase } from '../../backend/supabase.ts';
import { PROFILE_FAILED } from '../../domain/messages.ts';
import { createProfile } from '../actions/createProfile.ts';
import type { ProfileRow } from '../../store/db.ts';
import { putServerProfile } from '../mirror.ts';
import { isOnline } from '../online.ts';
import { partsOf, type DataSource } from '../source.ts';

export class ProfileUnavailableError extends Error {
  override readonly name = 'ProfileUnavailableError';
  constructor(readonly offline: boolean) {
    super(PROFILE_FAILED);
  }
}

async function readOwn(supabase: PortalSupabase, userId: string): Promise<ProfileRow | null> {
  const { data, error } = await supabase.from('my_users').select('*').eq('user_id', userId).maybeSingle();
  return error ? null : data;
}

/** The profile row from the server, created first when there is none; ProfileUnavailableError when neither works. */
export async function fetchOwnProfile(source: DataSource, userId: string): Promise<ProfileRow> {
  const { supabase } = partsOf(source);
  const first = await readOwn(supabase, userId);
  if (first) return first;
  const created = await createProfile(source);
  const again = created.error ? null : await readOwn(supabase, userId);
  if (again) return again;
  throw new ProfileUnavailableError(!isOnline());
}

/** Fetches the profile and mirrors it; the mirrored row (with unsent edits on top) is returned. */
export async function refreshOwnProfile(source: DataSource, userId: string): Promise<ProfileRow | undefined> {
  const { db } = partsOf(source);
  await putServerProfile(db, await fetchOwnProfile(source, userId));
  return db.profile.get(userId);
}
