// The page's outbox and mirror as IndexedDB holds them, read with the raw API so the fault tests
// see what survived a crash, a reload or an update without trusting any app module.
import type { Page } from '@playwright/test';
import { gamePath } from '../../../src/domain/slug.ts';

export interface OutboxRow {
  id: string;
  kind: string;
  status: string;
  userId: string;
}

/** Every row of a store of the portal's database, or [] while the app has not created it yet. */
async function storeRows(page: Page, store: string): Promise<unknown[]> {
  const rows: unknown = await page.evaluate(
    (storeName: string) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('portal');
        open.onerror = () => reject(open.error);
        // Opening must never create the database in the app's place.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction(storeName).objectStore(storeName).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result);
          };
          all.onerror = () => reject(all.error);
        };
      }).catch(() => []),
    store,
  );
  return rows as unknown[];
}

/** The outbox, oldest first (the store is keyed by its increasing seq). */
export async function outboxRows(page: Page): Promise<OutboxRow[]> {
  const rows = (await storeRows(page, 'outbox')) as OutboxRow[];
  return rows.map(({ id, kind, status, userId }) => ({ id, kind, status, userId }));
}

/** The ids of what waits in the outbox. */
export async function outboxIds(page: Page): Promise<string[]> {
  return (await outboxRows(page)).map((row) => row.id);
}

/** The mirrored coins row of a student, or null before the runtime has read it. */
export async function mirroredCoins(page: Page, userId: string): Promise<{ balance: number } | null> {
  const rows = (await storeRows(page, 'coins')) as { user_id: string; balance: number }[];
  return rows.find((row) => row.user_id === userId) ?? null;
}

/** The data of a row of the mirror's cache table (seasons, a season's gains ...), or null when absent. */
export async function mirroredCache(page: Page, key: string): Promise<unknown> {
  const rows = (await storeRows(page, 'cache')) as { key: string; data: unknown }[];
  return rows.find((row) => row.key === key)?.data ?? null;
}

/**
 * The game pages of the week's ranking this device holds, most played first, kept to the games of the
 * device's own list: what its "Popular this week" row can link to.
 */
export async function storedPopularPaths(page: Page): Promise<string[]> {
  const boards = (await storeRows(page, 'leaderboards')) as { key: string; rows: { app_id: string }[] }[];
  const listed = new Map(((await storeRows(page, 'apps')) as { id: string; slug: string | null; title: string }[]).map((app) => [app.id, app]));
  const ranking = boards.find((board) => board.key === 'popular_apps')?.rows ?? [];
  return ranking.flatMap((entry) => {
    const app = listed.get(entry.app_id);
    return app === undefined ? [] : [gamePath(app)];
  });
}
