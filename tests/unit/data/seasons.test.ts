import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { SEASONS_CACHE_KEY } from '../../../src/store/seasonRows.ts';
import { putSeasonData, readMirroredSeasons } from '../../../src/data/seasons.ts';
import { createDataSource } from '../../../src/data/source.ts';
import { freshDb } from '../sync/fakes.ts';

const season = {
  season: 4,
  name: 'Winter Pass',
  starts_at: '2026-12-01T00:00:00+00:00',
  ends_at: '2027-01-15T00:00:00+00:00',
  tiers: [{ tier: 1, coins_required: 100, item_id: 's4_snowflake_icon' }],
};

describe('mirrored seasons', () => {
  it('tell a device that never loaded the pass apart from a server with no season', async () => {
    const { db } = freshDb();
    const data = createDataSource({} as PortalSupabase, db);
    expect(await readMirroredSeasons(data)).toBeNull();
    await putSeasonData(db, SEASONS_CACHE_KEY, []);
    expect(await readMirroredSeasons(data)).toEqual([]);
    await putSeasonData(db, SEASONS_CACHE_KEY, [season]);
    expect(await readMirroredSeasons(data)).toEqual([season]);
  });
});
