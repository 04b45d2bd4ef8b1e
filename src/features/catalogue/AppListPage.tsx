import { Page } from '../../app/Page.tsx';
import { CatalogueBrowser } from './CatalogueBrowser.tsx';
import { useCatalogue } from '../../ui/useCatalogue.ts';

export default function AppListPage() {
  const { apps, source, loading } = useCatalogue();
  return (
    <Page name="app-list" title="Games" heading="Games">
      <p className="page-lead">Pick a game and play right in your browser. Games marked “plays offline” work without a connection.</p>
      {!loading && <CatalogueBrowser apps={apps} label="All games" source={source} />}
    </Page>
  );
}
