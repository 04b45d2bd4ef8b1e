import { Clock } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { identifyUser, startAnalytics } from '../../state/analytics.ts';
import { whenIdle } from '../../state/idle.ts';
import { usePortal } from '../../state/portal.tsx';
import { checkClock } from '../../data/queries/checkClock.ts';
import { clockWarning } from '../../domain/clock.ts';

const CLOCK_NOTICE_MS = 12000;

/** The once-per-visit work that no page waits for: the time check and analytics. Renders nothing. */
export function BackgroundChecks() {
  const { session, status } = usePortal();
  const userId = session?.user.id ?? null;

  useEffect(
    () =>
      whenIdle(() => {
        void startAnalytics();
        void checkClock().then((check) => {
          // A check that could not tell leaves the student alone (the spec counts it as a right clock),
          // and says so where whoever runs the portal looks.
          if (check.status === 'unknown') console.warn(check.reason);
          else if (check.offsetMs !== 0)
            toast(clockWarning(check.offsetMs), { id: 'clock-check', icon: <Clock aria-hidden="true" size={20} />, duration: CLOCK_NOTICE_MS });
        });
      }),
    [],
  );

  useEffect(() => {
    if (status === 'loading') return;
    void identifyUser(userId);
  }, [status, userId]);

  return null;
}
