import { CHAT_PAGE_SIZE, pollSince } from '../../domain/chatMessages.ts';
import { readChatMirror, storeChatPage } from '../chatMirror.ts';
import { partsOf, type DataSource } from '../source.ts';

/**
 * One poll of the chat room into the device's copy: the newest page, or (`fromCursor`, once a first
 * load is done) what came after the newest message held. Rejects when the server cannot be read.
 */
export async function pollChat(source: DataSource, viewer: string, fromCursor: boolean): Promise<void> {
  const { supabase, db } = partsOf(source);
  const since = fromCursor ? pollSince(await readChatMirror(db, viewer)) : undefined;
  const { data, error } = await supabase.rpc(
    'get_chat_messages',
    since === undefined ? { p_limit: CHAT_PAGE_SIZE } : { p_since: since, p_limit: CHAT_PAGE_SIZE },
  );
  if (error) throw new Error(error.message);
  await storeChatPage(db, viewer, (data ?? []), { newestPage: since === undefined });
}
