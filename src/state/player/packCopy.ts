import { useEffect, useState } from 'react';
import { canPlayOfflinePackCopy } from '../../data/offlineStorage.ts';

export type PackCopy = 'checking' | 'none' | 'kept';

/**
 * Whether a game from another website plays from its offline-pack copy. Bundled games never have one:
 * the service worker precaches them and they play from the portal's own files.
 */
export function usePackCopy(url: string, bundled: boolean): PackCopy {
  const [found, setFound] = useState<{ url: string; copy: PackCopy } | null>(null);
  useEffect(() => {
    if (bundled) return;
    let live = true;
    void canPlayOfflinePackCopy(url)
      .catch(() => false)
      .then((kept) => {
        if (live) setFound({ url, copy: kept ? 'kept' : 'none' });
      });
    return () => {
      live = false;
    };
  }, [url, bundled]);
  if (bundled) return 'none';
  return found?.url === url ? found.copy : 'checking';
}
