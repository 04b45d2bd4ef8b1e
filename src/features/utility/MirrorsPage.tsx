import { Page } from '../../app/Page.tsx';
import { config } from '../../config.ts';

export default function MirrorsPage() {
  return (
    <Page name="mirrors" title="Mirrors">
      <p className="page-lead">Other addresses where the same portal is served, in case this one is blocked or down.</p>
      {config.mirrors.length === 0 ? (
        <p>No mirrors are listed for this deployment.</p>
      ) : (
        <ul>
          {config.mirrors.map((mirror) => (
            <li key={mirror}>
              <a href={mirror} rel="noopener">
                {mirror}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
