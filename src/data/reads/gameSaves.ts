import type { OtherSaveCopy } from '../../store/db.ts';
import { ANONYMOUS_OWNER } from '../gameSaves.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Two copies of one game's save for the student to choose between; null while there is one. */
export interface SaveChoice {
  mine: { savedAt: number; state: string };
  theirs: OtherSaveCopy;
}

export async function readSaveChoice(source: DataSource, owner: string, gameId: string): Promise<SaveChoice | null> {
  const row = await partsOf(source).db.gameSaves.get([owner, gameId]);
  return row?.theirs ? { mine: { savedAt: row.updatedAt, state: row.state }, theirs: row.theirs } : null;
}

/** The games saved on this device while nobody was signed in. */
export async function readAnonymousSaveGames(source: DataSource): Promise<string[]> {
  const rows = await partsOf(source).db.gameSaves.where('owner').equals(ANONYMOUS_OWNER).toArray();
  return rows.filter((row) => row.state !== 'null').map((row) => row.gameId);
}

/** This student's saves of one game still on their way to the server (sending or waiting). */
export async function readSavesInFlight(source: DataSource, userId: string, gameId: string): Promise<number> {
  return partsOf(source)
    .db.outbox.where('userId')
    .equals(userId)
    .filter((item) => item.kind === 'put_game_save' && item.status !== 'failed' && item.args.p_app_id === gameId)
    .count();
}
