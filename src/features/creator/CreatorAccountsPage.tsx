import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { platformLabel, PLATFORMS, socialProfileUrl, validateSocial } from '../../domain/creatorSocial.ts';
import type { FieldErrors } from '../../domain/fieldErrors.ts';
import '../../ui/forms.css';
import { useCreatorAccess, useOwnSocials, type Outcome } from '../../state/creator.ts';
import './creator.css';
import { CreatorGateFor } from './CreatorGate.tsx';

function AddSocialForm({ add }: { add: (platform: string, handle: string) => Promise<Outcome> }) {
  const ids = useId();
  const [platform, setPlatform] = useState('youtube');
  const [handle, setHandle] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'platform' | 'handle'>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSocial({ platform, handle });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const outcome = await add(platform, handle);
      if (!outcome.ok) {
        setFailure(outcome.message);
        return;
      }
      toast.success(`${platformLabel(platform)} account added`);
      setHandle('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="cm-form-grid panel" onSubmit={(event) => void submit(event)} noValidate data-testid="add-social-form">
      <h2>Add a social account</h2>
      <div className="cm-form-field">
        <label htmlFor={`${ids}-platform`}>Platform</label>
        <select id={`${ids}-platform`} value={platform} onChange={(e) => setPlatform(e.target.value)} aria-invalid={errors.platform !== undefined}>
          {PLATFORMS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
        {errors.platform && <p className="cm-form-error">{errors.platform}</p>}
      </div>
      <div className="cm-form-field">
        <label htmlFor={`${ids}-handle`}>Handle or channel id</label>
        <input
          id={`${ids}-handle`}
          value={handle}
          onChange={(e) => setHandle(e.target.value)}
          placeholder="e.g. hollowplays or UCxxxxxxxxxxxxxxxxxxxxxx"
          aria-invalid={errors.handle !== undefined}
          aria-describedby={`${ids}-handle-hint`}
          autoComplete="off"
        />
        <p id={`${ids}-handle-hint`} className="cm-form-hint">
          What comes after the @ on your profile, or your YouTube channel id.
        </p>
        {errors.handle && <p className="cm-form-error">{errors.handle}</p>}
      </div>
      {failure && (
        <p className="cm-form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="cm-form-actions">
        <button type="submit" className="button" disabled={busy}>
          Add account
        </button>
      </div>
    </form>
  );
}

function Accounts({ userId }: { userId: string }) {
  const { socials, add } = useOwnSocials(userId);
  return (
    <>
      {socials.state === 'loading' && <p className="cm-form-hint">Loading your accounts…</p>}
      {socials.state === 'error' && (
        <p className="cm-form-error" role="alert">
          Could not load your accounts: {socials.message}
        </p>
      )}
      {socials.state === 'ready' &&
        (socials.data.length === 0 ? (
          <p className="cm-form-hint">No accounts yet: add the first one below.</p>
        ) : (
          <ul className="creator-list" data-testid="social-list">
            {socials.data.map((social) => {
              const profile = socialProfileUrl(social.platform, social.handle);
              return (
                <li key={social.id} className="creator-card">
                  <div>
                    <h3>
                      {platformLabel(social.platform)}: @{social.handle}
                    </h3>
                    {profile && (
                      <p>
                        <a href={profile} rel="noopener noreferrer" target="_blank">
                          {profile}
                        </a>
                      </p>
                    )}
                  </div>
                  <Link className="button" to={`/creator/${social.id}`}>
                    Choose videos
                  </Link>
                </li>
              );
            })}
          </ul>
        ))}
      <AddSocialForm add={add} />
    </>
  );
}

/**
 * The door to the creator tools. A creator chooses an account here (the spec's title); anyone else is
 * here to become one, and the page says so instead of offering accounts they cannot choose yet.
 */
export default function CreatorAccountsPage() {
  const [access, recheck] = useCreatorAccess();
  const applicant = access.state === 'not-creator' || access.state === 'signed-out';
  return (
    <Page name="creator" title={access.state === 'creator' ? 'Choose an account' : applicant ? 'Become a creator' : 'Creator tools'}>
      {access.state === 'creator' && (
        <p className="page-lead">Pick the social account you make videos with, or add one. Your videos can then be shown on the portal.</p>
      )}
      {applicant && (
        <p className="page-lead">
          Make videos about the games here? Once a moderator approves your application, your videos show on the portal and on the pages
          of the games they feature.
        </p>
      )}
      <CreatorGateFor access={access} recheck={recheck}>
        {(userId) => <Accounts userId={userId} />}
      </CreatorGateFor>
    </Page>
  );
}
