import { Link } from 'react-router-dom';
import { categoriesOf } from '../../domain/categories.ts';

export function CategoryChips({ apps }: { apps: readonly { category: string }[] }) {
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
