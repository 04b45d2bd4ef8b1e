// What a student does on the friends page (issue 28), each one RPC whose refusals are the server's
// words. Online only: a friend request is a question to another student, not something to replay
// later from an outbox, so offline the page says it needs a connection.
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';
import type { FriendInviteRow } from '../queries/fetchClassmates.ts';

async function attempt<T>(work: () => PromiseLike<{ data: T | null; error: { message: string; code?: string } | null }>): Promise<Result<T | null>> {
  try {
    const { data, error } = await work();
    return error ? failed(error) : ok(data);
  } catch (error) {
    return thrown(error);
  }
}

/** 'asked', or 'friends' when they had already asked this student. */
export function requestFriend(source: DataSource, username: string): Promise<Result<string | null>> {
  return attempt(() => partsOf(source).supabase.rpc('request_friend', { p_username: username }));
}

export function answerFriendRequest(source: DataSource, userId: string, accept: boolean): Promise<Result<string | null>> {
  return attempt(() => partsOf(source).supabase.rpc('answer_friend_request', { p_user_id: userId, p_accept: accept }));
}

/** Ends a friendship, or takes back a request this student sent. */
export function removeFriend(source: DataSource, userId: string): Promise<Result<unknown>> {
  return attempt(() => partsOf(source).supabase.rpc('remove_friend', { p_user_id: userId }));
}

export function blockPlayer(source: DataSource, userId: string): Promise<Result<unknown>> {
  return attempt(() => partsOf(source).supabase.rpc('block_player', { p_user_id: userId }));
}

export function unblockPlayer(source: DataSource, userId: string): Promise<Result<unknown>> {
  return attempt(() => partsOf(source).supabase.rpc('unblock_player', { p_user_id: userId }));
}

export async function createFriendInvite(source: DataSource, forClass: boolean): Promise<Result<FriendInviteRow>> {
  const answer = await attempt(() => partsOf(source).supabase.rpc('create_friend_invite', { p_for_class: forClass }));
  if (answer.error) return answer;
  const invite = answer.data?.[0];
  return invite === undefined ? failed({ message: 'The server made no invite. Try again.' }) : ok(invite);
}

export function revokeFriendInvite(source: DataSource, code: string): Promise<Result<unknown>> {
  return attempt(() => partsOf(source).supabase.rpc('revoke_friend_invite', { p_code: code }));
}

export type Redeemed = { ok: true; username: string } | { ok: false; message: string };

/** Uses an invite. Wrong codes come back as answers, not errors, so that the server can count them. */
export async function redeemFriendInvite(source: DataSource, code: string): Promise<Result<Redeemed>> {
  const answer = await attempt(() => partsOf(source).supabase.rpc('redeem_friend_invite', { p_code: code }));
  if (answer.error) return answer;
  const body = answer.data as { ok?: unknown; username?: unknown; message?: unknown } | null;
  if (body?.ok === true && typeof body.username === 'string') return ok({ ok: true, username: body.username });
  return ok({ ok: false, message: typeof body?.message === 'string' ? body.message : 'This invite link does not work.' });
}
