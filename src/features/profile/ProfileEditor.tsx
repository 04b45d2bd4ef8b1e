import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { PROFILE_QUEUED, type ProfileView, type ProfileRow, type ShopItemRow } from '../../state/profile.ts';
import { PROFILE_ICON_CHANGED, PROFILE_UPDATED } from '../../domain/messages.ts';
import { ABOUT_MAX_LENGTH, validateAbout, validateUsername } from '../../domain/profileFields.ts';
import { DEFAULT_ICONS, iconLook } from '../../domain/profileIcons.ts';
import { ProfileIcon } from '../../ui/ProfileIcon.tsx';

interface EditorProps {
  save: ProfileView['save'];
  profile: ProfileRow;
  /** Icon items this student owns. */
  ownedIcons: readonly ShopItemRow[];
}

export function IconPicker({ save, profile, ownedIcons }: EditorProps) {
  const [busy, setBusy] = useState(false);
  const choices = [...DEFAULT_ICONS.map((icon) => ({ id: icon.id, label: icon.label })), ...ownedIcons.map((item) => ({ id: item.id, label: item.name }))];

  async function pick(icon: string) {
    if (icon === profile.icon || busy) return;
    setBusy(true);
    try {
      const result = await save({ username: profile.username, icon, about: profile.user_about ?? '' });
      if (!result.ok) toast.error(result.message);
      else toast.success(result.queued ? `${PROFILE_ICON_CHANGED}. ${PROFILE_QUEUED}` : PROFILE_ICON_CHANGED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form-card" aria-labelledby="icon-picker-heading">
      <h2 id="icon-picker-heading">Profile icon</h2>
      <div className="icon-picker" role="group" aria-label="Choose an icon" data-testid="icon-picker">
        {choices.map((choice) => (
          <button
            key={choice.id}
            type="button"
            aria-pressed={choice.id === profile.icon}
            title={choice.label}
            data-icon={choice.id}
            disabled={busy}
            onClick={() => void pick(choice.id)}
          >
            <ProfileIcon icon={choice.id} size={44} look={iconLook(choice.id, ownedIcons)} />
          </button>
        ))}
      </div>
      <p className="field-hint">Icons you buy in the shop appear here too.</p>
    </section>
  );
}

export function ProfileFieldsForm({ save, profile }: Omit<EditorProps, 'ownedIcons'>) {
  const [username, setUsername] = useState(profile.username);
  const [about, setAbout] = useState(profile.user_about ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateUsername(username.trim()) ?? validateAbout(about);
    setError(problem);
    if (problem !== null) return;
    setBusy(true);
    try {
      const result = await save({ username: username.trim(), icon: profile.icon, about });
      if (!result.ok) setError(result.message);
      else toast.success(result.queued ? `${PROFILE_UPDATED}. ${PROFILE_QUEUED}` : PROFILE_UPDATED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form-card" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="profile-form-heading">
      <h2 id="profile-form-heading">Username and about</h2>
      {error !== null && (
        <p className="form-error" role="alert" data-testid="profile-error">
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor="profile-username-input">Username</label>
        <input id="profile-username-input" value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" maxLength={40} />
        <span className="field-hint">3 to 20 letters, digits, _ or -. Everyone can see it.</span>
      </div>
      <div className="field">
        <label htmlFor="profile-about-input">About you</label>
        <textarea id="profile-about-input" value={about} onChange={(e) => setAbout(e.target.value)} />
        <span className="field-hint">
          {[...about].length}/{ABOUT_MAX_LENGTH} characters. Everyone can see it: do not share private details.
        </span>
      </div>
      <button className="button" type="submit" disabled={busy}>
        Save profile
      </button>
    </form>
  );
}
