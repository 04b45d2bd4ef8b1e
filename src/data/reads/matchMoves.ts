import type { OutboxItem, OutboxStatus } from '../../store/db.ts';
import { partsOf, type DataSource } from '../source.ts';

/** A move of the student's still in the outbox, as the match page shows it beside the board. */
export interface QueuedMove {
  /** The outbox id: discardMutation lets a refused move go. */
  id: string;
  ply: number;
  move: string;
  /** 'queued' and 'sending': on its way; 'failed': refused, and taken off the board. */
  status: OutboxStatus;
  /** Why the server refused it, in words for the student (with its code, as match-move gave it). */
  refusal: OutboxItem['lastError'];
}

/**
 * The student's moves of one game that the server has not confirmed, refused ones included, oldest
 * first. A confirmed move leaves the outbox: the game read from the server then holds it.
 */
export async function readQueuedMoves(source: DataSource, userId: string, matchId: number): Promise<QueuedMove[]> {
  const items = await partsOf(source)
    .db.outbox.where('userId')
    .equals(userId)
    .filter((item) => item.kind === 'make_match_move' && item.args.p_match_id === matchId)
    .sortBy('seq');
  return items.map((item) => ({
    id: item.id,
    ply: Number(item.args.p_ply),
    move: String(item.args.p_move),
    status: item.status,
    refusal: item.status === 'failed' ? item.lastError : null,
  }));
}
