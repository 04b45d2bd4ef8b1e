// What a student may send to the chat; the server (send_chat_message and its trigger) enforces the same.

export const CHAT_MAX_LENGTH = 500;
export const CHAT_RATE_LIMIT = { messages: 5, perSeconds: 10 } as const;
/** An account in its first day (the server also holds each device to CHAT_RATE_LIMIT, whichever account sends). */
export const CHAT_NEW_ACCOUNT_LIMIT = { messages: 3, perSeconds: 30 } as const;

export const CHAT_EMPTY = 'Write something before sending.';
export const CHAT_TOO_LONG = `Messages can be at most ${CHAT_MAX_LENGTH} characters.`;

/** The message to show under the box, or null when the text can be sent. */
export function validateChatBody(body: string): string | null {
  const trimmed = body.trim();
  if (trimmed === '') return CHAT_EMPTY;
  if (trimmed.length > CHAT_MAX_LENGTH) return CHAT_TOO_LONG;
  return null;
}
