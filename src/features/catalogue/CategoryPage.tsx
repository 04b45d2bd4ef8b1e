import { useParams } from 'react-router-dom';
import { Page } from '../../app/Page.tsx';
import { dashesToSpaces } from '../../domain/slug.ts';
import { CatalogueBrowser } from './CatalogueBrowser.tsx';
import { useCatalogueApps } from '../../ui/useCatalogue.ts';
import { appsInCategory, categoryLabel } from '../../domain/categories.ts';
import { CategoryChips } from './CategoryChips.tsx';

export default function CategoryPage() {
  const { category = '' } = useParams();
  const apps = useCatalogueApps();
  const inCategory = apps === null ? null : appsInCategory(apps, category);
  const found = inCategory?.[0]?.category;
  const name = found === undefined ? dashesToSpaces(category) : categoryLabel(found);
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
