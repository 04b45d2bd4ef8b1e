// Telling friends "online now" or "playing Snake" (issue 28), only while the portal is open, visible and
// online, and only for a student who turned sharing on: with it off (the default) the portal asks once
// per visit and then sends nothing. The game being played is set by the game page.
import { useEffect, useSyncExternalStore } from 'react';
import { sendPresence } from '../data/actions/presence.ts';
import { PRESENCE_BEAT_MS } from '../domain/presence.ts';
import { useAccount } from './account.ts';
import { useOnline } from './useOnline.ts';

interface PresenceState {
  /** The app the student has open, or null on any other page. */
  playing: string | null;
  /** What the server last said of sharing for this visit; null until asked. */
  sharing: boolean | null;
}

let state: PresenceState = { playing: null, sharing: null };
const listeners = new Set<() => void>();

function update(next: Partial<PresenceState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The game page says which game is open while it is shown. */
export function usePlayingPresence(appId: string): void {
  useEffect(() => {
    update({ playing: appId });
    return () => update({ playing: null });
  }, [appId]);
}

/** The friends page says when the student turned sharing on or off, so the beat starts or stops at once. */
export function presenceSharingChanged(on: boolean): void {
  update({ sharing: on });
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Sends presence on a beat for the signed-in student; mounted once in the shell. */
export function usePresenceBeat(): void {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const online = useOnline();
  const visible = useSyncExternalStore(subscribeVisibility, () => document.visibilityState === 'visible', () => true);
  const { playing, sharing } = useSyncExternalStore(subscribe, () => state, () => state);

  // Another student on this device starts from "not asked yet".
  useEffect(() => {
    update({ sharing: null });
  }, [userId]);

  useEffect(() => {
    if (data === null || !online || !visible || sharing === false) return;
    let stopped = false;
    const beat = () =>
      void sendPresence(data, playing).then((answer) => {
        if (!stopped && answer.error === null && !answer.data) update({ sharing: false });
      });
    beat();
    const timer = window.setInterval(beat, PRESENCE_BEAT_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [data, online, visible, playing, sharing]);
}
