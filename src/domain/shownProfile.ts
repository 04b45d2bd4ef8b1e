import { effectiveCurrentStreak } from './streak.ts';

/** The public fields of a profile, as public_profiles holds them: what a profile page shows. */
export interface ShownProfile {
  username: string;
  icon: string;
  created_at: string;
  current_streak: number;
  longest_streak: number;
  apps_played: number;
  time_spent: number;
  user_about: string | null;
  badges: string[];
}

/**
 * The signed-in student's own profile: their my_users row with the streak as the device knows it,
 * since a claim made here (still queued, or lapsed since the row was read) shows before the row catches up.
 */
export function ownShownProfile(
  row: ShownProfile,
  streak: { current_streak: number; longest_streak: number; last_claim: string | null } | undefined,
  now: Date,
): ShownProfile {
  return {
    ...row,
    current_streak: streak ? effectiveCurrentStreak(streak, now) : row.current_streak,
    longest_streak: Math.max(row.longest_streak, streak?.longest_streak ?? 0),
  };
}

/** Someone's public_profiles row, whose columns may all be null (it is a view), with the gaps filled. */
export function publicShownProfile(
  row: { [K in keyof ShownProfile]: ShownProfile[K] | null },
  username: string,
  now: Date,
): ShownProfile {
  return {
    username: row.username ?? username,
    icon: row.icon ?? 'default_icon',
    created_at: row.created_at ?? now.toISOString(),
    current_streak: row.current_streak ?? 0,
    longest_streak: row.longest_streak ?? 0,
    apps_played: row.apps_played ?? 0,
    time_spent: row.time_spent ?? 0,
    user_about: row.user_about,
    badges: row.badges ?? [],
  };
}
