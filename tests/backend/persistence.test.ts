import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../supabase/embedded/database.ts';
import { client, FIXTURE_MIGRATIONS, FIXTURE_SEED, newUser, startFixtureBackend } from './helpers.ts';

const work = mkdtempSync(join(tmpdir(), 'backend-persistence-'));
const dataDir = join(work, 'data');
const migrationsDir = join(work, 'migrations');
cpSync(FIXTURE_MIGRATIONS, migrationsDir, { recursive: true });

afterAll(() => rmSync(work, { recursive: true, force: true }));

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe('a data folder', () => {
  it('is locked while open, keeps data across restarts, takes over a stale lock and applies only new migrations', async () => {
    const first = await startFixtureBackend({ dataDir, migrationsDir });
    expect(first.appliedMigrations).toEqual(['20240101000000']);
    const user = await newUser(first, 'keeper');
    await user.supabase.from('notes').insert({ body: 'remember me' });
    const up = await user.supabase.storage.from('submissions').upload(`${user.id}_p.png`, PNG, { contentType: 'image/png' });
    expect(up.error).toBeNull();

    await expect(openDatabase({ dataDir, migrationsDir, seedFile: FIXTURE_SEED })).rejects.toThrow(/in use by another backend \(pid \d+/);
    await expect(startFixtureBackend({ dataDir, migrationsDir })).rejects.toThrow(/in use by another backend/);
    await first.close();

    // A crashed backend leaves its lock behind; a dead pid must not block the next start.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(dataDir, 'backend.lock'), JSON.stringify({ pid: dead, startedAt: new Date().toISOString() }));
    writeFileSync(join(migrationsDir, '20240301000000_add_badges.sql'), 'create table public.badges (id int primary key, name text not null);\ngrant select on public.badges to anon, authenticated;\n');

    const second = await startFixtureBackend({ dataDir, migrationsDir });
    try {
      expect(second.appliedMigrations).toEqual(['20240301000000']);
      const again = client(second);
      const signIn = await again.auth.signInWithPassword({ email: user.email, password: user.password });
      expect(signIn.error).toBeNull();
      expect((await again.from('notes').select('body')).data).toEqual([{ body: 'remember me' }]);
      // The seed ran once: the catalogue still has its six items, not twelve.
      expect((await again.from('items').select('id', { count: 'exact', head: true })).count).toBe(6);
      expect((await again.from('badges').select()).data).toEqual([]);
      const down = await again.storage.from('submissions').download(`${user.id}_p.png`);
      expect(Buffer.from(await (down.data as Blob).arrayBuffer()).equals(PNG)).toBe(true);
    } finally {
      await second.close();
    }

    const third = await startFixtureBackend({ dataDir, migrationsDir });
    expect(third.appliedMigrations).toEqual([]);
    await third.close();
  });
});
