import { describe, expect, it } from 'vitest';
import { offerUpdates, type UpdatingWorker } from '../../../src/app/serviceWorker.ts';

/** workbox-window's Workbox as the offer uses it: its events, and the SKIP_WAITING messages sent. */
function fakeWorkbox() {
  const listeners = new Map<string, (() => void)[]>();
  let skipMessages = 0;
  const workbox = {
    addEventListener: (type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    messageSkipWaiting: () => {
      skipMessages += 1;
    },
  } as unknown as UpdatingWorker;
  return {
    workbox,
    fire: (type: 'waiting' | 'controlling') => {
      for (const listener of listeners.get(type) ?? []) listener();
    },
    skipMessages: () => skipMessages,
  };
}

function setup() {
  const wb = fakeWorkbox();
  const shown: (() => void)[] = [];
  let dismissed = 0;
  let reloads = 0;
  offerUpdates(
    wb.workbox,
    {
      show: (reload) => shown.push(reload),
      dismiss: () => {
        dismissed += 1;
      },
    },
    () => {
      reloads += 1;
    },
  );
  // The student presses Reload on the offer last shown.
  const pressReload = () => shown.at(-1)!();
  return { ...wb, shown, pressReload, dismissed: () => dismissed, reloads: () => reloads };
}

describe('the update offer', () => {
  it('waits for the student: a waiting version is offered, nothing is activated or reloaded', () => {
    const s = setup();
    s.fire('waiting');
    expect(s.shown).toHaveLength(1);
    expect(s.skipMessages()).toBe(0);
    s.fire('controlling');
    expect(s.reloads()).toBe(0);
  });

  it('on Reload activates the waiting version, hides the offer, and reloads once it controls the page', () => {
    const s = setup();
    s.fire('waiting');
    s.pressReload();
    expect(s.dismissed()).toBe(1);
    expect(s.skipMessages()).toBe(1);
    expect(s.reloads()).toBe(0);
    s.fire('controlling');
    expect(s.reloads()).toBe(1);
  });

  it('activates a newer version that comes to wait after Reload was pressed, without asking again', () => {
    const s = setup();
    s.fire('waiting');
    s.pressReload();
    s.fire('waiting');
    expect(s.shown).toHaveLength(1);
    expect(s.skipMessages()).toBe(2);
    s.fire('controlling');
    expect(s.reloads()).toBe(1);
  });

  it('reloads once however many times Reload is pressed', () => {
    const s = setup();
    s.fire('waiting');
    s.pressReload();
    s.pressReload();
    s.fire('controlling');
    expect(s.reloads()).toBe(1);
  });
});
