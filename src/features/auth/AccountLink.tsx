import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { useAccount } from '../../state/account.ts';

// The signed-in badge reads Dexie, which the shell must not load before first paint: its own chunk.
const AccountBadge = lazy(() => import('./AccountBadge.tsx'));

/** The navbar's last link: sign in, or the signed-in student's own profile. */
export function AccountLink() {
  const account = useAccount();
  if (account.state === 'signed-in') {
    const plain = (
      <NavLink to="/profile" className="sign-in" data-testid="account-link">
        My profile
      </NavLink>
    );
    return (
      <Suspense fallback={plain}>
        <AccountBadge />
      </Suspense>
    );
  }
  return (
    <NavLink to="/auth" className="sign-in" data-testid="account-link">
      Sign in
    </NavLink>
  );
}
