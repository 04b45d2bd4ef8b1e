import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { config } from '../config.ts';
import { AccountLink } from '../features/auth/AccountLink.tsx';
import { CoinBalance } from '../features/coins/CoinBalance.tsx';
import { YourTurnBadge } from '../features/classmates/YourTurnBadge.tsx';
import { SyncIndicator } from '../features/syncStatus/SyncIndicator.tsx';
import { navSectionOf } from '../domain/navSection.ts';
import { mainSiteLinks } from '../links.ts';

// The pieces around every page: navbars, footers and the variant banner.

const gamesPath = config.featuredApp === undefined ? '/' : '/class';

// No "Profile" entry: the account link at the end leads there (or to sign-in), and the room it took is
// wanted by the sync status ("Offline · 12 pending") on a Chromebook's 1280 px.
const mainLinks = [
  { to: gamesPath, label: 'Games' },
  { to: '/leaderboard', label: 'Leaderboard' },
  { to: '/streak', label: 'Streak' },
  { to: '/shop', label: 'Shop' },
  { to: '/pass', label: 'Pass' },
  { to: '/chad', label: 'Chat' },
  { to: '/friends', label: 'Friends' },
  { to: '/settings', label: 'Settings' },
];

const SECTION_PATHS = mainLinks.map((link) => link.to);

// The creator tools have no room in the navbar (1280 px holds it as it is): every page's footer leads there.
const infoLinks = [
  { to: '/yt', label: 'Videos' },
  { to: '/creator', label: 'Creator tools' },
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

/**
 * The brand, the sections and the account. On a wide screen one row, as it always was; on a phone (app.css)
 * the sections fold behind a menu button while the balance and the account stay in sight, because a student
 * should not have to open a menu to see whether they are signed in or what they can spend.
 */
function MainNav({ className }: { className: string }) {
  const { key, pathname } = useLocation();
  const here = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const section = navSectionOf(pathname, SECTION_PATHS, gamesPath);
  // Open only on the page it was opened on: any navigation, by a link, the brand or the back button, closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === key;
  const panelId = useId();
  const nav = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      if (nav.current?.contains(document.activeElement)) button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !nav.current?.contains(event.target)) setOpenAt(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  // The link chosen disappears with the menu; the button keeps the keyboard where the student was.
  const chosen = () => {
    if (!open) return;
    setOpenAt(null);
    button.current?.focus();
  };

  return (
    <nav
      ref={nav}
      className={className}
      aria-label="Main"
      data-menu={open ? 'open' : 'closed'}
      // Tabbing on into the page closes the menu, which would otherwise cover what has the focus.
      onBlur={(event) => {
        if (open && !(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setOpenAt(null);
      }}
    >
      <Brand />
      <button
        ref={button}
        type="button"
        className="nav-menu-button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenAt(open ? null : key)}
        data-testid="nav-menu-button"
      >
        <MenuIcon open={open} />
      </button>
      <ul className="nav-links" id={panelId} aria-label="Sections">
        {mainLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={chosen} aria-current={section === link.to ? (here === link.to ? 'page' : 'true') : undefined}>
              {link.label}
              {link.to === '/friends' && <YourTurnBadge />}
            </Link>
          </li>
        ))}
      </ul>
      <div className="nav-status">
        <SyncIndicator />
      </div>
      <ul className="nav-account" aria-label="Your account">
        <li>
          <CoinBalance />
        </li>
        <li>
          <AccountLink />
        </li>
      </ul>
    </nav>
  );
}

/** Three bars, or a cross while the menu is open. */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

export function Navbar() {
  return (
    <header className="navbar" data-testid="navbar">
      <MainNav className="navbar-inner" />
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
      <MainNav className="variant-header-inner" />
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
