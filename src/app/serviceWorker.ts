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
export function offerUpdates(workbox: UpdatingWorker, offer: UpdateOffer, reloadPage: () => void): void {
  let chosen = false;
  const takeUpdate = () => {
    if (!chosen) {
      chosen = true;
      workbox.addEventListener('controlling', () => reloadPage());
    }
    offer.dismiss();
    workbox.messageSkipWaiting();
  };
  workbox.addEventListener('waiting', () => {
    if (chosen) workbox.messageSkipWaiting();
    else offer.show(takeUpdate);
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
  offerUpdates(workbox, toastOffer, () => window.location.reload());
  await workbox.register();
}
