// A large made-up catalogue for the benchmarks, and a backend data folder that serves it.
import { openDatabase } from '../../supabase/embedded/database.ts';
import type { AppRow } from '../../src/store/db.ts';

const ADJECTIVES = ['Crimson', 'Silent', 'Hollow', 'Rapid', 'Frozen', 'Golden', 'Tiny', 'Cosmic', 'Lucky', 'Shadow', 'Neon', 'Brave', 'Sleepy', 'Wild', 'Pixel', 'Haunted', 'Turbo', 'Mystic', 'Clever', 'Rusty'];
const NOUNS = ['Rocket', 'Maze', 'Garden', 'Knight', 'Puzzle', 'Racer', 'Tower', 'Island', 'Dragon', 'Robot', 'Castle', 'Planet', 'Jungle', 'Pirate', 'Ninja', 'Bakery', 'Circuit', 'Galaxy', 'Harbor', 'Wizard'];
const CATEGORIES = ['arcade', 'puzzle', 'racing', 'sports', 'strategy', 'music', 'word games', 'adventure'];

/** `count` apps with unique titles and slugs, as the server stores them (ids and slugs in its formats). */
export function makeCatalogue(count: number): AppRow[] {
  const created = new Date(Date.UTC(2026, 0, 1)).toISOString();
  return Array.from({ length: count }, (_, i) => {
    const adjective = ADJECTIVES[i % ADJECTIVES.length]!;
    const noun = NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]!;
    const number = Math.floor(i / (ADJECTIVES.length * NOUNS.length)) + 1;
    const title = `${adjective} ${noun} ${number}`;
    const slug = title.toLowerCase().replace(/\s+/g, '-');
    return {
      id: `bench-${slug}`,
      title,
      slug,
      category: CATEGORIES[i % CATEGORIES.length]!,
      description: `A ${adjective.toLowerCase()} ${noun.toLowerCase()} game, number ${number} of its kind.`,
      thumbnail: null,
      url: `/games/${slug}/index.html`,
      bundled: false,
      created_at: created,
    };
  });
}

/** Adds `apps` to the catalogue of the backend data folder `dataDir` (no backend may hold it meanwhile). */
export async function seedCatalogue(dataDir: string, apps: AppRow[]): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await database.run((tx) =>
      tx.query('insert into public.apps select * from json_populate_recordset(null::public.apps, $1::json)', [JSON.stringify(apps)]),
    );
  } finally {
    await database.close();
  }
}
