import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { usePortal } from '../../state/portal.tsx';
import type { ShopItemRow } from '../../store/db.ts';
import { fetchPublicProfile } from '../../data/queries/fetchPublicProfile.ts';
import { readShopItems } from '../../data/reads/shopItems.ts';
import type { DataSource } from '../../data/source.ts';
import type { ShownProfile } from '../../domain/shownProfile.ts';
import '../../ui/formCard.css';
import { IconPicker, ProfileFieldsForm } from './ProfileEditor.tsx';
import { profileHeading, ProfileView, useRecentPlays } from './profileView.tsx';
import { useOwnProfile } from './useOwnProfile.ts';
import './profile.css';
import { CreatorToolsCard } from '../creator/CreatorToolsCard.tsx';

/** /profile is your own profile (from the Dexie mirror, so it shows offline); /profile/:username is anyone's public one. */
export default function ProfilePage() {
  const { username } = useParams();
  return username === undefined ? <OwnProfilePage /> : <PublicProfilePage username={username} />;
}

function OwnProfilePage() {
  const { runtime, session, status } = usePortal();
  const data = runtime?.data ?? null;
  const own = useOwnProfile(data, session?.user.id);
  const recent = useRecentPlays(data, own?.row.username);

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
        <IconPicker data={runtime.data} profile={own.row} ownedIcons={own.ownedIcons} />
        <ProfileFieldsForm key={`${own.row.username}\u0000${own.row.user_about ?? ''}`} data={runtime.data} profile={own.row} />
        <CreatorToolsCard />
      </div>
    </Page>
  );
}

const NO_ITEMS: ShopItemRow[] = [];

type PublicState = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'found'; profile: ShownProfile };

function usePublicProfile(data: DataSource | null, username: string): PublicState {
  const [result, setResult] = useState<PublicState>({ state: 'loading' });
  useEffect(() => {
    if (data === null) return;
    let cancelled = false;
    setResult({ state: 'loading' });
    void fetchPublicProfile(data, username).then(({ data: found, error }) => {
      if (cancelled) return;
      if (error) setResult({ state: 'failed', message: error.message });
      else if (!found) setResult({ state: 'missing' });
      else setResult({ state: 'found', profile: found });
    });
    return () => {
      cancelled = true;
    };
  }, [data, username]);
  return result;
}

function PublicProfilePage({ username }: { username: string }) {
  const { runtime } = usePortal();
  const data = runtime?.data ?? null;
  const result = usePublicProfile(data, username);
  const recent = useRecentPlays(data, result.state === 'found' ? result.profile.username : undefined);
  const items = useLiveQuery(() => (data ? readShopItems(data) : NO_ITEMS), [data]) ?? NO_ITEMS;

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
