import { useEffect, useEffectEvent, useState } from 'react';
import { isOnline } from '../data/online.ts';

/**
 * Calls `refresh` every `everyMs` while the page is visible and the device online, and once when a hidden
 * page comes back into view: how the online-only pages keep a list current until a live channel tells them.
 * Off while `enabled` is false (nobody signed in).
 */
export function useRefreshWhileVisible(refresh: () => void, everyMs: number, enabled: boolean): void {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  const tick = useEffectEvent(() => {
    if (isOnline()) refresh();
  });

  useEffect(() => {
    const onChange = () => {
      const now = document.visibilityState === 'visible';
      setVisible(now);
      if (now) tick();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  useEffect(() => {
    if (!enabled || !visible) return;
    const timer = window.setInterval(tick, everyMs);
    return () => window.clearInterval(timer);
  }, [enabled, visible, everyMs]);
}
