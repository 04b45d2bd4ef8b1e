import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { DEVICE_USER, readFavouriteIds, toggleFavourite } from '../../../src/data/favourites.ts';
import { createDataSource } from '../../../src/data/source.ts';
import { freshDb, USER } from '../sync/fakes.ts';

describe('favourites', () => {
  it('star and unstar an app for one student, apart from the signed-out device and across a reopen', async () => {
    const { db, open } = freshDb();
    const data = createDataSource({} as PortalSupabase, db);
    await toggleFavourite(data, USER, 'snake');
    await toggleFavourite(data, USER, '2048');
    await toggleFavourite(data, DEVICE_USER, 'memory');
    expect([...(await readFavouriteIds(data, USER))].sort()).toEqual(['2048', 'snake']);
    await toggleFavourite(data, USER, 'snake');
    expect([...(await readFavouriteIds(data, USER))]).toEqual(['2048']);
    db.close();
    const again = createDataSource({} as PortalSupabase, open());
    expect([...(await readFavouriteIds(again, USER))]).toEqual(['2048']);
    expect([...(await readFavouriteIds(again, DEVICE_USER))]).toEqual(['memory']);
  });
});
