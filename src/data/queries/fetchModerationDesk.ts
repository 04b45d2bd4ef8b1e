import type { Database } from '../../backend/database.types.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

type Returns<Name extends keyof Database['public']['Functions']> = Database['public']['Functions'][Name]['Returns'];

export type PendingScore = Returns<'get_pending_scores'>[number];
export type OpenChatReport = Returns<'get_open_chat_reports'>[number];
export type OpenTakedown = Returns<'get_open_takedowns'>[number];
/** No username for a player whose account has no profile. */
export type ReportedGame = Omit<Returns<'get_reported_matches'>[number], 'reporter_username' | 'reported_username'> & {
  reporter_username: string | null;
  reported_username: string | null;
};
/** No username or joining day for an account without a profile, no channel when none was named. */
export type OpenCreatorApplication = Omit<Returns<'get_open_creator_applications'>[number], 'username' | 'joined_at' | 'platform' | 'handle'> & {
  username: string | null;
  joined_at: string | null;
  platform: string | null;
  handle: string | null;
};
export type ModerationDecision = Returns<'get_moderation_decisions'>[number];

/** Everything the desk shows: the five queues, oldest first, and the latest decisions. */
export interface ModerationDesk {
  scores: PendingScore[];
  reports: OpenChatReport[];
  takedowns: OpenTakedown[];
  applications: OpenCreatorApplication[];
  games: ReportedGame[];
  decisions: ModerationDecision[];
}

/**
 * The moderation desk's queues and record, read together. Online only: moderation acts on the
 * server's current state, so nothing of it is kept on the device.
 */
export async function fetchModerationDesk(source: DataSource): Promise<Result<ModerationDesk>> {
  try {
    const { supabase } = partsOf(source);
    const [scores, reports, takedowns, applications, games, decisions] = await Promise.all([
      supabase.rpc('get_pending_scores'),
      supabase.rpc('get_open_chat_reports'),
      supabase.rpc('get_open_takedowns'),
      supabase.rpc('get_open_creator_applications'),
      supabase.rpc('get_reported_matches'),
      supabase.rpc('get_moderation_decisions', { p_limit: 50 }),
    ]);
    const refused = scores.error ?? reports.error ?? takedowns.error ?? applications.error ?? games.error ?? decisions.error;
    if (refused) return failed(refused);
    return ok({
      scores: scores.data ?? [],
      reports: reports.data ?? [],
      takedowns: takedowns.data ?? [],
      applications: applications.data ?? [],
      games: games.data ?? [],
      decisions: decisions.data ?? [],
    });
  } catch (error) {
    return thrown(error);
  }
}
