import { Link } from 'react-router-dom';
import type { AppEntry } from './backupApps.ts';
import { categoriesOf } from './categories.ts';

export function CategoryChips({ apps }: { apps: AppEntry[] }) {
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
