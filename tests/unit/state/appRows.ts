// A catalogue row for the catalogue hooks' tests: a bundled arcade game, with `extra` for what a test needs.
import type { AppRow } from '../../../src/state/useCatalogue.ts';

export const appRow = (id: string, title: string, extra: Partial<AppRow> = {}): AppRow => ({
  id,
  title,
  slug: id,
  category: 'Arcade',
  description: `${title} for the test`,
  thumbnail: null,
  url: `/games/${id}/index.html`,
  bundled: true,
  ...extra,
});
