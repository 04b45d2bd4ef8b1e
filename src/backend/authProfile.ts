// The signed-in student's own profile row: read it, and when that fails or there is none, have the
// server create one (random short username, default icon) and read again. The row is mirrored into
// Dexie so the profile shows offline.
import type { PortalDB, ProfileRow } from '../data/db.ts';
import { putServerProfile } from '../data/mirror.ts';
import { PROFILE_FAILED } from '../domain/messages.ts';
import type { PortalSupabase } from './supabase.ts';

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

export async function fetchOwnProfile(supabase: PortalSupabase, userId: string): Promise<ProfileRow> {
  const first = await readOwn(supabase, userId);
  if (first) return first;
  const created = await supabase.rpc('ensure_profile');
  const again = created.error ? null : await readOwn(supabase, userId);
  if (again) return again;
  throw new ProfileUnavailableError(typeof navigator !== 'undefined' && !navigator.onLine);
}

/** Fetches the profile and mirrors it; the mirrored row (with unsent edits on top) is returned. */
export async function refreshOwnProfile(supabase: PortalSupabase, db: PortalDB, userId: string): Promise<ProfileRow | undefined> {
  await putServerProfile(db, await fetchOwnProfile(supabase, userId));
  return db.profile.get(userId);
}
