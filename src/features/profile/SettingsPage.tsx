import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { useSignOut } from '../../state/auth.ts';
import { useProfile } from '../../state/profile.ts';
import { ColourSchemeSetting } from '../../ui/ColourSchemeSetting.tsx';
import '../../ui/formCard.css';
import { CreatorToolsCard } from '../creator/CreatorToolsCard.tsx';
import { DeskLink } from '../moderation/DeskLink.tsx';
import { GameSoundSetting } from '../player/GameSoundSetting.tsx';
import { IconPicker, ProfileFieldsForm } from './ProfileEditor.tsx';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';
import './profile.css';

export default function SettingsPage() {
  const view = useProfile();
  const own = view.profile;
  const signingOut = useSignOut();

  if (view.account === 'signed-out') {
    return (
      <Page name="settings" title="Settings">
        <p className="page-lead">Sign in to change your profile, password and sign-in options.</p>
        <Link className="button" to="/auth?next=/settings">
          Sign in
        </Link>
        <div className="profile-sections settings-device">
          <ColourSchemeSetting />
          <GameSoundSetting />
        </div>
      </Page>
    );
  }
  if (view.account === 'loading' || view.userId === null) {
    return (
      <Page name="settings" title="Settings">
        <p className="page-lead">Loading your settings…</p>
      </Page>
    );
  }

  async function signOut() {
    const outcome = await signingOut.signOut();
    // The spec's sign-out reloads the page, so nothing of the old user stays in memory.
    if (outcome.kind === 'signed-out') window.location.assign('/');
    else if (outcome.kind === 'failed') toast.error(outcome.message);
  }

  return (
    <Page name="settings" title="Settings">
      <p className="page-lead">
        {/* The public name, not the e-mail: a settings page is often on a classroom's projector. */}
        {own ? (
          <>
            Signed in as <strong>{own.row.username}</strong>.{' '}
          </>
        ) : null}
        <Link to="/profile">See your profile</Link>
      </p>
      <div className="profile-sections">
        {own ? (
          <>
            <ProfileFieldsForm key={`${own.row.username}\u0000${own.row.user_about ?? ''}`} save={view.save} profile={own.row} />
            <IconPicker save={view.save} profile={own.row} ownedIcons={own.ownedIcons} />
          </>
        ) : (
          <section className="form-card">
            <h2>Profile</h2>
            <p>Loading your profile…</p>
          </section>
        )}
        <section className="form-card" aria-labelledby="items-heading">
          <h2 id="items-heading">Cursors, backgrounds and fonts</h2>
          <p>Equip the items you own, or find new ones, in the shop.</p>
          <Link className="button" to="/shop">
            Open the shop
          </Link>
        </section>
        <ColourSchemeSetting />
        <GameSoundSetting />
        <section className="form-card" aria-labelledby="password-heading">
          <h2 id="password-heading">Password</h2>
          <p>Choose a new password for your account.</p>
          <Link className="button" to="/change-password">
            Change password
          </Link>
        </section>
        <TwoFactorSettings />
        <CreatorToolsCard />
        <DeskLink userId={view.userId} />
        <section className="form-card" aria-labelledby="sign-out-heading">
          <h2 id="sign-out-heading">Sign out</h2>
          <p>Sign out of this device. Changes not yet sent stay here until you sign in again.</p>
          <button type="button" className="button secondary" disabled={signingOut.busy} onClick={() => void signOut()}>
            Sign out
          </button>
        </section>
      </div>
    </Page>
  );
}
