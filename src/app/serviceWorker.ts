import { createElement } from 'react';
import toast from 'react-hot-toast';
import type { Workbox } from 'workbox-window';

const UPDATE_TOAST_ID = 'sw-update';

function offerReload(workbox: Workbox): void {
  const reload = () => {
    toast.dismiss(UPDATE_TOAST_ID);
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  };
  // Infinity: the offer stays until the student chooses, so a running game is never interrupted.
  toast(
    () =>
      createElement(
        'span',
        { className: 'update-toast' },
        'A new version of the portal is ready. ',
        createElement('button', { type: 'button', className: 'button', onClick: reload }, 'Reload'),
      ),
    { id: UPDATE_TOAST_ID, duration: Infinity },
  );
}

/** Registers the service worker of production builds and offers a reload when an update waits. */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Loaded on demand so workbox-window stays out of the JavaScript needed for first paint.
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => offerReload(workbox));
  await workbox.register();
}
