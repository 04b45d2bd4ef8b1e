// The Realtime topics the database broadcasts on, and what it says there. Who may join each topic is
// decided in SQL (supabase/schemas/realtime/messages.sql); what is said, by the trigger that says it.
import type { ChatMessage } from './chatMessages.ts';

/** The chat room: app_private.chat_messages_announce sends each new message here as `new_message`. */
export const CHAT_TOPIC = 'chat:room';
export const CHAT_NEW_MESSAGE = 'new_message';

const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/**
 * The message a `new_message` broadcast carries, as get_chat_messages would give it to a reader who did
 * not write it (no client_id), or null when the payload is not one.
 */
export function announcedMessage(payload: unknown): ChatMessage | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { id, user_id, username, icon, body, created_at } = payload as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof user_id !== 'string' || typeof body !== 'string') return null;
  if (!textOrNull(username) || !textOrNull(icon) || typeof created_at !== 'string' || Number.isNaN(Date.parse(created_at))) return null;
  return { id, user_id, username, icon, body, created_at, client_id: null };
}

/** A student's own topic: app_private.matches_announce says `match` here, friendships_announce `friends`. */
export function userTopic(userId: string): string {
  return `user:${userId}`;
}
export const USER_MATCH = 'match';
export const USER_FRIENDS = 'friends';

/** The game a `match` broadcast names, or null when its payload names none. */
export function announcedMatchId(payload: unknown): number | null {
  const id = typeof payload === 'object' && payload !== null ? (payload as { match_id?: unknown }).match_id : undefined;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}
