import { useEffect, useState } from 'react';
import { readOfflinePackCopy } from '../../data/offlineStorage.ts';

export type PackCopy = { state: 'checking' } | { state: 'none' } | { state: 'kept'; html: string };

const CHECKING: PackCopy = { state: 'checking' };
const NONE: PackCopy = { state: 'none' };

/**
 * The offline-pack copy of a game from another website. Bundled games never have one: the service
 * worker precaches them and they play from the portal's own files.
 */
export function usePackCopy(url: string, bundled: boolean): PackCopy {
  const [found, setFound] = useState<{ url: string; copy: PackCopy } | null>(null);
  useEffect(() => {
    if (bundled) return;
    let live = true;
    void readOfflinePackCopy(url)
      .catch(() => null)
      .then((html) => {
        if (live) setFound({ url, copy: html === null ? NONE : { state: 'kept', html } });
      });
    return () => {
      live = false;
    };
  }, [url, bundled]);
  if (bundled) return NONE;
  return found?.url === url ? found.copy : CHECKING;
}
