import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { usePortal } from '../../state/portal.tsx';
import { signOutSafely } from '../../data/actions/signOut.ts';
import { ColourSchemeSetting } from '../../ui/ColourSchemeSetting.tsx';
import '../../ui/formCard.css';
import { CreatorToolsCard } from '../creator/CreatorToolsCard.tsx';
import { DeskLink } from '../moderation/DeskLink.tsx';
import { GameSoundSetting } from '../player/GameSoundSetting.tsx';
import { IconPicker, ProfileFieldsForm } from './ProfileEditor.tsx';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';
import { useOwnProfile } from './useOwnProfile.ts';
import './profile.css';

export default function SettingsPage() {
  const { runtime, session, status } = usePortal();
  const own = useOwnProfile(runtime?.data ?? null, session?.user.id);
  const [signingOut, setSigningOut] = useState(false);

  if (status === 'signed-out') {
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
  if (runtime === null || session === null) {
    return (
      <Page name="settings" title="Settings">
        <p className="page-lead">Loading your settings…</p>
      </Page>
    );
  }

  async function signOut() {
    if (runtime === null) return;
    setSigningOut(true);
    try {
      const result = await signOutSafely(runtime.data, () => runtime.currentUserId());
      // The spec's sign-out reloads the page, so nothing of the old user stays in memory.
      if (result === 'signed-out') window.location.assign('/');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <Page name="settings" title="Settings">
      <p className="page-lead">
        Signed in as <strong>{session.user.email}</strong>. <Link to="/profile">See your profile</Link>
      </p>
      <div className="profile-sections">
        {own ? (
          <>
            <ProfileFieldsForm key={`${own.row.username}\u0000${own.row.user_about ?? ''}`} data={runtime.data} profile={own.row} />
            <IconPicker data={runtime.data} profile={own.row} ownedIcons={own.ownedIcons} />
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
        <TwoFactorSettings data={runtime.data} />
        <CreatorToolsCard />
        <DeskLink userId={session.user.id} />
        <section className="form-card" aria-labelledby="sign-out-heading">
          <h2 id="sign-out-heading">Sign out</h2>
          <p>Sign out of this device. Changes not yet sent stay here until you sign in again.</p>
          <button type="button" className="button secondary" disabled={signingOut} onClick={() => void signOut()}>
            Sign out
          </button>
        </section>
      </div>
    </Page>
  );
}
