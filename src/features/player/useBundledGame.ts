import { useEffect, useState } from 'react';

export type BundledGamePage = 'loading' | 'ready' | 'failed';

/**
 * Whether a bundled game's page can be opened, asked before the frame is shown: the request goes
 * through the service worker, which answers from its precache, so a game opens offline exactly as
 * online, and a game that cannot load gets the portal's words instead of the browser's error page.
 */
export function useBundledGame(url: string): BundledGamePage {
  const [page, setPage] = useState<{ url: string; page: BundledGamePage } | null>(null);
  useEffect(() => {
    let live = true;
    fetch(url)
      .then(async (response) => {
        await response.body?.cancel();
        if (live) setPage({ url, page: response.ok ? 'ready' : 'failed' });
      })
      .catch(() => live && setPage({ url, page: 'failed' }));
    return () => {
      live = false;
    };
  }, [url]);
  return page?.url === url ? page.page : 'loading';
}
