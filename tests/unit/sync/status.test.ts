import { describe, expect, it } from 'vitest';
import { createStatusBoard, type SyncStatus } from '../../../src/sync/status.ts';

describe('the sync status board', () => {
  it('starts idle online and offline offline, with nothing counted', () => {
    expect(createStatusBoard(() => true).current).toEqual({ state: 'idle', pending: 0, failed: [], lastError: null });
    expect(createStatusBoard(() => false).current.state).toBe('offline');
  });

  it('keeps saying offline while the device is offline, whatever state a late drain reports', () => {
    let online = true;
    const board = createStatusBoard(() => online);
    online = false;
    board.set({ state: 'idle', pending: 2 });
    expect(board.current).toMatchObject({ state: 'offline', pending: 2 });
    board.set({ state: 'error', lastError: 'Failed to fetch' });
    expect(board.current).toMatchObject({ state: 'offline', lastError: 'Failed to fetch' });
    online = true;
    board.set({ state: 'syncing' });
    expect(board.current.state).toBe('syncing');
  });

  it('tells a listener the status at once and on each change, until it leaves', () => {
    const board = createStatusBoard(() => true);
    const seen: SyncStatus[] = [];
    const leave = board.subscribe((status) => seen.push(status));
    board.set({ pending: 3 });
    leave();
    board.set({ pending: 4 });
    expect(seen.map((status) => status.pending)).toEqual([0, 3]);
  });
});
