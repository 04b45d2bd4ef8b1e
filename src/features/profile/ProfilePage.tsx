import { Link, useParams } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { useProfile, usePublicProfile, useRecentPlays } from '../../state/profile.ts';
import '../../ui/formCard.css';
import { BadgeShelf, BadgeShelfPicker } from './BadgeShelf.tsx';
import { IconPicker, ProfileFieldsForm } from './ProfileEditor.tsx';
import { profileHeading, ProfileView } from './profileView.tsx';
import './profile.css';
import { CreatorToolsCard } from '../creator/CreatorToolsCard.tsx';

/** /profile is your own profile (from the Dexie mirror, so it shows offline); /profile/:username is anyone's public one. */
export default function ProfilePage() {
  const { username } = useParams();
  return username === undefined ? <OwnProfilePage /> : <PublicProfilePage username={username} />;
}

function OwnProfilePage() {
  const view = useProfile();
  const own = view.profile;
  const recent = useRecentPlays(own?.row.username);

  if (view.account === 'signed-out') {
    return (
      <Page name="profile" title="Your profile">
        <p className="page-lead">Sign in to see your profile, level, streak and the games you played.</p>
        <Link className="button" to="/auth?next=/profile">
          Sign in
        </Link>
      </Page>
    );
  }
  if (own === undefined || own === null) {
    return (
      <Page name="profile" title="Your profile">
        <p className="page-lead">Loading your profile…</p>
      </Page>
    );
  }
  return (
    <Page name="profile" title="Your profile" heading={profileHeading(own.shown.username)}>
      <ProfileView profile={own.shown} items={own.items} recent={recent} own />
      <BadgeShelf username={own.shown.username} />
      <h2 id="edit">Edit your profile</h2>
      <div className="profile-sections">
        <IconPicker save={view.save} profile={own.row} ownedIcons={own.ownedIcons} />
        <ProfileFieldsForm key={`${own.row.username}\u0000${own.row.user_about ?? ''}`} save={view.save} profile={own.row} />
        <BadgeShelfPicker />
        <CreatorToolsCard />
      </div>
    </Page>
  );
}

function PublicProfilePage({ username }: { username: string }) {
  const { result, items } = usePublicProfile(username);
  const recent = useRecentPlays(result.state === 'found' ? result.profile.username : undefined);

  if (result.state === 'found') {
    return (
      <Page name="profile" title={`@${result.profile.username}`} heading={profileHeading(result.profile.username)}>
        <ProfileView profile={result.profile} items={items} recent={recent} own={false} />
        <BadgeShelf username={result.profile.username} />
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
