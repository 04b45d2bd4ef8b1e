import { useSyncExternalStore } from 'react';
import { Toaster } from 'react-hot-toast';
import { NOTICE_DURATION_MS, NOTICE_POSITION, NOTICE_WIDTH_PX } from '../domain/messages.ts';

// The navbar's row is under 4 rem high at any width: a notice starts below it, so it never covers the
// balance or the account link. On a phone the top of the page is its title and the navbar: notices rise
// from the bottom instead, clear of the home indicator.
const PHONE = '(max-width: 40rem)';

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

function isPhone(): boolean {
  return window.matchMedia(PHONE).matches;
}

/** The spec's notices (5 s, 320 px, top right) on the tokens, placed where they cover nothing a student needs. */
export function Toasts() {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  return (
    <Toaster
      position={phone ? 'bottom-center' : NOTICE_POSITION}
      containerStyle={phone ? { bottom: 'calc(1rem + env(safe-area-inset-bottom))' } : { top: '4.5rem' }}
      toastOptions={{
        duration: NOTICE_DURATION_MS,
        className: 'toast',
        style: { width: NOTICE_WIDTH_PX, maxWidth: '100%' },
      }}
    />
  );
}
