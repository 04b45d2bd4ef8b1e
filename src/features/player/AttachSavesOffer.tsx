import toast from 'react-hot-toast';
import { useAttachSaves } from '../../state/player.ts';

/**
 * After sign-in, the games played on this device while signed out are offered to the account (issue 18):
 * added, they follow the student to other devices; left, they stay on this device for whoever plays signed out.
 */
export function AttachSavesOffer() {
  const { offered, busy, attach, later } = useAttachSaves();
  if (offered === null) return null;

  const add = async () => {
    const outcome = await attach();
    if (outcome.ok) toast.success(outcome.count === 1 ? 'One game save is now on your account.' : `${outcome.count} game saves are now on your account.`);
    else toast.error(`Not done: ${outcome.message}`);
  };

  return (
    <section className="panel attach-saves" aria-labelledby="attach-saves-heading" data-testid="attach-saves">
      <h2 id="attach-saves-heading">Games you played before signing in</h2>
      <p>
        This device has saves of {offered === 1 ? 'one game' : `${offered} games`} played while nobody was signed in. Add
        them to your account to go on with them on any device.
      </p>
      <div className="save-choice-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void add()} data-testid="attach-saves-yes">
          Add them to my account
        </button>
        <button type="button" className="button button-quiet" disabled={busy} onClick={later}>
          Not now
        </button>
      </div>
    </section>
  );
}
