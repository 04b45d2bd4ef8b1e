import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useCreatorAccess, type CreatorAccess } from '../../state/creator.ts';
import { CreatorApplication } from './CreatorApplication.tsx';
import './creator.css';

const NOT_A_CREATOR =
  'Creator tools are for approved creators. Tell the moderators what you want to make: they read every application and answer here.';

type Children = (userId: string) => ReactNode;

/** Shows `children` to approved creators, and everyone else why they cannot use the creator tools and how to apply. */
export function CreatorGate({ children }: { children: Children }) {
  const [access, recheck] = useCreatorAccess();
  return (
    <CreatorGateFor access={access} recheck={recheck}>
      {children}
    </CreatorGateFor>
  );
}

/** The gate for an access already asked for, by a page that also titles itself by it. */
export function CreatorGateFor({ access, recheck, children }: { access: CreatorAccess; recheck: () => void; children: Children }) {
  switch (access.state) {
    case 'loading':
      return <p className="cm-form-hint">Checking your creator access…</p>;
    case 'signed-out':
      return (
        <div className="cm-notice-box" data-testid="creator-sign-in">
          <p>Sign in to use the creator tools.</p>
          <p>
            <Link to="/auth" className="button">
              Sign in
            </Link>
          </p>
        </div>
      );
    case 'not-creator':
      return (
        <div className="creator-apply" data-testid="not-a-creator">
          <p>{NOT_A_CREATOR}</p>
          <p>
            Meanwhile, watch what approved creators made on the <Link to="/yt">videos page</Link>.
          </p>
          <CreatorApplication userId={access.userId} onAnswer={recheck} />
        </div>
      );
    case 'error':
      return (
        <p className="cm-form-error" role="alert">
          Could not check your creator access: {access.message}. Check your connection and reload the page.
        </p>
      );
    case 'creator':
      return <>{children(access.userId)}</>;
  }
}
