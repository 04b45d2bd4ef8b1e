import { useLiveRead } from '../liveRead.ts';
import { useMemo, useState } from 'react';
import { keepDeviceCopy, takeOtherCopy } from '../../data/cloudSaves.ts';
import { readSaveChoice, type SaveChoice } from '../../data/reads/gameSaves.ts';
import { deviceLabel, otherDeviceName } from '../../domain/deviceLabel.ts';
import { useSaveSlot } from './saveSlot.ts';

export type { SaveChoice } from '../../data/reads/gameSaves.ts';

/** What a choice came to: done, or not done and why. */
export type ChoiceOutcome = { ok: true } | { ok: false; message: string };

export interface SaveChoiceView {
  /** The two copies, while the student has to choose; null (or undefined, not read yet) otherwise. */
  choice: SaveChoice | null | undefined;
  /** The other copy's device as a sentence names it ("a phone", "this device, before you signed in"). */
  theirs: string;
  busy: boolean;
  /** This device's copy is kept and sent as the newer one. */
  keepMine: () => Promise<ChoiceOutcome>;
  /** The other copy replaces this device's: the game must reload to go on from it. */
  takeTheirs: () => Promise<ChoiceOutcome>;
}

/**
 * Two copies of a game's save, this device's and another's (or this device's from before sign-in): neither
 * is dropped until the student says which to keep.
 */
export function useSaveChoice(gameId: string): SaveChoiceView {
  const { owner, data } = useSaveSlot();
  const choice = useLiveRead(() => (data === null || owner === null ? null : readSaveChoice(data, owner, gameId)), [data, owner, gameId]);
  const label = useMemo(() => deviceLabel(navigator.userAgent), []);
  const [busy, setBusy] = useState(false);

  async function choose(choose: typeof keepDeviceCopy): Promise<ChoiceOutcome> {
    if (data === null || owner === null) return { ok: false, message: 'the saves are not loaded yet' };
    setBusy(true);
    try {
      await choose(data, owner, gameId, label);
      return { ok: true };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    } finally {
      setBusy(false);
    }
  }

  return {
    choice,
    theirs: choice ? otherDeviceName(choice.theirs.deviceLabel, label) : '',
    busy,
    keepMine: () => choose(keepDeviceCopy),
    takeTheirs: () => choose(takeOtherCopy),
  };
}
