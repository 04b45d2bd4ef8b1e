// The outbox kinds of achievements and stats (issue 29): an unlock queued offline is kept and sent once
// with its run (a retry reuses its id, as for every kind: tests/unit/sync/engine.test.ts), and a stat
// goes before the unlock that needs it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queuedAchievements, rememberQueuedAchievements } from '../../../../src/store/achievementMemory.ts';
import { MutationRefused } from '../../../../src/sync/effects.ts';
import { describeItem, KINDS } from '../../../../src/sync/kinds/registry.ts';
import { enqueue } from '../../../../src/sync/outbox.ts';
import { drainOnce, freshDb, refuseAll, USER } from '../fakes.ts';
import { mirrorOf } from './harness.ts';

const RUN = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const UNLOCK = { p_app_id: 'snake', p_achievement: 'first-apple', p_run_id: RUN };
const STAT = { p_app_id: 'snake', p_run_id: RUN, p_name: 'length', p_value: 12 };
const NOTE = { p_app_id: 'snake', p_run_id: RUN };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('unlock_achievement', () => {
  it('needs a game, an achievement id and the run the portal issued', () => {
    const check = (args: Record<string, unknown>) => KINDS.unlock_achievement.check({ args: args as typeof UNLOCK, userId: USER });
    expect(check(UNLOCK)).toBeNull();
    expect(check({ ...UNLOCK, p_app_id: '' })).toBe('p_app_id is missing');
    expect(check({ ...UNLOCK, p_achievement: 'First Apple' })).toBe('p_achievement must be an achievement id');
    expect(check({ ...UNLOCK, p_run_id: 'run-1' })).toBe('p_run_id must be the run id the portal issued');
    expect(describeItem({ kind: 'unlock_achievement', args: UNLOCK })).toBe('Achievement: first-apple');
  });

  it('is kept while offline, changes nothing on the device, and is sent once with its run', async () => {
    const { db } = freshDb();
    const before = await mirrorOf(db);
    const item = await enqueue(db, { kind: 'unlock_achievement', args: UNLOCK, userId: USER });
    expect(await mirrorOf(db)).toEqual(before);
    expect(await db.outbox.count()).toBe(1);
    const { server } = await drainOnce(db);
    expect(server.calls).toEqual([[{ id: item.id, kind: 'unlock_achievement', args: UNLOCK }]]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('is forgotten by the device when the server refuses it, so the game\'s next unlock of it is sent again', async () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => kept.set(key, value) });
    rememberQueuedAchievements(USER, 'snake', new Set(['first-apple', 'length-20']));
    const { db } = freshDb();
    await enqueue(db, { kind: 'unlock_achievement', args: { ...UNLOCK, p_achievement: 'length-20' }, userId: USER });
    const { notices } = await drainOnce(db, refuseAll('"Noodle" needs length of at least 20; yours is 0.'));
    expect(notices).toEqual(['"Noodle" needs length of at least 20; yours is 0.']);
    expect([...queuedAchievements(USER, 'snake')]).toEqual(['first-apple']);
  });

  it('refuses to queue an id out of form', async () => {
    const { db } = freshDb();
    await expect(enqueue(db, { kind: 'unlock_achievement', args: { ...UNLOCK, p_achievement: '' }, userId: USER }))
      .rejects.toEqual(new MutationRefused('p_achievement must be an achievement id'));
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('report_stat', () => {
  it('needs a game, a stat name, a whole value in range and the run', () => {
    const check = (args: Record<string, unknown>) => KINDS.report_stat.check({ args: args as typeof STAT, userId: USER });
    expect(check(STAT)).toBeNull();
    expect(check({ ...STAT, p_value: 1_000_000_000 })).toBeNull();
    expect(check({ ...STAT, p_name: 'Length' })).toBe('p_name must be a stat name');
    expect(check({ ...STAT, p_value: 1.5 })).toBe('p_value must be a whole number');
    expect(check({ ...STAT, p_value: -1 })).toBe('p_value must be from 0 to 1000000000');
    expect(check({ ...STAT, p_value: 1_000_000_001 })).toBe('p_value must be from 0 to 1000000000');
    expect(check({ ...STAT, p_run_id: null })).toBe('p_run_id must be the run id the portal issued');
    expect(describeItem({ kind: 'report_stat', args: STAT })).toBe('Game stat: length');
  });

  it('goes before the unlock that needs it, in the order queued', async () => {
    const { db } = freshDb();
    const stat = await enqueue(db, { kind: 'report_stat', args: STAT, userId: USER });
    const unlock = await enqueue(db, { kind: 'unlock_achievement', args: { ...UNLOCK, p_achievement: 'length-20' }, userId: USER });
    const { server } = await drainOnce(db);
    expect(server.calls.flat().map((op) => op.id)).toEqual([stat.id, unlock.id]);
  });
});

describe('note_offline_game_run', () => {
  it('needs a game and the run the portal issued, and is named for what the student did', () => {
    const check = (args: Record<string, unknown>) => KINDS.note_offline_game_run.check({ args: args as typeof NOTE, userId: USER });
    expect(check(NOTE)).toBeNull();
    expect(check({ ...NOTE, p_app_id: '' })).toBe('p_app_id is missing');
    expect(check({ ...NOTE, p_run_id: 'run-1' })).toBe('p_run_id must be the run id the portal issued');
    expect(describeItem({ kind: 'note_offline_game_run', args: NOTE })).toBe('Game played offline: snake');
  });

  it('goes before the unlock of its run, changing nothing on the device', async () => {
    const { db } = freshDb();
    const before = await mirrorOf(db);
    const note = await enqueue(db, { kind: 'note_offline_game_run', args: NOTE, userId: USER });
    const unlock = await enqueue(db, { kind: 'unlock_achievement', args: UNLOCK, userId: USER });
    expect(await mirrorOf(db)).toEqual(before);
    const { server } = await drainOnce(db);
    expect(server.calls.flat().map((op) => [op.id, op.kind])).toEqual([[note.id, 'note_offline_game_run'], [unlock.id, 'unlock_achievement']]);
  });
});
