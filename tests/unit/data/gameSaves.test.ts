import { describe, expect, it } from 'vitest';
import { StorageFullError } from '../../../src/store/quota.ts';
import { ANONYMOUS_OWNER, deviceId, readGameSave, saveOwner, saveQueue, writeGameSave } from '../../../src/data/gameSaves.ts';
import { SAVE_MAX_BYTES } from '../../../src/domain/gameSdk.ts';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { createDataSource } from '../../../src/data/source.ts';
import type { PortalDB } from '../../../src/store/db.ts';
import { freshDb, USER } from '../sync/fakes.ts';

/** Saves live on the device only: a source whose client any call would fail on shows they never ask it. */
const local = (db: PortalDB) => createDataSource({} as PortalSupabase, db);

const DEVICE = 'device-a';

describe('game saves on the device', () => {
  it('keeps one slot per student and game, and a reopened database still has it', async () => {
    const { db, open } = freshDb();
    await writeGameSave(local(db), { owner: USER, gameId: '2048', state: '{"best":10}', deviceId: DEVICE, now: 1 });
    await writeGameSave(local(db), { owner: USER, gameId: '2048', state: '{"best":20}', deviceId: DEVICE, now: 2 });
    await writeGameSave(local(db), { owner: USER, gameId: 'snake', state: '{"best":5}', deviceId: DEVICE, now: 3 });
    await writeGameSave(local(db), { owner: ANONYMOUS_OWNER, gameId: '2048', state: '{"best":99}', deviceId: DEVICE, now: 4 });
    db.close();
    const again = open();
    expect(await readGameSave(local(again), USER, '2048')).toBe('{"best":20}');
    expect(await readGameSave(local(again), USER, 'snake')).toBe('{"best":5}');
    expect(await readGameSave(local(again), ANONYMOUS_OWNER, '2048')).toBe('{"best":99}');
    expect(await readGameSave(local(again), USER, 'chess')).toBeNull();
    expect(await again.gameSaves.count()).toBe(3);
  });

  it('records when, where and how big, and stays unsynced until a sync sets the base version', async () => {
    const { db } = freshDb();
    const row = await writeGameSave(local(db), { owner: USER, gameId: 'chess', state: '{"fen":"…"}', deviceId: DEVICE, now: 1_700_000_000_000 });
    expect(row).toEqual({
      owner: USER,
      gameId: 'chess',
      state: '{"fen":"…"}',
      bytes: 13,
      updatedAt: 1_700_000_000_000,
      deviceId: DEVICE,
      baseVersion: null,
      dirty: true,
      theirs: null,
    });
    // A synced copy keeps the version it descends from when the student saves again.
    await db.gameSaves.update([USER, 'chess'], { baseVersion: 4 });
    const next = await writeGameSave(local(db), { owner: USER, gameId: 'chess', state: '{}', deviceId: DEVICE, now: 1_700_000_001_000 });
    expect(next.baseVersion).toBe(4);
  });

  it('keeps what a game saves before it is played as no change to send, unless a change is still waiting', async () => {
    const { db } = freshDb();
    const opened = await writeGameSave(local(db), { owner: USER, gameId: '2048', state: '{"fresh":1}', deviceId: DEVICE, now: 1, played: false });
    expect(opened.dirty).toBe(false);
    const played = await writeGameSave(local(db), { owner: USER, gameId: '2048', state: '{"moved":1}', deviceId: DEVICE, now: 2 });
    expect(played.dirty).toBe(true);
    // Reopened before the change reached the server: the game saves again unplayed, and the change still waits.
    const reopened = await writeGameSave(local(db), { owner: USER, gameId: '2048', state: '{"moved":1}', deviceId: DEVICE, now: 3, played: false });
    expect(reopened.dirty).toBe(true);
  });

  it('finds the anonymous saves by owner, to offer them to an account at sign-in', async () => {
    const { db } = freshDb();
    await writeGameSave(local(db), { owner: ANONYMOUS_OWNER, gameId: '2048', state: '1', deviceId: DEVICE, now: 1 });
    await writeGameSave(local(db), { owner: ANONYMOUS_OWNER, gameId: 'snake', state: '2', deviceId: DEVICE, now: 1 });
    await writeGameSave(local(db), { owner: USER, gameId: 'snake', state: '3', deviceId: DEVICE, now: 1 });
    expect((await db.gameSaves.where('owner').equals(ANONYMOUS_OWNER).toArray()).map((r) => r.gameId).sort()).toEqual(['2048', 'snake']);
  });

  it('reads a cleared slot as no save', async () => {
    const { db } = freshDb();
    await writeGameSave(local(db), { owner: USER, gameId: '2048', state: 'null', deviceId: DEVICE, now: 1 });
    expect(await readGameSave(local(db), USER, '2048')).toBeNull();
  });

  it('refuses text that is not JSON or too large, and changes nothing', async () => {
    const { db } = freshDb();
    await writeGameSave(local(db), { owner: USER, gameId: '2048', state: '{"best":1}', deviceId: DEVICE, now: 1 });
    await expect(writeGameSave(local(db), { owner: USER, gameId: '2048', state: '{best', deviceId: DEVICE, now: 2 })).rejects.toThrow('must be JSON');
    const big = `"${'x'.repeat(SAVE_MAX_BYTES)}"`;
    await expect(writeGameSave(local(db), { owner: USER, gameId: '2048', state: big, deviceId: DEVICE, now: 3 })).rejects.toThrow('too large');
    expect(await readGameSave(local(db), USER, '2048')).toBe('{"best":1}');
  });

  it('raises StorageFullError when the disk is full', async () => {
    const { db } = freshDb();
    await db.open();
    const quota = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    db.gameSaves.hook('creating', () => {
      throw quota;
    });
    await expect(writeGameSave(local(db), { owner: USER, gameId: '2048', state: '{}', deviceId: DEVICE, now: 1 })).rejects.toBeInstanceOf(StorageFullError);
  });

  it('names the owner of a signed-out student anonymous', () => {
    expect(saveOwner(null)).toBe(ANONYMOUS_OWNER);
    expect(saveOwner(USER)).toBe(USER);
  });
});

describe('saveQueue', () => {
  it('writes one save at a time, skips states overtaken while a write ran, and settles every caller', async () => {
    const written: string[] = [];
    let release: () => void = () => undefined;
    const save = saveQueue(async (state) => {
      written.push(state);
      if (state === 'a') await new Promise<void>((resolve) => (release = resolve));
    });
    const first = save('a');
    const second = save('b');
    const third = save('c');
    await Promise.resolve();
    expect(written).toEqual(['a']);
    release();
    await Promise.all([first, second, third]);
    expect(written).toEqual(['a', 'c']);
  });

  it('rejects the callers of a failed write, and the next save still goes through', async () => {
    let fail = true;
    const written: string[] = [];
    const save = saveQueue(async (state) => {
      if (fail) throw new Error('disk');
      written.push(state);
    });
    await expect(save('a')).rejects.toThrow('disk');
    fail = false;
    await save('b');
    expect(written).toEqual(['b']);
  });
});

describe('deviceId', () => {
  it('is made once and kept', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const id = deviceId(storage);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(deviceId(storage)).toBe(id);
  });

  it('still gives an id when storage is off', () => {
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(deviceId(storage)).toMatch(/^[0-9a-f-]{36}$/);
    expect(deviceId(null)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
