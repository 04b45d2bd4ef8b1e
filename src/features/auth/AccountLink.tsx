import { NavLink } from 'react-router-dom';
import { usePortal } from '../../app/portal.tsx';

/** The navbar's last link: sign in, or the signed-in student's own profile. */
export function AccountLink() {
  const { session, status } = usePortal();
  if (status === 'signed-in' && session !== null) {
    return (
      <NavLink to="/profile" className="sign-in" data-testid="account-link">
        {session.user.email ?? 'My profile'}
      </NavLink>
    );
  }
  return (
    <NavLink to="/auth" className="sign-in" data-testid="account-link">
      Sign in
    </NavLink>
  );
}
