import { Page } from '../../app/Page.tsx';
import { AppGrid } from './AppGrid.tsx';
import { useAppList } from './backupApps.ts';
import { CategoryChips } from './CategoryChips.tsx';

export default function VariantHomePage() {
  const apps = useAppList();
  return (
    <Page name="variant-home" title="Games" heading="All games">
      <p className="page-lead">Browse by category or pick any game below.</p>
      {apps !== null && (
        <>
          <CategoryChips apps={apps} />
          <AppGrid apps={apps} label="All games" />
        </>
      )}
    </Page>
  );
}
