import { HardDriveDownload } from 'lucide-react';
import { ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page } from '../../ui/Page.tsx';
import { config } from '../../config.ts';
import { mainSiteLinks } from '../../links.ts';

export default function MirrorsPage() {
  const links = mainSiteLinks(['main', 'links']);
  return (
    <Page name="mirrors" title="Mirrors">
      <p className="page-lead">
        Official addresses where the same portal is served, in case this one is blocked or down. Your account works on all of
        them; offline saves and the offline pack belong to each address separately.
      </p>
      {config.mirrors.length === 0 ? (
        <EmptyState
          icon={<HardDriveDownload size={32} />}
          title="No mirrors are listed for this deployment"
          action={
            <ButtonLink to="/cache" icon={<HardDriveDownload aria-hidden="true" size={20} />}>
              Save games for offline
            </ButtonLink>
          }
        >
          If this address is ever blocked or down, the games saved on this device still play without it.
        </EmptyState>
      ) : (
        <ul data-testid="mirror-list">
          {config.mirrors.map((mirror) => (
            <li key={mirror}>
              <a href={mirror} rel="noopener">
                {mirror}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="cm-form-hint">Only use addresses listed here or on the main site: a copy elsewhere may not be ours.</p>
      {links.length > 0 && (
        <ul>
          {links.map((link) => (
            <li key={link.page}>
              <a href={link.href} rel="noopener">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
