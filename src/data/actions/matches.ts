// What a student does with a game between friends apart from moving (issue 28): invite, answer, take an
// invite back. Each is one RPC, online only, refused in the server's words. Moves go through the outbox.
import type { MatchGame, MatchPace } from '../../domain/match.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

async function attempt<T>(work: () => PromiseLike<{ data: T | null; error: { message: string; code?: string } | null }>): Promise<Result<T | null>> {
  try {
    const { data, error } = await work();
    return error ? failed(error) : ok(data);
  } catch (error) {
    return thrown(error);
  }
}

/** The new game's id: an invite the friend answers. */
export async function inviteToMatch(source: DataSource, friendId: string, game: MatchGame, pace: MatchPace): Promise<Result<number>> {
  const answer = await attempt(() => partsOf(source).supabase.rpc('invite_to_match', { p_user_id: friendId, p_game: game, p_pace: pace, p_moves_first: 'me' }));
  if (answer.error) return answer;
  return typeof answer.data === 'number' ? ok(answer.data) : failed({ message: 'The server made no game. Try again.' });
}

export function answerMatchInvite(source: DataSource, matchId: number, accept: boolean): Promise<Result<string | null>> {
  return attempt(() => partsOf(source).supabase.rpc('answer_match_invite', { p_match_id: matchId, p_accept: accept }));
}

export function cancelMatchInvite(source: DataSource, matchId: number): Promise<Result<unknown>> {
  return attempt(() => partsOf(source).supabase.rpc('cancel_match_invite', { p_match_id: matchId }));
}

export function resignMatch(source: DataSource, matchId: number): Promise<Result<unknown>> {
  return attempt(() => partsOf(source).supabase.rpc('resign_match', { p_match_id: matchId }));
}

export function offerDraw(source: DataSource, matchId: number): Promise<Result<unknown>> {
  return attempt(() => partsOf(source).supabase.rpc('offer_draw', { p_match_id: matchId }));
}

export function answerDraw(source: DataSource, matchId: number, accept: boolean): Promise<Result<string | null>> {
  return attempt(() => partsOf(source).supabase.rpc('answer_draw', { p_match_id: matchId, p_accept: accept }));
}

/** Whether the other player ran out of time (the game is then won), or how long they have left. */
export async function claimMatchTimeout(source: DataSource, matchId: number): Promise<Result<{ won: boolean; secondsLeft: number }>> {
  const answer = await attempt(() => partsOf(source).supabase.rpc('claim_match_timeout', { p_match_id: matchId }));
  if (answer.error) return answer;
  const body = answer.data as { won?: unknown; seconds_left?: unknown } | null;
  return ok({ won: body?.won === true, secondsLeft: typeof body?.seconds_left === 'number' ? body.seconds_left : 0 });
}

/** The rematch's id: a new invite, or the one the friend already offered. */
export async function offerRematch(source: DataSource, matchId: number): Promise<Result<number>> {
  const answer = await attempt(() => partsOf(source).supabase.rpc('offer_rematch', { p_match_id: matchId }));
  if (answer.error) return answer;
  return typeof answer.data === 'number' ? ok(answer.data) : failed({ message: 'The server made no rematch. Try again.' });
}

export function reportMatchPlayer(source: DataSource, matchId: number, reason: string): Promise<Result<unknown>> {
  return attempt(() => partsOf(source).supabase.rpc('report_match_player', { p_match_id: matchId, p_reason: reason }));
}

export interface MadeMatchLink {
  matchId: number;
  code: string;
  game: MatchGame;
  pace: MatchPace;
  expiresAt: Date;
}

/** A link to a game whose free seat goes to whoever opens it first; the maker moves first. */
export async function createMatchLink(source: DataSource, game: MatchGame, pace: MatchPace): Promise<Result<MadeMatchLink>> {
  const answer = await attempt(() => partsOf(source).supabase.rpc('create_match_link', { p_game: game, p_pace: pace, p_moves_first: 'me' }));
  if (answer.error) return answer;
  const row = (Array.isArray(answer.data) ? answer.data[0] : null) as { match_id?: unknown; code?: unknown; expires_at?: unknown } | null;
  if (typeof row?.match_id !== 'number' || typeof row.code !== 'string' || typeof row.expires_at !== 'string') {
    return failed({ message: 'The server made no link. Try again.' });
  }
  return ok({ matchId: row.match_id, code: row.code, game, pace, expiresAt: new Date(row.expires_at) });
}

export type JoinedMatchLink = { ok: true; matchId: number; opponent: string } | { ok: false; message: string };

/** Takes the free seat of a game link: the game, or the server's words for why not. */
export async function joinMatchLink(source: DataSource, code: string): Promise<Result<JoinedMatchLink>> {
  const answer = await attempt(() => partsOf(source).supabase.rpc('join_match_link', { p_code: code }));
  if (answer.error) return answer;
  const body = answer.data as { ok?: unknown; match_id?: unknown; opponent_username?: unknown; message?: unknown } | null;
  if (body?.ok === true && typeof body.match_id === 'number') {
    return ok({ ok: true, matchId: body.match_id, opponent: typeof body.opponent_username === 'string' ? body.opponent_username : 'your classmate' });
  }
  return ok({ ok: false, message: typeof body?.message === 'string' ? body.message : 'This game link does not work.' });
}
