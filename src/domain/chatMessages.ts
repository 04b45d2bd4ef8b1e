// The chat room as this device holds it: which messages, in what order, and where the next poll starts.

export const CHAT_POLL_MS = 3000;
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

/** The p_since of the next poll: a little before the newest message, or undefined for the first load. */
export function pollSince(messages: readonly ChatMessage[], overlapMs: number = CHAT_POLL_OVERLAP_MS): string | undefined {
  const newest = messages.at(-1);
  if (newest === undefined) return undefined;
  return new Date(Date.parse(newest.created_at) - overlapMs).toISOString();
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
