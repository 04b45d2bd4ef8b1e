// What a friend's presence line says (issue 28). The server counts a student online while their
// portal said so within the last minute (get_classmates); the portal says so every PRESENCE_BEAT_MS
// while it is open and visible, so a closed tab turns into "last seen" within about a minute.

/** How often an open, visible portal tells the server the student is here: twice in the server's minute. */
export const PRESENCE_BEAT_MS = 25_000;

export interface PresenceFacts {
  online: boolean;
  /** The app id they are playing, while online. */
  playing: string | null;
  /** null: they do not share their presence, or were never seen since turning it on. */
  lastSeen: Date | null;
}

/** "Playing Snake", "Online now", "Last seen 5 minutes ago", or null when there is nothing to say. */
export function presenceText(facts: PresenceFacts, now: Date, titleOf: (appId: string) => string | undefined): string | null {
  if (facts.online) {
    if (facts.playing === null) return 'Online now';
    return `Playing ${titleOf(facts.playing) ?? 'a game'}`;
  }
  if (facts.lastSeen === null) return null;
  const minutes = Math.floor(Math.max(0, now.getTime() - facts.lastSeen.getTime()) / 60_000);
  if (minutes < 1) return 'Last seen just now';
  if (minutes < 60) return `Last seen ${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Last seen ${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'Last seen yesterday';
  if (days < 30) return `Last seen ${days} days ago`;
  return 'Last seen over a month ago';
}
