// The student's own live topic (issue 28), joined once however many parts of the page listen: the
// friends page, the match page and the header each hear "a game changed" or "friends changed" and read
// again, and poll slowly while the channel is joined, fast only while it is not.
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { watchUser } from '../data/queries/watchUser.ts';
import type { DataSource } from '../data/source.ts';
import { useAccount } from './account.ts';

type Listener = { match: (matchId: number | null) => void; friends: () => void };

interface Shared {
  key: string;
  stop: () => void;
  listeners: Set<Listener>;
  joined: boolean;
}

let shared: Shared | null = null;
const joinWatchers = new Set<() => void>();

function setJoined(joined: boolean): void {
  if (shared === null || shared.joined === joined) return;
  shared.joined = joined;
  for (const watcher of joinWatchers) watcher();
}

function attach(data: DataSource, userId: string, listener: Listener): () => void {
  const key = userId;
  if (shared !== null && shared.key !== key) {
    shared.stop();
    shared = null;
  }
  if (shared === null) {
    const listeners = new Set<Listener>();
    const next: Shared = { key, listeners, joined: false, stop: () => undefined };
    shared = next;
    next.stop = watchUser(data, userId, {
      onMatch: (id) => listeners.forEach((one) => one.match(id)),
      onFriends: () => listeners.forEach((one) => one.friends()),
      onJoined: (joined) => {
        if (shared === next) setJoined(joined);
      },
    });
  }
  const current = shared;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size === 0 && shared === current) {
      current.stop();
      shared = null;
      for (const watcher of joinWatchers) watcher();
    }
  };
}

function subscribeJoined(watcher: () => void): () => void {
  joinWatchers.add(watcher);
  return () => joinWatchers.delete(watcher);
}

/**
 * Calls `onMatch` when one of the student's games changes and `onFriends` when their friends do; returns
 * whether the live channel is joined (when it is not, the caller keeps polling at its fast pace).
 */
export function useUserEvents(onMatch: (matchId: number | null) => void, onFriends: () => void): boolean {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const match = useEffectEvent((id: number | null) => onMatch(id));
  const friends = useEffectEvent(() => onFriends());

  useEffect(() => {
    if (data === null || userId === null) return;
    return attach(data, userId, { match: (id) => match(id), friends: () => friends() });
  }, [data, userId]);

  return useSyncExternalStore(subscribeJoined, () => shared?.joined === true, () => false);
}
