// The chat room as this device holds it: which messages, in what order, and where the next poll starts.

/** How often the room is read while no live channel tells of new messages (offline, or Realtime out of reach). */
export const CHAT_POLL_MS = 3000;
/**
 * How often the room is read while the live channel is joined: each new message is announced there and
 * read at once, so this only catches what a dropped announcement would have missed (a reconnect).
 */
export const CHAT_POLL_LIVE_MS = 60_000;
/** Messages per get_chat_messages call: the newest ones on a first load, the oldest after the cursor on later polls. */
export const CHAT_PAGE_SIZE = 50;
/** Messages this device keeps per student, so the chat opens offline with the latest ones. */
export const CHAT_MIRROR_KEEP = 200;
/**
 * How far before the newest message seen a poll starts: a message that committed late (a batch, a
 * slow request) still has an older created_at than ours, so each poll looks a little back and the
 * merge drops what it already has.
 */
export const CHAT_POLL_OVERLAP_MS = 10_000;

export interface ChatMessage {
  id: number;
  user_id: string;
  username: string | null;
  icon: string | null;
  body: string;
  created_at: string;
  client_id: string | null;
}

/** Oldest first, ties broken by id: the order the chat shows. */
export function compareMessages(a: ChatMessage, b: ChatMessage): number {
  const at = Date.parse(a.created_at);
  const bt = Date.parse(b.created_at);
  return at === bt ? a.id - b.id : at - bt;
}

/** Known and newly fetched messages, each id once (the newest copy wins), oldest first. */
export function mergeMessages(known: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return known as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const message of known) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(compareMessages);
}

/**
 * The p_since of the next poll: a little before the newest message a read of the server returned. Only
 * reads move it, not messages the live channel brought: one announcement lost and the next one kept must
 * not carry the cursor past the lost message.
 */
export function pollSince(newestRead: string, overlapMs: number = CHAT_POLL_OVERLAP_MS): string {
  return new Date(Date.parse(newestRead) - overlapMs).toISOString();
}

/** The newest created_at of `page`, or `known` when the page has nothing newer. */
export function newestInstant(page: readonly ChatMessage[], known: string | null): string | null {
  let newest = known;
  for (const message of page) if (newest === null || Date.parse(message.created_at) > Date.parse(newest)) newest = message.created_at;
  return newest;
}

/**
 * Whether the newest page of the room (a first load) cannot be joined to what the device kept: the page
 * is full and begins after the newest kept message, so messages in between may be missing. The kept
 * messages are then dropped rather than shown above a silent gap.
 */
export function pageLeavesGap(known: readonly ChatMessage[], newestPage: readonly ChatMessage[], pageSize: number = CHAT_PAGE_SIZE): boolean {
  const newestKnown = known.at(-1);
  const oldestFetched = newestPage[0];
  if (newestKnown === undefined || oldestFetched === undefined || newestPage.length < pageSize) return false;
  return compareMessages(oldestFetched, newestKnown) > 0;
}

/** The newest `keep` messages of an oldest-first list. */
export function newestMessages(messages: readonly ChatMessage[], keep: number = CHAT_MIRROR_KEEP): ChatMessage[] {
  return messages.slice(Math.max(messages.length - keep, 0));
}
