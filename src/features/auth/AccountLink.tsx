import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { usePortal } from '../../state/portal.tsx';

// The signed-in badge reads Dexie, which the shell must not load before first paint: its own chunk.
const AccountBadge = lazy(() => import('./AccountBadge.tsx'));

/** The navbar's last link: sign in, or the signed-in student's own profile. */
export function AccountLink() {
  const { session, status, runtime } = usePortal();
  if (status === 'signed-in' && session !== null) {
    const plain = (
      <NavLink to="/profile" className="sign-in" data-testid="account-link">
        My profile
      </NavLink>
    );
    if (runtime === null) return plain;
    return (
      <Suspense fallback={plain}>
        <AccountBadge runtime={runtime} userId={session.user.id} />
      </Suspense>
    );
  }
  return (
    <NavLink to="/auth" className="sign-in" data-testid="account-link">
      Sign in
    </NavLink>
  );
}
