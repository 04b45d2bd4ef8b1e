// The device's copy of the chat: each poll's answer is written here and the room is rendered from it,
// so the latest messages show at once, and with no connection at all.
import { CHAT_MIRROR_KEEP, compareMessages, mergeMessages, newestMessages, pageLeavesGap, type ChatMessage } from '../domain/chatMessages.ts';
import { guardQuota } from '../store/quota.ts';
import type { ChatMessageRow, PortalDB } from '../store/db.ts';
import { partsOf, type DataSource } from './source.ts';

function withoutViewer({ viewer: _viewer, ...message }: ChatMessageRow): ChatMessage {
  return message;
}

/** The messages kept for this student, oldest first. */
export async function readChatMirror(db: PortalDB, viewer: string): Promise<ChatMessage[]> {
  const rows = await db.chatMessages.where('viewer').equals(viewer).toArray();
  return rows.map(withoutViewer).sort(compareMessages);
}

/** Whether the device already holds message `id` for the student (an announced message need not be read again). */
export async function holdsChatMessage(source: DataSource, viewer: string, id: number): Promise<boolean> {
  return (await partsOf(source).db.chatMessages.get([viewer, id])) !== undefined;
}

/** Keeps a message the live channel brought, as if a poll had read it. */
export function keepAnnouncedMessage(source: DataSource, viewer: string, message: ChatMessage): Promise<void> {
  return storeChatPage(partsOf(source).db, viewer, [message]);
}

/** The chat room as this device holds it for the student, oldest first: what the chat page shows. */
export function readChat(source: DataSource, viewer: string): Promise<ChatMessage[]> {
  return readChatMirror(partsOf(source).db, viewer);
}

export interface StoreOptions {
  /** The page is the room's newest page (a first load), not the messages after a cursor. */
  newestPage?: boolean;
  pageSize?: number;
  keep?: number;
}

/**
 * Merges one answer of get_chat_messages into the student's copy and keeps only the newest `keep`
 * messages. A newest page that cannot be joined to the copy replaces it (see pageLeavesGap).
 */
export async function storeChatPage(db: PortalDB, viewer: string, page: readonly ChatMessage[], options: StoreOptions = {}): Promise<void> {
  if (page.length === 0) return;
  const keep = options.keep ?? CHAT_MIRROR_KEEP;
  await guardQuota(() =>
    db.transaction('rw', db.chatMessages, async () => {
      const known = await readChatMirror(db, viewer);
      const replace = options.newestPage === true && pageLeavesGap(known, page, options.pageSize);
      const kept = newestMessages(mergeMessages(replace ? [] : known, page), keep);
      const keptIds = new Set(kept.map((message) => message.id));
      const dropped = known.filter((message) => !keptIds.has(message.id)).map((message): [string, number] => [viewer, message.id]);
      await db.chatMessages.bulkDelete(dropped);
      await db.chatMessages.bulkPut(page.filter((message) => keptIds.has(message.id)).map((message) => ({ ...message, viewer })));
    }),
  );
}
