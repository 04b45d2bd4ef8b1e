import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { NavLink } from 'react-router-dom';
import type { PortalRuntime } from '../../state/runtime.ts';
import { ProfileUnavailableError, refreshOwnProfile } from '../../data/queries/refreshOwnProfile.ts';
import { readProfile } from '../../data/reads/profile.ts';
import { PROFILE_FAILED } from '../../domain/messages.ts';
import { notice } from '../../ui/notice.tsx';
import { ProfileIcon } from '../../ui/ProfileIcon.tsx';
// The badge is on every page a signed-in student opens, and has always brought the shared form styles
// with it: the forms of other pages (the score form, the creator tools) are drawn with them.
import '../../ui/formCard.css';
import './auth.css';

/** The first letter of a username (a whole character, not half of one), or undefined before it is known. */
function initialOf(username: string | null | undefined): string | undefined {
  const first = username === null || username === undefined ? undefined : [...username.trim()][0];
  return first === undefined ? undefined : first.toLocaleUpperCase();
}

/**
 * The signed-in student in the navbar: icon and username from the Dexie mirror, so it shows offline.
 * Mounted whenever someone is signed in, it also keeps the mirrored profile fresh.
 */
export default function AccountBadge({ runtime, userId }: { runtime: PortalRuntime; userId: string }) {
  const { data } = runtime;
  const profile = useLiveQuery(() => readProfile(data, userId), [data, userId]);

  useEffect(() => {
    let cancelled = false;
    const remove = runtime.addReconciler(async (id) => {
      await refreshOwnProfile(runtime.data, id);
    });
    refreshOwnProfile(runtime.data, userId).catch((error: unknown) => {
      // Offline the mirrored profile is shown as it is; only a reachable server that cannot give one is news.
      if (cancelled || (error instanceof ProfileUnavailableError && error.offline)) return;
      notice.error(PROFILE_FAILED, { id: 'profile-failed' });
    });
    return () => {
      cancelled = true;
      remove();
    };
  }, [runtime, userId]);

  return (
    <NavLink to="/profile" className="sign-in account-link" data-testid="account-link">
      <ProfileIcon icon={profile?.icon} size={24} initial={initialOf(profile?.username)} />
      <span className="visually-hidden">Your profile: </span>
      <span className="account-name" data-testid="account-username" title={profile?.username}>
        {profile?.username ?? 'My profile'}
      </span>
    </NavLink>
  );
}
