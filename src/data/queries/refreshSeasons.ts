import type { Season } from '../../domain/battlepass.ts';
import { SEASONS_CACHE_KEY } from '../../store/seasonRows.ts';
import { putSeasonData } from '../seasons.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Every season with its tiers, mirrored whole (see ../seasons.ts) and returned. */
export async function refreshSeasons(source: DataSource): Promise<Season[]> {
  const { supabase, db } = partsOf(source);
  const [seasons, tiers] = await Promise.all([
    supabase.from('battlepass_seasons').select('*').order('season'),
    supabase.from('battlepass_tiers').select('*').order('tier'),
  ]);
  if (seasons.error) throw new Error(seasons.error.message);
  if (tiers.error) throw new Error(tiers.error.message);
  const result: Season[] = seasons.data.map((s) => ({
    season: s.season,
    name: s.name,
    starts_at: s.starts_at,
    ends_at: s.ends_at,
    tiers: tiers.data
      .filter((t) => t.season === s.season)
      .map((t) => ({ tier: t.tier, coins_required: t.coins_required, item_id: t.item_id })),
  }));
  await putSeasonData(db, SEASONS_CACHE_KEY, result);
  return result;
}
