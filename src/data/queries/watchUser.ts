import { channelJoined } from './channelJoined.ts';
import { announcedMatchId, USER_FRIENDS, USER_MATCH, userTopic } from '../../domain/liveTopics.ts';
import { partsOf, type DataSource } from '../source.ts';

export interface UserWatch {
  /** One of the student's games changed (its id). */
  onMatch: (matchId: number | null) => void;
  /** Their friends changed: a request, an answer, a removal. */
  onFriends: () => void;
  /** The channel joined (true), or dropped, was refused or closed (false). */
  onJoined: (joined: boolean) => void;
}

/**
 * Listens on the student's own private Realtime topic (issue 28), as watchChat does on the chat room.
 * Returns what stops it; a channel that cannot even be made is reported as not joined.
 */
export function watchUser(source: DataSource, userId: string, watch: UserWatch): () => void {
  const { supabase } = partsOf(source);
  try {
    const channel = supabase.channel(userTopic(userId), { config: { private: true } });
    channel.on('broadcast', { event: USER_MATCH }, (message: { payload?: unknown }) => watch.onMatch(announcedMatchId(message.payload)));
    channel.on('broadcast', { event: USER_FRIENDS }, () => watch.onFriends());
    channel.subscribe((status) => watch.onJoined(channelJoined(status)));
    return () => void supabase.removeChannel(channel);
  } catch {
    watch.onJoined(false);
    return () => undefined;
  }
}
