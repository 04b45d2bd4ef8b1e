import { useParams } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { dashesToSpaces } from '../../domain/slug.ts';
import { CatalogueBrowser } from './CatalogueBrowser.tsx';
import { useCatalogueApps } from '../../state/useCatalogue.ts';
import { appsInCategory, categoryLabel, knownCategory } from '../../domain/categories.ts';
import NotFoundPage from '../utility/NotFoundPage.tsx';
import { CategoryChips } from './CategoryChips.tsx';

/**
 * /{category}. The variant layout gives every other single segment to it; the default layout's other
 * pages are the not-found page's (`strict`), so there it is a category only when one is listed or any
 * game has it.
 */
export default function CategoryPage({ strict = false }: { strict?: boolean }) {
  const { category = '' } = useParams();
  const apps = useCatalogueApps();
  const inCategory = apps === null ? null : appsInCategory(apps, category);
  const found = inCategory?.[0]?.category;
  const known = knownCategory(category);
  if (strict && found === undefined && known === null) return apps === null ? null : <NotFoundPage />;
  const listed = found ?? known;
  const name = listed === null ? dashesToSpaces(category) : categoryLabel(listed);
  return (
    <Page name="category" title={name}>
      {apps !== null && <CategoryChips apps={apps} />}
      {inCategory !== null && inCategory.length === 0 && (
        <p className="page-lead">There are no games in this category yet.</p>
      )}
      {inCategory !== null && inCategory.length > 0 && <CatalogueBrowser apps={inCategory} label={`${name} games`} shelves={false} />}
    </Page>
  );
}
