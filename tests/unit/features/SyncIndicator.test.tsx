// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../src/store/db.ts';
import { SyncIndicator } from '../../../src/features/syncStatus/SyncIndicator.tsx';
import { PortalStateProvider } from '../../../src/state/portal.tsx';
import type { PortalRuntime } from '../../../src/state/runtime.ts';
import type { SyncStatus } from '../../../src/state/syncStatus.ts';
import { fakeRuntime, signedIn, USER } from '../state/harness.tsx';
import { click, stage, type Stage } from '../ui/render.ts';

let view: Stage | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
});

const IDLE: SyncStatus = { state: 'idle', pending: 0, failed: [], lastError: null };
const REFUSED = { id: 'a', seq: 1, kind: 'claim_streak', args: {}, userId: USER, createdAt: 0, attempts: 1, status: 'failed', lastError: null, undo: null } as OutboxItem;

describe('SyncIndicator', () => {
  it('forgets the open panel with the last failure, so a later failure starts closed', () => {
    let status = IDLE;
    const listeners = new Set<(status: SyncStatus) => void>();
    const engine = {
      getStatus: () => status,
      subscribe(listener: (status: SyncStatus) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const set = (next: SyncStatus) => {
      status = next;
      act(() => listeners.forEach((listener) => listener(status)));
    };
    const runtime: PortalRuntime = { ...fakeRuntime().runtime, engine: engine as unknown as PortalRuntime['engine'] };
    view = stage();
    view.render(
      <PortalStateProvider value={signedIn(runtime)}>
        <SyncIndicator />
      </PortalStateProvider>,
    );
    const failedButton = () => view!.container.querySelector('[data-testid="sync-failed"]');
    const panel = () => view!.container.querySelector('[role="dialog"]');

    set({ ...IDLE, failed: [REFUSED] });
    click(failedButton()!);
    expect(panel()).not.toBeNull();
    set(IDLE);
    expect(failedButton()).toBeNull();
    set({ ...IDLE, failed: [{ ...REFUSED, id: 'b' }] });
    expect(failedButton()?.textContent).toBe('1 failed');
    expect(panel()).toBeNull();
  });
});
