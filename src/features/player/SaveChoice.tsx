import { Laptop, MonitorSmartphone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { describeSave, savePreview } from '../../domain/savePreview.ts';
import { useSaveChoice } from '../../state/player.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

function when(ms: number): string {
  return new Date(ms).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** One copy as the student recognises it: where and when it was saved, and the game it holds. */
function SaveCopy({ device, savedAt, state, testId, icon }: { device: string; savedAt: number; state: string; testId: string; icon: ReactNode }) {
  return (
    <li className="save-copy" data-testid={testId}>
      {icon}
      <div>
        <p className="save-copy-device">{device}</p>
        <p className="save-copy-game">{describeSave(savePreview(state)) ?? 'A save this page cannot read'}</p>
        <p className="save-copy-when">Saved {when(savedAt)}</p>
      </div>
    </li>
  );
}

/**
 * Two copies of a game's save, this device's and another's (or this device's from before sign-in): the
 * student says which to keep, in a dialog in view over the game. Neither is dropped until then; the game
 * goes on from this device's copy, and the dialog put aside comes back from the toolbar's button.
 */
export function SaveChoice({ gameId, title, onTaken }: { gameId: string; title: string; onTaken: () => void }) {
  const { choice, theirs, busy, keepMine, takeTheirs } = useSaveChoice(gameId);
  const [putAside, setPutAside] = useState(false);
  if (!choice) return null;

  const act = async (keep: boolean) => {
    const outcome = await (keep ? keepMine() : takeTheirs());
    if (!outcome.ok) toast.error(`Not done: ${outcome.message}`);
    else if (keep) toast.success(`Kept this device's save of ${title}.`);
    else {
      toast.success(`${title} goes on from the save made on ${theirs}.`);
      onTaken();
    }
  };

  return (
    <>
      {putAside && (
        <Button variant="secondary" size="sm" className="save-choice-open" onClick={() => setPutAside(false)} data-testid="save-choice-open">
          Choose between two saves
        </Button>
      )}
      <Dialog
        open={!putAside}
        onClose={() => setPutAside(true)}
        title={`Two saves of ${title}`}
        actions={
          <>
            <Button disabled={busy} onClick={() => void act(true)} data-testid="keep-this-save">
              Keep this device’s save
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => void act(false)} data-testid="take-other-save">
              Use the save from {theirs}
            </Button>
          </>
        }
      >
        <div data-testid="save-choice">
          <p>{title} was saved on two devices, each without the other. Which one should it go on from? The other one is let go.</p>
          <ul className="save-copies">
            <SaveCopy device="This device" savedAt={choice.mine.savedAt} state={choice.mine.state} testId="save-copy-mine" icon={<Laptop aria-hidden="true" size={28} />} />
            <SaveCopy
              device={theirs.charAt(0).toUpperCase() + theirs.slice(1)}
              savedAt={choice.theirs.savedAt}
              state={choice.theirs.state}
              testId="save-copy-theirs"
              icon={<MonitorSmartphone aria-hidden="true" size={28} />}
            />
          </ul>
        </div>
      </Dialog>
    </>
  );
}
