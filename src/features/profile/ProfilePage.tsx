import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Page } from '../../app/Page.tsx';
import { usePortal } from '../../app/portal.tsx';
import type { PortalRuntime } from '../../app/runtime.ts';
import type { ShopItemRow } from '../../data/db.ts';
import { useLiveQuery } from 'dexie-react-hooks';
import { IconPicker, ProfileFieldsForm } from './ProfileEditor.tsx';
import { profileHeading, ProfileView, useRecentPlays, type ShownProfile } from './profileView.tsx';
import { useOwnProfile } from './useOwnProfile.ts';
import '../auth/auth.css';
import './profile.css';

/** /profile is your own profile (from the Dexie mirror, so it shows offline); /profile/:username is anyone's public one. */
export default function ProfilePage() {
  const { username } = useParams();
  return username === undefined ? <OwnProfilePage /> : <PublicProfilePage username={username} />;
}

function OwnProfilePage() {
  const { runtime, session, status } = usePortal();
  const own = useOwnProfile(runtime, session?.user.id);
  const recent = useRecentPlays(runtime, own?.row.username);

  if (status === 'signed-out') {
    return (
      <Page name="profile" title="Your profile">
        <p className="page-lead">Sign in to see your profile, level, streak and the games you played.</p>
        <Link className="button" to="/auth?next=/profile">
          Sign in
        </Link>
      </Page>
    );
  }
  if (runtime === null || own === undefined || own === null) {
    return (
      <Page name="profile" title="Your profile">
        <p className="page-lead">Loading your profile…</p>
      </Page>
    );
  }
  return (
    <Page name="profile" title="Your profile" heading={profileHeading(own.shown.username)}>
      <ProfileView profile={own.shown} items={own.items} recent={recent} own />
      <h2 id="edit">Edit your profile</h2>
      <div className="profile-sections">
        <IconPicker runtime={runtime} profile={own.row} ownedIcons={own.ownedIcons} />
        <ProfileFieldsForm key={`${own.row.username}\u0000${own.row.user_about ?? ''}`} runtime={runtime} profile={own.row} />
      </div>
    </Page>
  );
}

type PublicState = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'found'; profile: ShownProfile };

function usePublicProfile(runtime: PortalRuntime | null, username: string): PublicState {
  const [result, setResult] = useState<PublicState>({ state: 'loading' });
  useEffect(() => {
    if (runtime === null) return;
    let cancelled = false;
    setResult({ state: 'loading' });
    void runtime.supabase
      .from('public_profiles')
      .select('username, icon, created_at, current_streak, longest_streak, apps_played, time_spent, user_about, badges')
      .eq('username', username)
      .maybeSingle()
      .then(({ data, error }) => {
        if (cancelled) return;
        if (error) setResult({ state: 'failed', message: error.message });
        else if (!data) setResult({ state: 'missing' });
        else
          setResult({
            state: 'found',
            profile: {
              username: data.username ?? username,
              icon: data.icon ?? 'default_icon',
              created_at: data.created_at ?? new Date().toISOString(),
              current_streak: data.current_streak ?? 0,
              longest_streak: data.longest_streak ?? 0,
              apps_played: data.apps_played ?? 0,
              time_spent: data.time_spent ?? 0,
              user_about: data.user_about,
              badges: data.badges ?? [],
            },
          });
      });
    return () => {
      cancelled = true;
    };
  }, [runtime, username]);
  return result;
}

function PublicProfilePage({ username }: { username: string }) {
  const { runtime } = usePortal();
  const result = usePublicProfile(runtime, username);
  const recent = useRecentPlays(runtime, result.state === 'found' ? result.profile.username : undefined);
  const items = useLiveQuery(async (): Promise<ShopItemRow[]> => (runtime ? runtime.db.shopItems.toArray() : []), [runtime]) ?? [];

  if (result.state === 'found') {
    return (
      <Page name="profile" title={`@${result.profile.username}`} heading={profileHeading(result.profile.username)}>
        <ProfileView profile={result.profile} items={items} recent={recent} own={false} />
      </Page>
    );
  }
  return (
    <Page name="profile" title={`@${username}`}>
      {result.state === 'loading' && <p className="page-lead">Loading @{username}…</p>}
      {result.state === 'missing' && <p className="page-lead">There is no student called @{username}.</p>}
      {result.state === 'failed' && (
        <p className="page-lead">
          This profile cannot be loaded right now{navigator.onLine ? '' : ' (you are offline)'}: {result.message}
        </p>
      )}
    </Page>
  );
}
