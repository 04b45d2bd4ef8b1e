import { describe, expect, it } from 'vitest';
import { appsInCategory, categoriesOf, categoryLabel } from '../../../src/domain/categories.ts';

const apps = [
  { id: 'a', category: 'puzzle' },
  { id: 'b', category: 'board games' },
  { id: 'c', category: 'Puzzle' },
  { id: 'd', category: 'arcade' },
];

describe('categories', () => {
  it('lists each category once, in order of first appearance, with its path and capitalised name', () => {
    expect(categoriesOf(apps)).toEqual([
      { name: 'Puzzle', path: '/puzzle' },
      { name: 'Board Games', path: '/board-games' },
      { name: 'Arcade', path: '/arcade' },
    ]);
  });

  it("finds a category's apps by the path segment of the variant layout", () => {
    expect(appsInCategory(apps, 'puzzle').map((a) => a.id)).toEqual(['a', 'c']);
    expect(appsInCategory(apps, 'Board Games').map((a) => a.id)).toEqual(['b']);
    expect(appsInCategory(apps, 'racing')).toEqual([]);
    expect(categoryLabel('math')).toBe('Math');
  });
});
