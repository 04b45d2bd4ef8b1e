import { CHAT_PAGE_SIZE, newestInstant, pollSince, type ChatMessage } from '../../domain/chatMessages.ts';
import { storeChatPage } from '../chatMirror.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * One poll of the chat room into the device's copy: the newest page, or (`newestRead`, the newest message
 * an earlier poll returned) what came after it. Resolves to the newest message read so far, the next
 * poll's `newestRead`; rejects when the server cannot be read.
 */
export async function pollChat(source: DataSource, viewer: string, newestRead: string | null): Promise<string | null> {
  const { supabase, db } = partsOf(source);
  const since = newestRead === null ? undefined : pollSince(newestRead);
  const { data, error } = await supabase.rpc(
    'get_chat_messages',
    since === undefined ? { p_limit: CHAT_PAGE_SIZE } : { p_since: since, p_limit: CHAT_PAGE_SIZE },
  );
  if (error) throw new Error(error.message);
  const page: ChatMessage[] = data ?? [];
  await storeChatPage(db, viewer, page, { newestPage: since === undefined });
  return newestInstant(page, newestRead);
}
