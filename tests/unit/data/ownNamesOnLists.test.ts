import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import type { ProfileRow } from '../../../src/store/db.ts';
import { highScoresKey } from '../../../src/data/leaderboards.ts';
import { readHighScores, readTopLists } from '../../../src/data/reads/leaderboards.ts';
import { createDataSource } from '../../../src/data/source.ts';
import { freshDb, USER } from '../sync/fakes.ts';

const OTHER = '00000000-0000-4000-8000-000000000002';

describe('the lists kept on the device, after the student renamed', () => {
  it('show the new name on the student’s own rows, offline, and leave other students’ rows alone', async () => {
    const { db } = freshDb();
    const data = createDataSource({} as PortalSupabase, db);
    await db.leaderboards.bulkPut([
      { key: 'topStreaks', fetchedAt: 1, rows: [{ user_id: USER, username: 'maya_old', icon: null, value: 4 }, { user_id: OTHER, username: 'leo', icon: null, value: 2 }] },
      { key: highScoresKey('snake'), fetchedAt: 1, rows: [{ user_id: USER, username: 'maya_old', icon: null, score: 900, submission_id: 1, created_at: '2026-11-20T10:00:00Z' }] },
    ]);
    // The profile mirror takes the new name at once (saveProfile), before any list is read again.
    await db.profile.put({ user_id: USER, username: 'maya_new', icon: 'default_fox' } as ProfileRow);

    const lists = await readTopLists(data);
    expect(lists.topStreaks?.rows.map((r) => [r.username, r.icon])).toEqual([['maya_new', 'default_fox'], ['leo', null]]);
    expect((await readHighScores(data, 'snake'))?.rows[0]).toMatchObject({ username: 'maya_new', score: 900 });
  });
});
