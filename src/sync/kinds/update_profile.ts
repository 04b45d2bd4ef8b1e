import type { ProfileRow } from '../../store/db.ts';
import { validateAbout, validateUsername } from '../../domain/profileFields.ts';
import { firstProblem, textArg } from './args.ts';
import type { MutationKindModule } from './kind.ts';

/**
 * An edit of the profile's username, icon and about text. The form sends every editable field, so the
 * mirrored row takes them as they are; the server checks what this device cannot (a taken username,
 * an icon owned elsewhere), and a refusal puts the old values back.
 */

type Fields = Pick<ProfileRow, 'username' | 'icon' | 'user_about'>;

export interface UpdateProfileUndo {
  /** The fields before the edit; null when no profile was mirrored. */
  fields: Fields | null;
}

export const updateProfile = {
  label: 'Profile edit',
  target: (args) => textArg(args, 'p_username'),
  check: ({ args }) =>
    firstProblem(
      validateUsername(args.p_username),
      validateAbout(args.p_user_about),
      args.p_icon === undefined || typeof args.p_icon === 'string' ? null : 'p_icon must be text',
    ),

  async apply(view, args) {
    const profile = await view.profile();
    if (!profile) return { fields: null };
    view.setProfile({
      ...profile,
      username: args.p_username,
      icon: typeof args.p_icon === 'string' && args.p_icon !== '' ? args.p_icon : profile.icon,
      // As on the server: an empty about text clears it, a missing one leaves it.
      user_about: typeof args.p_user_about !== 'string' ? profile.user_about : args.p_user_about === '' ? null : args.p_user_about,
    });
    return { fields: { username: profile.username, icon: profile.icon, user_about: profile.user_about } };
  },

  async undo(view, undo) {
    const profile = await view.profile();
    if (profile && undo.fields) view.setProfile({ ...profile, ...undo.fields });
  },

  afterConfirm: null,
} satisfies MutationKindModule<'update_profile', UpdateProfileUndo>;
