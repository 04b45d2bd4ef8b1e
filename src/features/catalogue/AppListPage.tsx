import { Page } from '../../app/Page.tsx';
import { AppGrid } from './AppGrid.tsx';
import { useAppList } from './backupApps.ts';

export default function AppListPage() {
  const apps = useAppList();
  return (
    <Page name="app-list" title="Games" heading="Games">
      <p className="page-lead">Pick a game and play right in your browser. Games marked “plays offline” work without a connection.</p>
      {apps !== null && <AppGrid apps={apps} label="All games" />}
    </Page>
  );
}
