// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://portal.school.example/" }
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { APPS_CACHE_VERSION, writeCached } from '../../../src/data/cache.ts';
import { putApps } from '../../../src/data/mirror.ts';
import { APPS_CACHE_KEY } from '../../../src/data/queries/refreshCatalogue.ts';
import type { PortalState } from '../../../src/state/portal.tsx';
import { useCatalogue, type AppRow, type Catalogue } from '../../../src/state/useCatalogue.ts';
import { appRow } from './appRows.ts';
import { fakeRuntime, renderHook, settle } from './harness.tsx';

const app = (id: string, title: string): AppRow => appRow(id, title, { bundled: false, created_at: '2026-11-01T00:00:00Z' });
const APPS = [app('breakout', 'Breakout'), app('snake', 'Snake'), app('sudoku', 'Sudoku')];

describe('useCatalogue', () => {
  it('is not “loaded and empty” while Dexie has not answered, though the refresh has settled', async () => {
    // A list cached today: the refresh settles on it without asking the server, and without reading
    // the whole list, which the page's live query does.
    const fake = fakeRuntime();
    await putApps(fake.db, APPS);
    await writeCached(fake.db, APPS_CACHE_KEY, APPS_CACHE_VERSION, APPS);
    // Dexie is slow to answer the page's read (a Chromebook busy starting the portal from its worker).
    const read = fake.db.apps.toArray.bind(fake.db.apps);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    fake.db.apps.toArray = (async () => {
      await answered;
      return read();
    }) as typeof fake.db.apps.toArray;

    const seen: Catalogue[] = [];
    const portal: PortalState = { runtime: fake.runtime, session: null, status: 'signed-out', runtimeError: null };
    const catalogue = renderHook(() => {
      const value = useCatalogue();
      seen.push(value);
      return value;
    }, portal);
    await settle();
    expect(catalogue.current.source).toBe('cache');
    expect(catalogue.current.loading).toBe(true);

    answer();
    await settle();
    // The home page decides its rows once, on the first render that is not loading: an empty list
    // there would leave "Popular this week" and "New" out for the whole visit.
    const firstLoaded = seen.find((value) => !value.loading);
    expect(firstLoaded?.apps.map((row) => row.id)).toEqual(['breakout', 'snake', 'sudoku']);
  });
});
