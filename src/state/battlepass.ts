import { useLiveRead } from './liveRead.ts';
import { useState } from 'react';
import type { ShopItemRow } from '../store/db.ts';
import { refreshGained } from '../data/queries/refreshGained.ts';
import { refreshSeasons } from '../data/queries/refreshSeasons.ts';
import { refreshShopItems } from '../data/queries/refreshShopItems.ts';
import { readPassTrack } from '../data/reads/passTrack.ts';
import { readMirroredSeasons } from '../data/seasons.ts';
import type { Season } from '../domain/battlepass.ts';
import { defaultSeason } from '../domain/defaultSeason.ts';
import { tierViews, type TierView } from '../domain/tierViews.ts';
import { useAccount } from './account.ts';
import { queueAction } from './queueAction.ts';
import { actingUser } from './requireUser.ts';
import type { PortalRuntime } from './runtime.ts';
import { useRefresh } from './useRefresh.ts';

export type { ShopItemRow } from '../store/db.ts';

export interface PassTrackView {
  /** The catalogue rows of the season's rewards, by item id. */
  items: Map<string, ShopItemRow>;
  /** Dabloons gained this season as the device sees them, queued gains included (0 signed out). */
  gained: number;
  /** Every tier in order, with its fill and what the student can do with it. */
  tiers: TierView[];
}

export interface PassView {
  account: 'loading' | 'signed-out' | 'signed-in';
  /** The data runtime is there: the page can show a season, or why there is none. */
  ready: boolean;
  /** The seasons this device holds: undefined until read, null when the pass was never loaded here. */
  seasons: Season[] | null | undefined;
  /** The season on show: the one the student picked, else the running one (domain/defaultSeason.ts). */
  season: Season | undefined;
  choose: (season: number) => void;
  /** The shown season's track; undefined until read. */
  track: PassTrackView | undefined;
  /** Queues the claim of a reached tier of the shown season (applied on the device at once); resolves to whether it was queued. */
  claimTier: (tier: number) => Promise<boolean>;
}

function refresh(runtime: PortalRuntime, userId: string | null): Promise<unknown> {
  const seasons = refreshSeasons(runtime.data);
  return Promise.allSettled([
    refreshShopItems(runtime.data),
    seasons,
    userId === null ? Promise.resolve() : seasons.then((list) => refreshGained(runtime.data, userId, list)),
    userId === null ? Promise.resolve() : runtime.reconcileNow(),
  ]);
}

/** The Hollowed Pass at `now`: the seasons and the shown season's track from the device, read back when the page opens. */
export function usePass(now: Date): PassView {
  const account = useAccount();
  const data = account.state === 'loading' ? null : account.data;
  const userId = account.state === 'signed-in' ? account.userId : null;
  useRefresh(['BattlePass', 'Items'], refresh);
  const [chosen, setChosen] = useState<number | null>(null);
  const seasons = useLiveRead(async () => (data === null ? undefined : readMirroredSeasons(data)), [data]);
  const list = seasons ?? [];
  const season = list.find((s) => s.season === chosen) ?? defaultSeason(list, now);
  const read = useLiveRead(
    async () => (data === null || season === undefined ? undefined : { season, track: await readPassTrack(data, userId, season) }),
    [data, userId, season],
  );
  // The track of the season shown before is not this one's (a re-read of the same season is).
  const track = read !== undefined && read.season.season === season?.season ? read.track : undefined;

  async function claimTier(tier: number): Promise<boolean> {
    if (data === null || userId === null) {
      actingUser(null);
      return false;
    }
    if (season === undefined) return false;
    return (await queueAction(data, userId, 'claim_battlepass_tier', { p_season: season.season, p_tier: tier })) !== null;
  }

  return {
    account: account.state,
    ready: data !== null,
    seasons,
    season,
    choose: setChosen,
    track: track && season && { items: track.items, gained: track.gained, tiers: tierViews(season, track.gained, track.owned, track.pending) },
    claimTier,
  };
}
