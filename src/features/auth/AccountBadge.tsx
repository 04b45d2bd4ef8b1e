import { NavLink } from 'react-router-dom';
import { useAccountBadge } from '../../state/profile.ts';
import { ProfileIcon } from '../../ui/ProfileIcon.tsx';
// The badge is on every page a signed-in student opens, and has always brought the shared form styles
// with it: the forms of other pages (the score form, the creator tools) are drawn with them.
import '../../ui/formCard.css';
import './auth.css';

/** The first letter of a username (a whole character, not half of one), or undefined before it is known. */
function initialOf(username: string | null | undefined): string | undefined {
  const first = username === null || username === undefined ? undefined : [...username.trim()][0];
  return first === undefined ? undefined : first.toLocaleUpperCase();
}

/** The signed-in student in the navbar: icon and username from the device's copy, so it shows offline. */
export default function AccountBadge() {
  const profile = useAccountBadge();
  return (
    <NavLink to="/profile" className="sign-in account-link" data-testid="account-link">
      <ProfileIcon icon={profile?.icon} size={24} initial={initialOf(profile?.username)} />
      <span className="visually-hidden">Your profile: </span>
      <span className="account-name" data-testid="account-username" title={profile?.username}>
        {profile?.username ?? 'My profile'}
      </span>
    </NavLink>
  );
}
