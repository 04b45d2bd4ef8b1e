import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** A badge on a profile's shelf (public.get_badge_shelf), public fields only. */
export interface ShelfBadge {
  code: string;
  title: string;
  description: string;
  icon: string;
  /** The game's title, or the portal's name for the portal's own. */
  gameTitle: string;
}

/** Anyone's badge shelf by username, in the order they chose; empty when they chose none. Online only. */
export async function fetchBadgeShelf(source: DataSource, username: string): Promise<Result<ShelfBadge[]>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('get_badge_shelf', { p_username: username });
    if (error) return failed(error);
    return ok(data.map((row) => ({ code: row.code, title: row.title, description: row.description, icon: row.icon, gameTitle: row.game_title })));
  } catch (error) {
    return thrown(error);
  }
}
