import { useState } from 'react';
import { setBadgeShelf } from '../data/actions/setBadgeShelf.ts';
import { isOnline } from '../data/online.ts';
import { fetchBadgeShelf, type ShelfBadge } from '../data/queries/fetchBadgeShelf.ts';
import { fetchGameAchievements, type ShownAchievement } from '../data/queries/fetchGameAchievements.ts';
import { fetchMyAchievements, type MyAchievement } from '../data/queries/fetchMyAchievements.ts';
import { ok } from '../data/result.ts';
import { useAccount } from './account.ts';
import { useServerRead, type Loadable } from './useServerRead.ts';

export type { ShownAchievement } from '../data/queries/fetchGameAchievements.ts';
export { badgeImage } from './player/declaredAchievements.ts';

export interface GameAchievementsView {
  account: 'loading' | 'signed-out' | 'signed-in';
  achievements: Loadable<ShownAchievement[]>;
}

/**
 * A game's achievements for its page (issue 29): each one's unlock rate for anyone, and for a signed-in
 * student what they unlocked and their progress. Read again when the student changes. Online only.
 */
export function useGameAchievements(appId: string): GameAchievementsView {
  const account = useAccount();
  const userId = account.state === 'signed-in' ? account.userId : null;
  const [achievements] = useServerRead(`achievements:${appId}:${userId}`, (data) => fetchGameAchievements(data, appId));
  return { account: account.state, achievements };
}

export type { ShelfBadge } from '../data/queries/fetchBadgeShelf.ts';
export type { MyAchievement } from '../data/queries/fetchMyAchievements.ts';

/** Anyone's badge shelf (issue 29), for their public profile: read when the name changes. Online only. */
export function useBadgeShelf(username: string | undefined): Loadable<ShelfBadge[]> {
  const [shelf] = useServerRead(`badge-shelf:${username ?? ''}`, (data) =>
    username === undefined ? Promise.resolve(ok<ShelfBadge[]>([])) : fetchBadgeShelf(data, username),
  );
  return shelf;
}

export type MyBadgesView =
  | { account: 'loading' | 'signed-out' }
  | {
      account: 'signed-in';
      badges: Loadable<MyAchievement[]>;
      busy: boolean;
      /** Why the last save did not happen. */
      error: string | null;
      /** Puts these unlocks on the shelf, in order; resolves whether it was saved. */
      save: (unlockIds: readonly number[]) => Promise<boolean>;
    };

/** The signed-in student's unlocked achievements and their shelf choice (issue 29). Online only. */
export function useMyBadges(): MyBadgesView {
  const account = useAccount();
  const userId = account.state === 'signed-in' ? account.userId : null;
  const [badges, reload] = useServerRead(`my-badges:${userId}`, (data) =>
    userId === null ? Promise.resolve(ok<MyAchievement[]>([])) : fetchMyAchievements(data),
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ userId: string; message: string } | null>(null);

  if (account.state !== 'signed-in') return { account: account.state };
  const { data } = account;
  const signedInAs = account.userId;

  async function save(unlockIds: readonly number[]): Promise<boolean> {
    if (!isOnline()) {
      setFailure({ userId: signedInAs, message: SHELF_OFFLINE });
      return false;
    }
    setBusy(true);
    setFailure(null);
    const result = await setBadgeShelf(data, unlockIds);
    setBusy(false);
    reload();
    if (result.error) {
      setFailure({ userId: signedInAs, message: `Your shelf could not be saved: ${result.error.message}` });
      return false;
    }
    return true;
  }

  return { account: 'signed-in', badges, busy, error: failure?.userId === signedInAs ? failure.message : null, save };
}

export const SHELF_OFFLINE = 'You are offline. Connect to change your badge shelf.';
