import { useParams } from 'react-router-dom';
import { Page } from '../../app/Page.tsx';

/** /profile is your own profile; /profile/:username is someone else's. */
export default function ProfilePage() {
  const { username } = useParams();
  if (username === undefined) {
    return (
      <Page name="profile" title="Your profile">
        <p className="page-lead">Your icon, username, level, streak, badges and the games you played recently.</p>
      </Page>
    );
  }
  return (
    <Page name="profile" title={`@${username}`}>
      <p className="page-lead">The public profile of @{username}: icon, level, streak, badges and recent games.</p>
    </Page>
  );
}
