import { useEffect, useState } from 'react';

export type BundledGamePage = { state: 'loading' } | { state: 'ready'; html: string } | { state: 'failed' };

/**
 * A bundled game's page as text. The request goes through the service worker, which answers from its
 * precache: the game opens offline exactly as online, and the frame then needs nothing more.
 */
export function useBundledGame(url: string): BundledGamePage {
  const [page, setPage] = useState<{ url: string; page: BundledGamePage } | null>(null);
  useEffect(() => {
    let live = true;
    fetch(url)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then(
        (html) => live && setPage({ url, page: { state: 'ready', html } }),
        () => live && setPage({ url, page: { state: 'failed' } }),
      );
    return () => {
      live = false;
    };
  }, [url]);
  return page?.url === url ? page.page : { state: 'loading' };
}
