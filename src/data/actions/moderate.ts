import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * A decision of the moderation desk, as the RPCs take it. Each is checked by the database (only a
 * moderator; a reason of 1 to 500 characters; not already decided) and recorded there with who, when
 * and why. Online only: a decision is made on what the server holds now, never queued.
 */
export type Decision =
  | { kind: 'score'; submissionId: number; approve: boolean; reason: string }
  | { kind: 'chat-report'; reportId: number; hide: boolean; reason: string }
  | { kind: 'takedown'; requestId: number; reason: string }
  | { kind: 'creator-application'; applicationId: number; grant: boolean; reason: string }
  | { kind: 'match'; matchId: number; reason: string }
  | { kind: 'friend-invite'; inviteId: number; reason: string }
  | { kind: 'achievement'; unlockId: number; reason: string }
  | { kind: 'undo'; decisionId: number; reason: string };

/** Makes the decision; resolves to the id of the decision recorded. */
export async function moderate(source: DataSource, decision: Decision): Promise<Result<number>> {
  try {
    const { supabase } = partsOf(source);
    const answer =
      decision.kind === 'score'
        ? await supabase.rpc('review_score', { p_submission_id: decision.submissionId, p_approve: decision.approve, p_reason: decision.reason })
        : decision.kind === 'chat-report'
          ? await supabase.rpc('moderate_chat_report', { p_report_id: decision.reportId, p_hide: decision.hide, p_reason: decision.reason })
          : decision.kind === 'takedown'
            ? await supabase.rpc('resolve_takedown', { p_id: decision.requestId, p_reason: decision.reason })
            : decision.kind === 'creator-application'
              ? await supabase.rpc('decide_creator_application', { p_application_id: decision.applicationId, p_grant: decision.grant, p_reason: decision.reason })
              : decision.kind === 'match'
                ? await supabase.rpc('end_match', { p_match_id: decision.matchId, p_reason: decision.reason })
                : decision.kind === 'friend-invite'
                  ? await supabase.rpc('remove_friend_invite', { p_invite_id: decision.inviteId, p_reason: decision.reason })
                  : decision.kind === 'achievement'
                    ? await supabase.rpc('revoke_achievement', { p_unlock_id: decision.unlockId, p_reason: decision.reason })
                    : await supabase.rpc('undo_moderation_decision', { p_decision_id: decision.decisionId, p_reason: decision.reason });
    return answer.error ? failed(answer.error) : ok(Number(answer.data));
  } catch (error) {
    return thrown(error);
  }
}
