import { describe, expect, it } from 'vitest';
import { offerUpdates, watchEveryUpdate, type UpdatingWorker } from '../../../src/app/serviceWorker.ts';

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

/** A registration whose updates the test drives: each finds a new worker, which installs and waits, or fails. */
function fakeRegistration() {
  const onUpdateFound: (() => void)[] = [];
  const registration = {
    installing: null as (EventTarget & { state: string }) | null,
    waiting: null as (EventTarget & { state: string }) | null,
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'updatefound') onUpdateFound.push(listener);
    },
  };
  const update = (outcome: 'installed' | 'redundant') => {
    const worker = Object.assign(new EventTarget(), { state: 'installing' });
    registration.installing = worker;
    for (const listener of onUpdateFound) listener();
    worker.state = outcome;
    registration.installing = null;
    if (outcome === 'installed') registration.waiting = worker;
    worker.dispatchEvent(new Event('statechange'));
  };
  return { registration: registration as unknown as ServiceWorkerRegistration, update };
}

describe('watchEveryUpdate', () => {
  it('offers every version that comes to wait while the page lives, after one that failed to install too', () => {
    const found = fakeRegistration();
    let offers = 0;
    watchEveryUpdate(found.registration, () => true, () => {
      offers += 1;
    });
    found.update('redundant');
    expect(offers).toBe(0);
    found.update('installed');
    expect(offers).toBe(1);
    found.update('installed');
    expect(offers).toBe(2);
  });

  it('offers nothing for the first install, which no page waits for', () => {
    const found = fakeRegistration();
    let offers = 0;
    watchEveryUpdate(found.registration, () => false, () => {
      offers += 1;
    });
    found.update('installed');
    expect(offers).toBe(0);
  });
});
