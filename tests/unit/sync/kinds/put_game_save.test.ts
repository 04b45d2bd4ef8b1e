import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SAVE_MAX_BYTES } from '../../../../src/domain/gameSdk.ts';
import { KINDS } from '../../../../src/sync/kinds/registry.ts';
import { USER, freshDb } from '../fakes.ts';
import { seedUser } from '../seed.ts';
import { applyThenUndo, mirrorOf } from './harness.ts';

const SAVE = {
  p_app_id: '2048',
  p_state: '{"cells":[2,4]}',
  p_device_id: '0a0a0a0a-0000-4000-8000-00000000000a',
  p_device_label: 'Chrome on ChromeOS',
  p_saved_at: '2026-11-25T10:00:00.000Z',
};

describe('put_game_save', () => {
  it('checks the save, the device and the time before anything is queued', () => {
    const check = (args: Record<string, unknown>) => KINDS.put_game_save.check({ args: { ...SAVE, ...args }, userId: USER });
    expect(check({})).toBeNull();
    expect(check({ p_base_version: 3 })).toBeNull();
    expect(check({ p_app_id: '' })).toBe('p_app_id is missing');
    expect(check({ p_state: '{not json' })).toBe('p_state must be a game save');
    expect(check({ p_state: JSON.stringify('x'.repeat(SAVE_MAX_BYTES)) })).toBe('p_state must be a game save');
    expect(check({ p_device_id: 'device-a' })).toBe('p_device_id must be a device id');
    expect(check({ p_device_label: 'x'.repeat(61) })).toBe('p_device_label must be a short text');
    expect(check({ p_saved_at: 'soon' })).toBe('p_saved_at must be a time');
    expect(check({ p_base_version: 1.5 })).toBe('p_base_version must be a whole number');
  });

  it('changes nothing mirrored, and its undo nothing either: the save is on the device already', async () => {
    const { db } = freshDb();
    await seedUser(db);
    const before = await mirrorOf(db);
    const { applied, undone } = await applyThenUndo(db, 'put_game_save', SAVE, new Date());
    expect(applied).toEqual(before);
    expect(undone).toEqual(before);
  });
});
