import { useCallback, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useCloudSave } from './cloudSave.ts';
import { openGameLink, type GameLink } from './gameLink.ts';
import { useSaveSlot } from './saveSlot.ts';

export interface GameSaves {
  /** Whose slot the game saves to; null until the account is known (the game waits for it). */
  owner: string | null;
  /** Counts the times the save under the game was replaced by a newer one from another device: each reloads the game. */
  replaced: number;
  /** Opens a visit's link, for the game's conversation; null while `owner` is. A new one means a new visit. */
  connect: (() => GameLink) | null;
}

/** A bundled game's saves on this device and in the cloud, and the runs the server is told of. */
export function useGameSaves(appId: string, gameId: string, title: string): GameSaves {
  const { owner, data } = useSaveSlot();
  const [replaced, setReplaced] = useState(0);
  const onReplaced = useCallback(() => {
    toast(`${title} goes on from a newer save made on another device.`);
    setReplaced((n) => n + 1);
  }, [title]);
  const cloud = useCloudSave(data, owner, gameId, onReplaced);
  const connect = useMemo(
    () => (owner === null ? null : () => openGameLink({ data, owner, appId, gameId, cloud })),
    [data, owner, appId, gameId, cloud],
  );
  return { owner, replaced, connect };
}
