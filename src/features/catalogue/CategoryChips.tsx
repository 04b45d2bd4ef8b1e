import { NavLink } from 'react-router-dom';
import { categoriesOf } from '../../domain/categories.ts';

export function CategoryChips({ apps }: { apps: readonly { category: string }[] }) {
  return (
    <ul className="chip-list" aria-label="Categories">
      {categoriesOf(apps).map((category) => (
        <li key={category.path}>
          {/* The chosen category's chip is marked (aria-current) on its own page. */}
          <NavLink className="chip" to={category.path}>
            {category.name}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
