import { channelJoined } from './channelJoined.ts';
import type { ChatMessage } from '../../domain/chatMessages.ts';
import { CHAT_NEW_MESSAGE, CHAT_TOPIC, announcedMessage } from '../../domain/liveTopics.ts';
import { partsOf, type DataSource } from '../source.ts';

export interface ChatWatch {
  /** A message was announced: the message, or null when the announcement carried none this page can read. */
  onMessage: (message: ChatMessage | null) => void;
  /** The channel joined (true), or dropped, was refused or closed (false). */
  onJoined: (joined: boolean) => void;
}

/**
 * Listens on the chat room's private Realtime topic, as the signed-in student (supabase-js joins with the
 * session's token and sends the next one when the session is refreshed). Returns what stops it. A channel
 * that cannot even be made is reported as not joined: the room is then read by polling alone.
 */
export function watchChat(source: DataSource, watch: ChatWatch): () => void {
  const { supabase } = partsOf(source);
  try {
    const channel = supabase.channel(CHAT_TOPIC, { config: { private: true } });
    channel.on('broadcast', { event: CHAT_NEW_MESSAGE }, (message: { payload?: unknown }) => watch.onMessage(announcedMessage(message.payload)));
    channel.subscribe((status) => watch.onJoined(channelJoined(status)));
    return () => void supabase.removeChannel(channel);
  } catch {
    watch.onJoined(false);
    return () => undefined;
  }
}
