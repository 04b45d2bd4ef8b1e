import { useParams } from 'react-router-dom';
import { Page } from '../../app/Page.tsx';
import { dashesToSpaces } from '../../domain/slug.ts';
import { AppGrid } from './AppGrid.tsx';
import { useAppList } from './backupApps.ts';
import { appsInCategory } from './categories.ts';
import { CategoryChips } from './CategoryChips.tsx';

export default function CategoryPage() {
  const { category = '' } = useParams();
  const apps = useAppList();
  const inCategory = apps === null ? null : appsInCategory(apps, category);
  const name = inCategory?.[0]?.category ?? dashesToSpaces(category);
  return (
    <Page name="category" title={name}>
      {apps !== null && <CategoryChips apps={apps} />}
      {inCategory !== null && inCategory.length === 0 && (
        <p className="page-lead">There are no games in this category yet.</p>
      )}
      {inCategory !== null && inCategory.length > 0 && <AppGrid apps={inCategory} label={`${name} games`} />}
    </Page>
  );
}
