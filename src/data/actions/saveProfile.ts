import { validateAbout, validateUsername } from '../../domain/profileFields.ts';
import { MutationRefused } from '../../sync/effects.ts';
import { enqueue } from '../../sync/outbox.ts';
import { isOnline } from '../online.ts';
import { isUnreachable } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export interface ProfileFields {
  username: string;
  icon: string;
  /** '' for none. */
  about: string;
}

export type SaveOutcome = { ok: true; queued: boolean } | { ok: false; message: string };

export const PROFILE_QUEUED = 'Saved on this device; it is sent to the server when you are back online.';

/**
 * Saves the editable profile fields. Online, update_profile answers at once, so a taken username is
 * refused on the spot and nothing changes; offline (or when the server cannot be reached) the edit
 * queues in the outbox, shows right away, and is checked by the server when it syncs.
 */
export async function saveProfile(source: DataSource, userId: string, fields: ProfileFields): Promise<SaveOutcome> {
  const { supabase, db } = partsOf(source);
  const problem = validateUsername(fields.username) ?? validateAbout(fields.about);
  if (problem !== null) return { ok: false, message: problem };
  const args = { p_username: fields.username, p_icon: fields.icon, p_user_about: fields.about };

  if (isOnline()) {
    const clientId = crypto.randomUUID();
    const { data, error, status } = await supabase.rpc('update_profile', { ...args, p_client_id: clientId });
    if (!error) {
      const saved = (data ?? {}) as { username?: string; icon?: string; user_about?: string | null };
      const current = await db.profile.get(userId);
      if (current) {
        await db.profile.put({
          ...current,
          username: saved.username ?? fields.username,
          icon: saved.icon ?? fields.icon,
          user_about: saved.user_about === undefined ? current.user_about : saved.user_about,
        });
      }
      return { ok: true, queued: false };
    }
    if (!isUnreachable({ message: error.message, status })) return { ok: false, message: error.message };
  }

  try {
    await enqueue(db, { kind: 'update_profile', args, userId });
    return { ok: true, queued: true };
  } catch (error) {
    if (error instanceof MutationRefused) return { ok: false, message: error.message };
    throw error;
  }
}
