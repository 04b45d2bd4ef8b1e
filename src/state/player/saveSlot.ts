import { saveOwner } from '../../data/gameSaves.ts';
import type { DataSource } from '../../data/source.ts';
import { useAccount } from '../account.ts';

export interface SaveSlot {
  /** Whose slot a game saves to: the student, or this device's signed-out slot; null until that is known. */
  owner: string | null;
  /** The device's store; null while it loads, or when it could not load (the game then keeps no save). */
  data: DataSource | null;
}

export function useSaveSlot(): SaveSlot {
  const account = useAccount();
  if (account.state === 'loading') return { owner: null, data: null };
  return account.state === 'signed-in'
    ? { owner: saveOwner(account.userId), data: account.data }
    : { owner: saveOwner(null), data: account.data };
}
