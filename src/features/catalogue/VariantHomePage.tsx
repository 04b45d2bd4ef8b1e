import { Page } from '../../ui/Page.tsx';
import { CatalogueBrowser } from './CatalogueBrowser.tsx';
import { useCatalogue } from '../../state/useCatalogue.ts';
import { CategoryChips } from './CategoryChips.tsx';

export default function VariantHomePage() {
  const { apps, source, loading } = useCatalogue();
  return (
    <Page name="variant-home" title="Games" heading="All games">
      <p className="page-lead">Browse by category or pick any game below.</p>
      {!loading && (
        <>
          <CategoryChips apps={apps} />
          <CatalogueBrowser apps={apps} label="All games" source={source} />
        </>
      )}
    </Page>
  );
}
