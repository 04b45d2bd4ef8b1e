import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export interface MatchPlayer {
  id: string;
  username: string;
  icon: string;
}

export interface MatchMoveRow {
  ply: number;
  player: string;
  move: string;
}

/** One game between friends as get_match gives it (a JSON object, so its shape is checked here). */
export interface MatchRow {
  id: number;
  game: string;
  pace: string;
  status: string;
  firstPlayer: MatchPlayer;
  secondPlayer: MatchPlayer;
  invitedBy: string;
  ply: number;
  /** Who is to move; null unless the game is being played. */
  turn: string | null;
  deadline: string | null;
  /** 'first' | 'second' | 'draw' once finished. */
  result: string | null;
  reason: string | null;
  drawOfferBy: string | null;
  /** The game offered as this one's rematch, if any. */
  rematch: number | null;
  moves: MatchMoveRow[];
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const whole = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

function player(value: unknown): MatchPlayer | null {
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  const id = text(row.id);
  const username = text(row.username);
  return id === null || username === null ? null : { id, username, icon: text(row.icon) ?? '' };
}

/** The answer's shape, or null when it is not one this build can show. */
export function parseMatch(value: unknown): MatchRow | null {
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  const id = whole(row.id);
  const ply = whole(row.ply);
  const firstPlayer = player(row.first_player);
  const secondPlayer = player(row.second_player);
  const game = text(row.game);
  const status = text(row.status);
  if (id === null || ply === null || firstPlayer === null || secondPlayer === null || game === null || status === null || !Array.isArray(row.moves)) return null;
  const moves: MatchMoveRow[] = [];
  for (const entry of row.moves as unknown[]) {
    const move = entry as Record<string, unknown>;
    const at = whole(move?.ply);
    const by = text(move?.player);
    const what = text(move?.move);
    if (at === null || by === null || what === null) return null;
    moves.push({ ply: at, player: by, move: what });
  }
  return {
    id,
    game,
    pace: text(row.pace) ?? 'live',
    status,
    firstPlayer,
    secondPlayer,
    invitedBy: text(row.invited_by) ?? '',
    ply,
    turn: text(row.turn),
    deadline: text(row.deadline),
    result: text(row.result),
    reason: text(row.reason),
    drawOfferBy: text(row.draw_offer_by),
    rematch: whole(row.rematch),
    moves,
  };
}

/** One game and all its moves; only its two players may read it. Online only. */
export async function fetchMatch(source: DataSource, matchId: number): Promise<Result<MatchRow>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('get_match', { p_match_id: matchId, p_from_ply: 0 });
    if (error) return failed(error);
    const match = parseMatch(data);
    return match === null ? failed({ message: 'The server sent a game this page cannot show. Reload the page.' }) : ok(match);
  } catch (error) {
    return thrown(error);
  }
}
