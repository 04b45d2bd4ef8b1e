import { Link } from 'react-router-dom';
import type { CatalogueApp } from './catalogueApps.ts';
import { categoriesOf } from './categories.ts';

export function CategoryChips({ apps }: { apps: CatalogueApp[] }) {
  return (
    <ul className="chip-list" aria-label="Categories">
      {categoriesOf(apps).map((category) => (
        <li key={category.path}>
          <Link className="chip" to={category.path}>
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
