import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { NavLink } from 'react-router-dom';
import type { PortalRuntime } from '../../app/runtime.ts';
import { ProfileUnavailableError, refreshOwnProfile } from '../../backend/authProfile.ts';
import { PROFILE_FAILED } from '../../domain/messages.ts';
import { ProfileIcon } from './ProfileIcon.tsx';
import './auth.css';

/**
 * The signed-in student in the navbar: icon and username from the Dexie mirror, so it shows offline.
 * Mounted whenever someone is signed in, it also keeps the mirrored profile fresh.
 */
export default function AccountBadge({ runtime, userId }: { runtime: PortalRuntime; userId: string }) {
  const profile = useLiveQuery(() => runtime.db.profile.get(userId), [runtime, userId]);

  useEffect(() => {
    let cancelled = false;
    const remove = runtime.addReconciler(async (id) => {
      await refreshOwnProfile(runtime.supabase, runtime.db, id);
    });
    refreshOwnProfile(runtime.supabase, runtime.db, userId).catch((error: unknown) => {
      // Offline the mirrored profile is shown as it is; only a reachable server that cannot give one is news.
      if (cancelled || (error instanceof ProfileUnavailableError && error.offline)) return;
      toast.error(PROFILE_FAILED, { id: 'profile-failed' });
    });
    return () => {
      cancelled = true;
      remove();
    };
  }, [runtime, userId]);

  return (
    <NavLink to="/profile" className="sign-in account-link" data-testid="account-link">
      <ProfileIcon icon={profile?.icon} size={24} />
      <span className="account-name" data-testid="account-username" title={profile?.username}>
        {profile?.username ?? 'My profile'}
      </span>
    </NavLink>
  );
}
