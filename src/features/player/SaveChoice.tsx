import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { keepDeviceCopy, takeOtherCopy } from '../../data/cloudSaves.ts';
import { readSaveChoice } from '../../data/reads/gameSaves.ts';
import type { DataSource } from '../../data/source.ts';
import { deviceLabel } from '../../domain/deviceLabel.ts';

function when(ms: number): string {
  return new Date(ms).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Two copies of a game's save, this device's and another's (or this device's from before sign-in): the
 * student says which to keep. Neither is dropped until then; the game goes on from this device's copy.
 */
export function SaveChoice({ data, owner, gameId, title, onTaken }: { data: DataSource; owner: string; gameId: string; title: string; onTaken: () => void }) {
  const choice = useLiveQuery(() => readSaveChoice(data, owner, gameId), [data, owner, gameId]);
  const label = useMemo(() => deviceLabel(navigator.userAgent), []);
  const [busy, setBusy] = useState(false);
  if (!choice) return null;

  const act = async (keepMine: boolean) => {
    setBusy(true);
    try {
      if (keepMine) {
        await keepDeviceCopy(data, owner, gameId, label);
        toast.success(`Kept this device's save of ${title}.`);
      } else {
        await takeOtherCopy(data, owner, gameId, label);
        toast.success(`${title} goes on from the save made on ${choice.theirs.deviceLabel}.`);
        onTaken();
      }
    } catch (error) {
      toast.error(`Not done: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel save-choice" role="alert" aria-labelledby={`save-choice-${gameId}`} data-testid="save-choice">
      <h2 id={`save-choice-${gameId}`}>Two saves of {title}</h2>
      <p>
        {title} was saved on {choice.theirs.deviceLabel} on {when(choice.theirs.savedAt)}, and on this device ({label}) on{' '}
        {when(choice.mine.savedAt)}, each without the other. Which one should it go on from? The other one is let go.
      </p>
      <div className="save-choice-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void act(true)} data-testid="keep-this-save">
          Keep this device’s save
        </button>
        <button type="button" className="button button-quiet" disabled={busy} onClick={() => void act(false)} data-testid="take-other-save">
          Use the save from {choice.theirs.deviceLabel}
        </button>
      </div>
    </section>
  );
}
