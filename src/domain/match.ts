// How a two-player game between friends reads in the lobby and beside the board (issue 28). The server's
// words for a game's end (app_private.matches.reason) are short codes; these are the student's.

export const MATCH_GAMES = ['chess', 'tic-tac-toe', 'hex-conquest'] as const;
export type MatchGame = (typeof MATCH_GAMES)[number];

export function isMatchGame(id: string): id is MatchGame {
  return (MATCH_GAMES as readonly string[]).includes(id);
}

export type MatchPace = 'live' | 'correspondence';

export const PACE_LABELS: Record<MatchPace, string> = {
  live: 'Live: 2 minutes a move',
  correspondence: 'Over days: 3 days a move',
};

export type MatchStatus = 'invited' | 'active' | 'finished' | 'declined' | 'cancelled' | 'ended';

/** One game as the lobby lists it, from this student's side. */
export interface MatchLine {
  status: MatchStatus;
  invitedByMe: boolean;
  myTurn: boolean;
  /** 'won' | 'lost' | 'drawn' once finished. */
  result: string | null;
  reason: string | null;
  /** 'mine' | 'theirs' while a draw is offered. */
  drawOffer: string | null;
  /** Until when the invite waits, or the player to move may move; null once the game is over. */
  deadline: Date | null;
}

const REASONS: Record<string, string> = {
  checkmate: 'checkmate',
  stalemate: 'stalemate',
  'insufficient material': 'not enough pieces to win',
  'threefold repetition': 'the same position three times',
  'fifty moves': 'fifty moves without a capture',
  'three in a row': 'three in a row',
  'full board': 'a full board',
  'most hexagons': 'most hexagons',
  'even hexagons': 'as many hexagons each',
  resigned: 'resigned',
  timeout: 'out of time',
  agreed: 'agreed',
  moderator: 'ended by a moderator',
};

/** The end's reason in a student's words; an unknown code is shown as it is rather than hidden. */
export function reasonText(reason: string | null): string {
  if (reason === null) return '';
  return REASONS[reason] ?? reason;
}

/**
 * Whether the player to move let their time run out (now by the device's clock): the game waits for the
 * other player to claim it, or to be resigned, and no move can be made in it.
 */
export function isTimeUp(line: { status: string; deadline: Date | null }, now: Date): boolean {
  return line.status === 'active' && line.deadline !== null && line.deadline.getTime() <= now.getTime();
}

/**
 * Whether the game waits for this student: a move to make in time, or an invite to answer. What the
 * header's "your turn" counts; a game whose time for the student's move ran out waits for nobody's move.
 */
export function waitsForMe(line: { status: string; invitedByMe: boolean; myTurn: boolean; deadline: Date | null }, now: Date): boolean {
  if (line.status === 'invited') return !line.invitedByMe && (line.deadline === null || line.deadline.getTime() > now.getTime());
  return line.status === 'active' && line.myTurn && !isTimeUp(line, now);
}

/** One line for the lobby: whose move it is, what is waiting, or how the game ended. */
export function matchLineText(line: MatchLine, opponent: string, now: Date): string {
  switch (line.status) {
    case 'invited':
      return line.invitedByMe ? `Waiting for ${opponent} to accept` : `${opponent} invites you to play`;
    case 'active':
      if (isTimeUp(line, now)) return line.myTurn ? `Your time ran out: ${opponent} may claim the game` : `${opponent}'s time ran out: claim the win`;
      if (line.drawOffer === 'theirs') return `${opponent} offers a draw`;
      return line.myTurn ? 'Your move' : `${opponent}'s move`;
    case 'finished': {
      const why = reasonText(line.reason);
      if (line.result === 'won') return `You won: ${why}`;
      if (line.result === 'lost') return `${opponent} won: ${why}`;
      return `Draw: ${why}`;
    }
    case 'declined':
      return line.invitedByMe ? `${opponent} said no` : 'You said no';
    case 'cancelled':
      return 'Invite taken back';
    case 'ended':
      return 'Ended by a moderator';
  }
}

/** Whether the game still waits for either student: invites to answer and games going on. */
export function isOpen(line: Pick<MatchLine, 'status'>): boolean {
  return line.status === 'invited' || line.status === 'active';
}

/** The games' names where the catalogue is not at hand (a title it does not know yet). */
export const MATCH_GAME_NAMES: Record<MatchGame, string> = {
  chess: 'Chess',
  'tic-tac-toe': 'Tic Tac Toe',
  'hex-conquest': 'Hex Conquest',
};
