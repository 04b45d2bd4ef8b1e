/** The spec's "recent plays": 6, newest first. */
export const RECENT_PLAYS_LIMIT = 6;

export interface RecentPlay {
  app_id: string;
  updated_at: string;
}

/** `plays` with `appId` moved to the front, stamped `at`, at most RECENT_PLAYS_LIMIT long. */
export function withPlay(plays: readonly RecentPlay[], appId: string, at: string): RecentPlay[] {
  return [{ app_id: appId, updated_at: at }, ...plays.filter((p) => p.app_id !== appId)].slice(0, RECENT_PLAYS_LIMIT);
}

/** The server's plays and the ones this device has not sent yet: each app once, newest first, at most the limit. */
export function mergePlays(server: readonly RecentPlay[], local: readonly RecentPlay[]): RecentPlay[] {
  return [...server, ...local]
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .filter((play, i, all) => all.findIndex((p) => p.app_id === play.app_id) === i)
    .slice(0, RECENT_PLAYS_LIMIT);
}
