import { Clock } from 'lucide-react';
import toast from 'react-hot-toast';
import { clockWarning } from '../../domain/clock.ts';
import { useBackgroundChecks } from '../../state/backgroundChecks.ts';

const CLOCK_NOTICE_MS = 12000;

/** The once-per-visit work that no page waits for: the time check and analytics. Renders nothing. */
export function BackgroundChecks() {
  useBackgroundChecks((offsetMs) =>
    toast(clockWarning(offsetMs), { id: 'clock-check', icon: <Clock aria-hidden="true" size={20} />, duration: CLOCK_NOTICE_MS }),
  );
  return null;
}
