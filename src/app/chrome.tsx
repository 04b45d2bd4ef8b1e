import { NavLink } from 'react-router-dom';
import { config } from '../config.ts';
import { AccountLink } from '../features/auth/AccountLink.tsx';
import { CoinBalance } from '../features/coins/CoinBalance.tsx';
import { SyncIndicator } from '../features/syncStatus/SyncIndicator.tsx';
import { mainSiteLinks } from '../links.ts';

// The pieces around every page: navbars, footers and the variant banner.

const gamesPath = config.featuredApp === undefined ? '/' : '/class';

const mainLinks = [
  { to: gamesPath, label: 'Games' },
  { to: '/leaderboard', label: 'Leaderboard' },
  { to: '/streak', label: 'Streak' },
  { to: '/shop', label: 'Shop' },
  { to: '/pass', label: 'Pass' },
  { to: '/chad', label: 'Chat' },
  { to: '/settings', label: 'Settings' },
];

const infoLinks = [
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/cache', label: 'Offline cache' },
  { to: '/mirrors', label: 'Mirrors' },
  { to: '/takedown', label: 'Takedown requests' },
];

function Brand() {
  return (
    <NavLink to="/" className="brand" end>
      <img src="/icons/icon.svg" alt="" width={28} height={28} />
      Hollowed Portal
    </NavLink>
  );
}

// No "Profile" entry: the account link at the end leads there (or to sign-in), and the room it took is
// wanted by the sync status ("Offline · 12 pending") on a Chromebook's 1280 px.
function LinkList({ links, label }: { links: typeof mainLinks; label: string }) {
  return (
    <ul className="nav-links" aria-label={label}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === '/'}>
            {link.label}
          </NavLink>
        </li>
      ))}
      <li className="nav-status">
        <SyncIndicator />
      </li>
      <li>
        <CoinBalance />
      </li>
      <li>
        <AccountLink />
      </li>
    </ul>
  );
}

export function Navbar() {
  return (
    <header className="navbar" data-testid="navbar">
      <nav className="navbar-inner" aria-label="Main">
        <Brand />
        <LinkList links={mainLinks} label="Sections" />
      </nav>
    </header>
  );
}

export function Footer() {
  return (
    <footer className="footer" data-testid="footer">
      <p>Hollowed Portal: free browser games for students. Once loaded, it keeps working offline.</p>
      <MainSiteLinks />
    </footer>
  );
}

/** The main site's pages (src/links.ts); nothing when the deployment has no main site. */
function MainSiteLinks() {
  const links = mainSiteLinks(['main', 'leaderboard', 'streakInfo', 'cacheInfo', 'tabCloakInfo', 'communityChatInfo', 'links']);
  if (links.length === 0) return null;
  return (
    <ul className="footer-links" aria-label="Main site" data-testid="main-site-links">
      {links.map((link) => (
        <li key={link.page}>
          <a href={link.href} rel="noopener">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

function InfoLinks() {
  return (
    <ul className="footer-links">
      {infoLinks.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to}>{link.label}</NavLink>
        </li>
      ))}
    </ul>
  );
}

export function SecondFooter() {
  return (
    <nav className="second-footer" data-testid="second-footer" aria-label="About the portal">
      <InfoLinks />
    </nav>
  );
}

export function VariantHeader() {
  return (
    <header className="variant-header" data-testid="variant-header">
      <nav className="variant-header-inner" aria-label="Main">
        <Brand />
        <LinkList links={mainLinks} label="Sections" />
      </nav>
    </header>
  );
}

export function VariantBanner() {
  return (
    <aside className="variant-banner" data-testid="variant-banner" aria-label="The new look">
      You are trying the new look of the portal. <NavLink to="/">Browse every game</NavLink>
    </aside>
  );
}

export function VariantFooter() {
  return (
    <footer className="variant-footer" data-testid="variant-footer">
      <InfoLinks />
      <p>Hollowed Portal: free browser games for students.</p>
    </footer>
  );
}
