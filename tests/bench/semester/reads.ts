// Every read a page makes, as the app sends it (src/data/queries, src/data/cloudSaves.ts): the same
// RPC with the same arguments, or the same table select with its filters, order and limit, written as
// the REST request supabase-js makes of it. `who` is the role the page reads as.

export type Who = 'anon' | 'student' | 'moderator';

export interface Read {
  page: string;
  name: string;
  who: Who;
  method: 'GET' | 'POST';
  /** After /rest/v1, with its query string. */
  path: string;
  body?: Record<string, unknown>;
  /** The moderation desk and the top lists must hold under the desk-load attack: 100 ms. */
  attacked?: boolean;
}

/** Whose data the reads ask about: the signed-in student, and a game. */
export interface Subject {
  studentId: string;
  studentName: string;
  /** A game the hostile accounts filled with pending scores at its maximum. */
  game: string;
  /** This week's Monday 00:00 UTC, where the weekly top list starts. */
  weekStart: string;
  /** The pass's season start, as the app sends it. */
  seasonStart: string;
  /** The chat poll's cursor: a minute ago. */
  chatSince: string;
}

const rpc = (page: string, name: string, who: Who, body: Record<string, unknown> = {}, attacked = false): Read => ({
  page,
  name,
  who,
  method: 'POST',
  path: `/rpc/${name}`,
  body,
  attacked,
});

const table = (page: string, name: string, who: Who, path: string): Read => ({ page, name, who, method: 'GET', path });

export function pageReads(s: Subject): Read[] {
  const q = encodeURIComponent;
  return [
    rpc('home', 'get_apps_ordered_by_title', 'anon'),
    table('home', 'apps (retired)', 'anon', '/apps?select=id,title,retired_at&retired_at=not.is.null&order=title.asc'),
    rpc('home', 'get_popular_apps', 'anon', { p_limit: 20 }),
    table('home', 'apps_played (recent plays)', 'student', `/apps_played?select=app_id,updated_at&user_id=eq.${s.studentId}&order=updated_at.desc&limit=6`),
    rpc('top lists', 'get_app_high_scores', 'anon', { p_app_id: s.game }, true),
    rpc('top lists', 'get_leaderboard_data', 'student', { target_user_id: s.studentId }),
    rpc('top lists', 'get_top_streaks', 'anon'),
    rpc('top lists', 'get_top_time_spent', 'anon'),
    rpc('top lists', 'get_apps_played_by_user', 'anon'),
    { ...rpc('top lists', 'get_coins_gained', 'anon', { start_date: s.weekStart }), name: 'get_coins_gained (this week)' },
    rpc('desk', 'is_moderator', 'moderator'),
    rpc('desk', 'get_pending_scores', 'moderator', {}, true),
    rpc('desk', 'get_open_chat_reports', 'moderator', {}, true),
    rpc('desk', 'get_open_takedowns', 'moderator', {}, true),
    rpc('desk', 'get_open_creator_applications', 'moderator', {}, true),
    rpc('desk', 'get_moderation_decisions', 'moderator', { p_limit: 50 }, true),
    table('profile', 'my_users (own profile)', 'student', `/my_users?select=*&user_id=eq.${s.studentId}`),
    rpc('profile', 'get_own_scores', 'student', { p_app_id: s.game }),
    table('public profile', 'public_profiles', 'anon',
      `/public_profiles?select=username,icon,created_at,current_streak,longest_streak,apps_played,time_spent,user_about,badges&username=eq.${q(s.studentName)}`),
    rpc('public profile', 'get_recent_plays', 'anon', { p_username: s.studentName }),
    { ...rpc('chat', 'get_chat_messages', 'student', { p_limit: 50 }), name: 'get_chat_messages (newest page)' },
    { ...rpc('chat', 'get_chat_messages', 'student', { p_since: s.chatSince, p_limit: 50 }), name: 'get_chat_messages (poll)' },
    rpc('wallet', 'get_coin_amt', 'student', { p_user_id: s.studentId }),
    { ...rpc('pass', 'get_coins_gained', 'student', { p_user_id: s.studentId, start_date: s.seasonStart }), name: 'get_coins_gained (own, season)' },
    table('wallet', 'streak', 'student', `/streak?select=current_streak,longest_streak,last_claim&user_id=eq.${s.studentId}`),
    table('wallet', 'items_unlocked', 'student', `/items_unlocked?select=user_id,item,type,created_at,equipped&user_id=eq.${s.studentId}`),
    table('coin history', 'coins_transactions (newest 100)', 'student',
      `/coins_transactions?select=id,amt,why,created_at&user_id=eq.${s.studentId}&order=created_at.desc&limit=100`),
    table('saves', 'game_saves (one game)', 'student',
      `/game_saves?select=state,version,device_id,device_label,saved_at&user_id=eq.${s.studentId}&app_id=eq.${q(s.game)}`),
  ];
}

/** Tables that grow with use: a sequential scan over one of them is flagged in the plans. */
export const GROWING = new Set([
  'users', 'objects', 'my_users', 'streak', 'coins_transactions', 'apps_played', 'game_runs', 'items_unlocked',
  'leaderboard_submissions', 'moderation_decisions', 'chat_messages', 'chat_reports', 'takedown_requests',
  'creator_applications', 'game_saves', 'client_mutations', 'score_submissions_log', 'chat_device_sends',
  'game_save_writes', 'mfa_factors',
]);

/** The growing tables a plan reads with a sequential scan. */
export function seqScans(plan: string): string[] {
  const found = new Set<string>();
  for (const match of plan.matchAll(/Seq Scan on (?:\w+\.)?(\w+)/g)) {
    if (GROWING.has(match[1] as string)) found.add(match[1] as string);
  }
  return [...found];
}
