// A game visit's achievements and stats (issue 29, src/state/player/gameLink.ts): a signed-in student's
// unlock goes into the outbox once per device and game, however often the game unlocks it again; a stat
// goes in as reported; nobody signed in, nothing is queued. A run played with no network is told to the
// server ahead of the first unlock in it, its stats stay on the device, and a stat's achievement in it is
// not sent (the server could not judge its pace).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetQueuedAchievement } from '../../../src/store/achievementMemory.ts';
import { ANONYMOUS_OWNER } from '../../../src/data/gameSaves.ts';
import { openGameLink } from '../../../src/state/player/gameLink.ts';
import { USER } from '../sync/fakes.ts';
import { fakeRuntime } from './harness.tsx';

const RUN = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const NEXT_RUN = '2c5f39cb-3fb2-42e3-994f-1127e4ddb538';
const cloud = { readSave: async () => null, saved: () => undefined };

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

beforeEach(() => {
  Object.assign(globalThis, { localStorage: new MemoryStorage() });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a game link, achievements and stats', () => {
  it('queues an unlock once per device and game, across visits', async () => {
    const { runtime, db } = fakeRuntime();
    const open = () => openGameLink({ data: runtime.data, owner: USER, appId: 'snake', gameId: 'snake', cloud });
    expect(await open().achievement(RUN, 'first-apple')).toBe('queued');
    expect(await open().achievement(NEXT_RUN, 'first-apple')).toBe('skipped');
    expect(await open().achievement(NEXT_RUN, 'length-20')).toBe('queued');
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((item) => [item.kind, item.args])).toEqual([
      ['unlock_achievement', { p_app_id: 'snake', p_achievement: 'first-apple', p_run_id: RUN }],
      ['unlock_achievement', { p_app_id: 'snake', p_achievement: 'length-20', p_run_id: NEXT_RUN }],
    ]);
  });

  it('queues a stat as reported, and nothing for nobody signed in', async () => {
    const { runtime, db } = fakeRuntime();
    const link = openGameLink({ data: runtime.data, owner: USER, appId: 'snake', gameId: 'snake', cloud });
    link.stat(RUN, 'length', 12);
    const anonymous = openGameLink({ data: runtime.data, owner: ANONYMOUS_OWNER, appId: 'snake', gameId: 'snake', cloud });
    expect(await anonymous.achievement(RUN, 'first-apple')).toBe('skipped');
    anonymous.stat(RUN, 'length', 30);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const queued = await db.outbox.toArray();
    expect(queued.map((item) => [item.kind, item.args])).toEqual([
      ['report_stat', { p_app_id: 'snake', p_run_id: RUN, p_name: 'length', p_value: 12 }],
    ]);
  });

  it('queues nothing the device refuses, and remembers nothing of it', async () => {
    const { runtime, db } = fakeRuntime();
    const link = openGameLink({ data: runtime.data, owner: USER, appId: 'snake', gameId: 'snake', cloud });
    expect(await link.achievement('not-a-run', 'first-apple')).toBe('skipped');
    expect(await link.achievement(RUN, 'first-apple')).toBe('queued');
    expect(await db.outbox.count()).toBe(1);
  });

  it('tells the server of a run played offline once, ahead of the unlocks in it, and sends none of its stats', async () => {
    const { runtime, db } = fakeRuntime();
    const link = openGameLink({ data: runtime.data, owner: USER, appId: 'snake', gameId: 'snake', cloud });
    vi.stubGlobal('navigator', { onLine: false });
    link.runIssued(RUN);
    link.stat(RUN, 'length', 12);
    expect(await link.achievement(RUN, 'first-apple')).toBe('queued');
    // A stat's achievement: the server never saw this run's pace, so it is not sent to be refused.
    expect(await link.achievement(RUN, 'length-20')).toBe('needs-online');
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((item) => [item.kind, item.args])).toEqual([
      ['note_offline_game_run', { p_app_id: 'snake', p_run_id: RUN }],
      ['unlock_achievement', { p_app_id: 'snake', p_achievement: 'first-apple', p_run_id: RUN }],
    ]);
    // Nor remembered: reached again in a game the server sees start, it is queued then.
    vi.stubGlobal('navigator', { onLine: true });
    expect(await link.achievement(NEXT_RUN, 'length-20')).toBe('queued');
  });

  it('tells the server of no run played offline that unlocked nothing, nor of a run it saw start', async () => {
    const { runtime, db } = fakeRuntime();
    const link = openGameLink({ data: runtime.data, owner: USER, appId: 'snake', gameId: 'snake', cloud });
    vi.stubGlobal('navigator', { onLine: false });
    link.runIssued(NEXT_RUN);
    // The unlock's run is not one this link issued with no network: the server is not told of it again.
    expect(await link.achievement(RUN, 'first-apple')).toBe('queued');
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((item) => item.kind)).toEqual(['unlock_achievement']);
  });

  it('queues an unlock the server refused again the next time the game unlocks it, once', async () => {
    const { runtime, db } = fakeRuntime();
    const open = () => openGameLink({ data: runtime.data, owner: USER, appId: 'snake', gameId: 'snake', cloud });
    expect(await open().achievement(RUN, 'length-20')).toBe('queued');
    // As the runtime does when the outbox parks the item with the server's refusal.
    forgetQueuedAchievement(USER, 'snake', 'length-20');
    forgetQueuedAchievement(USER, 'snake', 'never-queued');
    expect(await open().achievement(NEXT_RUN, 'length-20')).toBe('queued');
    expect(await open().achievement(NEXT_RUN, 'length-20')).toBe('skipped');
    expect((await db.outbox.toArray()).map((item) => item.args.p_run_id)).toEqual([RUN, NEXT_RUN]);
  });
});
