import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKUP_APPS_URL, fetchBackupApps } from '../../../src/data/queries/fetchBackupApps.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entry = (id: string, title: string) => ({
  id,
  title,
  slug: `/${id}`,
  category: 'Arcade',
  description: '',
  thumbnail: `/games/${id}/thumb.svg`,
  url: `/games/${id}/index.html`,
  bundled: true,
});

describe('the bundled backup list', () => {
  it('is read from the portal, ordered by title, with entries of the wrong shape left out', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return Response.json([entry('snake', 'Snake'), { ...entry('broken', 'Broken'), bundled: 'yes' }, entry('2048', '2048'), { id: 'x' }]);
    });
    expect((await fetchBackupApps()).map((app) => app.id)).toEqual(['2048', 'snake']);
    expect(asked).toEqual([BACKUP_APPS_URL]);
  });

  it('fails when the file is missing or is not a list', async () => {
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
    await expect(fetchBackupApps()).rejects.toThrow('/backup-apps.json answered 404');
    vi.stubGlobal('fetch', async () => Response.json({ apps: [] }));
    await expect(fetchBackupApps()).rejects.toThrow('/backup-apps.json is not a list');
  });
});
