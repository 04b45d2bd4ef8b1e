// The once-per-visit work no page waits for, in a module of its own: the shell runs it before first
// paint, so it must not bring the other areas' reads and actions with it.
import { useEffect, useEffectEvent } from 'react';
import { checkClock } from '../data/queries/checkClock.ts';
import { identifyUser, startAnalytics } from './analytics.ts';
import { whenIdle } from './idle.ts';
import { usePortal } from './portal.tsx';

/**
 * Starts analytics and the time check once the browser is idle, and tells analytics who is signed in.
 * `onClockOff` hears how far the device clock is off, when the check found it wrong.
 */
export function useBackgroundChecks(onClockOff: (offsetMs: number) => void): void {
  const { session, status } = usePortal();
  const userId = session?.user.id ?? null;
  const clockOff = useEffectEvent(onClockOff);

  useEffect(
    () =>
      whenIdle(() => {
        void startAnalytics();
        void checkClock().then((check) => {
          // A check that could not tell leaves the student alone (the spec counts it as a right clock),
          // and says so where whoever runs the portal looks.
          if (check.status === 'unknown') console.warn(check.reason);
          else if (check.offsetMs !== 0) clockOff(check.offsetMs);
        });
      }),
    [],
  );

  useEffect(() => {
    if (status === 'loading') return;
    void identifyUser(userId);
  }, [status, userId]);
}
