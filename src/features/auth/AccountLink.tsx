import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { useAccount } from '../../state/account.ts';
import { firstStatus } from '../../state/firstStatus.ts';

// The signed-in badge reads Dexie, which the shell must not load before first paint: its own chunk.
const AccountBadge = lazy(() => import('./AccountBadge.tsx'));

/**
 * The navbar's last item: sign in, or the signed-in student's own profile. While a stored session is
 * still being read it is neither: a signed-in student on a busy device saw "Sign in" for seconds, and a
 * tap on it led a signed-in student to the sign-in form. A device with no session stored is a visitor's
 * from the first paint (the runtime is held back on a first visit).
 */
export function AccountLink() {
  const account = useAccount();
  if (account.state === 'loading' && firstStatus(location.href) === 'loading') {
    return (
      <span className="account-pending" aria-busy="true" data-testid="account-pending">
        <span className="visually-hidden">Checking your account</span>
      </span>
    );
  }
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
