import { usePresenceBeat } from '../../state/presence.ts';

/** Tells friends the student is here, for a student who shares it (state/presence.ts). Draws nothing. */
export function PresenceBeat() {
  usePresenceBeat();
  return null;
}
