// What the moderation desk says of the play behind a waiting score (issue 20): the play time the game
// reported beside what the server's clock saw of its run, so a moderator weighs a score typed by hand,
// or played where the server could not watch, differently from one the server timed.

export interface PlayRecord {
  /** The play time the game claimed; null when the student typed the score. */
  play_ms: number | null;
  /** The server's clock of the run; null when it never saw the run start. */
  play_seen_ms: number | null;
  resumed: boolean;
}

/** "45 s", "3 min 10 s", "2 h 5 min": the same reading as the server's refusals, in the desk's short form. */
export function playTime(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) {
    const rest = seconds % 60;
    return rest === 0 ? `${Math.floor(seconds / 60)} min` : `${Math.floor(seconds / 60)} min ${rest} s`;
  }
  const minutes = Math.floor((seconds % 3600) / 60);
  return minutes === 0 ? `${Math.floor(seconds / 3600)} h` : `${Math.floor(seconds / 3600)} h ${minutes} min`;
}

export function describePlay(play: PlayRecord): string {
  if (play.play_ms === null) return 'Typed in by hand: the game did not report this score.';
  const claimed = playTime(play.play_ms);
  if (play.resumed) return `The game went on from a save: ${claimed} of play since, and earlier play is not counted.`;
  if (play.play_seen_ms === null) {
    return `The game reported ${claimed} of play. The server did not see this game start (played offline, or on a slow connection).`;
  }
  return `The game reported ${claimed} of play; the server saw this game start ${playTime(play.play_seen_ms)} before the score was sent.`;
}
