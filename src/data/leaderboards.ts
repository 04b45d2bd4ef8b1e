// What the leaderboards keep on this device: each list in Dexie `leaderboards` under its key, with the
// time it was read, so the page can say how old it is when offline.

/** The four top lists; a name is also the spec's loading label and the list's key. */
export const TOP_LIST_NAMES = ['topStreaks', 'topTimeSpent', 'topAppsPlayed', 'topCoinsThisWeek'] as const;
export type TopListName = (typeof TOP_LIST_NAMES)[number];

export interface TopRow {
  user_id: string;
  username: string;
  icon: string | null;
  value: number;
}

/** The signed-in student's own row and ranks (get_leaderboard_data). */
export interface Standing {
  user_id: string;
  username: string;
  current_streak: number;
  time_spent: number;
  apps_played: number;
  streak_rank: number;
  time_spent_rank: number;
  apps_played_rank: number;
}

export interface HighScoreRow {
  user_id: string;
  username: string;
  icon: string | null;
  score: number;
  submission_id: number;
  created_at: string;
  /**
   * False for the one best score still waiting for the moderation desk, shown only when it would top
   * the list. Lists kept on the device before the desk existed have no such field: all were public.
   */
  reviewed?: boolean;
}

export function standingKey(userId: string): string {
  return `standing:${userId}`;
}

export function highScoresKey(appId: string): string {
  return `high_scores:${appId}`;
}
