import { createElement } from 'react';
import toast from 'react-hot-toast';
import type { Workbox } from 'workbox-window';

const UPDATE_TOAST_ID = 'sw-update';

/** What the update offer needs of workbox-window's Workbox. */
export type UpdatingWorker = Pick<Workbox, 'addEventListener' | 'messageSkipWaiting'>;

export interface UpdateOffer {
  /** Shows the offer; `reload` is the student's yes. */
  show(reload: () => void): void;
  dismiss(): void;
}

/**
 * Offers a reload whenever a new version waits, and takes it once the student says yes. A yes stands
 * for a version that comes to wait after it, too: under load a later update check put a newer version
 * in the place of the one told to take over, and the student, who had already chosen, was asked again
 * while nothing reloaded (seen through the DevTools protocol in the failing runs of sw-update.spec).
 */
export function offerUpdates(workbox: UpdatingWorker, offer: UpdateOffer, reloadPage: () => void): () => void {
  let chosen = false;
  const takeUpdate = () => {
    if (!chosen) {
      chosen = true;
      workbox.addEventListener('controlling', () => reloadPage());
    }
    offer.dismiss();
    workbox.messageSkipWaiting();
  };
  const versionWaits = () => {
    if (chosen) workbox.messageSkipWaiting();
    else offer.show(takeUpdate);
  };
  workbox.addEventListener('waiting', versionWaits);
  return versionWaits;
}

/** What watchEveryUpdate needs of the service worker registration. */
export type UpdatingRegistration = Pick<ServiceWorkerRegistration, 'addEventListener' | 'installing' | 'waiting'>;

/**
 * Calls `versionWaits` for every version that installs and waits, for as long as the page lives.
 * workbox-window 7.4 alone hears one: it takes any update after the page's first (or after its first
 * minute) for another tab's, and stops listening after that one, so a version installed after one
 * whose install failed, or a second deploy while a tab stays open, was never offered. `controlled`
 * tells an update from the first install, which waits for nobody.
 */
export function watchEveryUpdate(registration: UpdatingRegistration, controlled: () => boolean, versionWaits: () => void): void {
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && registration.waiting === installing && controlled()) versionWaits();
    });
  });
}

// Infinity: the offer stays until the student chooses, so a running game is never interrupted.
const toastOffer: UpdateOffer = {
  show: (reload) =>
    toast(
      () =>
        createElement(
          'span',
          { className: 'update-toast' },
          'A new version of the portal is ready. ',
          createElement('button', { type: 'button', className: 'button', onClick: reload }, 'Reload'),
        ),
      { id: UPDATE_TOAST_ID, duration: Infinity },
    ),
  dismiss: () => toast.dismiss(UPDATE_TOAST_ID),
};

/** Registers the service worker of production builds and offers a reload when an update waits. */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Loaded on demand so workbox-window stays out of the JavaScript needed for first paint.
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js');
  const versionWaits = offerUpdates(workbox, toastOffer, () => window.location.reload());
  const registration = await workbox.register();
  if (registration !== undefined) watchEveryUpdate(registration, () => navigator.serviceWorker.controller !== null, versionWaits);
}
