import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { usePortal } from '../../state/portal.tsx';
import { attachAnonymousSaves } from '../../data/cloudSaves.ts';
import { readAnonymousSaveGames } from '../../data/reads/gameSaves.ts';
import { deviceLabel } from '../../domain/deviceLabel.ts';

const DISMISSED_KEY = 'portal.attachSavesDismissed';

/**
 * After sign-in, the games played on this device while signed out are offered to the account (issue 18):
 * added, they follow the student to other devices; left, they stay on this device for whoever plays signed out.
 */
export function AttachSavesOffer() {
  const { runtime, session } = usePortal();
  const userId = session?.user.id ?? null;
  const data = runtime?.data ?? null;
  const games = useLiveQuery(() => (data === null || userId === null ? [] : readAnonymousSaveGames(data)), [data, userId]);
  // Who said "not now" in this tab: the session is not known yet on the first render.
  const [dismissedBy, setDismissedBy] = useState(() => sessionStorage.getItem(DISMISSED_KEY));
  const dismissed = userId !== null && dismissedBy === userId;
  const [busy, setBusy] = useState(false);
  if (data === null || userId === null || !games || games.length === 0 || dismissed) return null;

  const attach = async () => {
    setBusy(true);
    try {
      const count = await attachAnonymousSaves(data, userId, deviceLabel(navigator.userAgent));
      toast.success(count === 1 ? 'One game save is now on your account.' : `${count} game saves are now on your account.`);
    } catch (error) {
      toast.error(`Not done: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };
  const later = () => {
    sessionStorage.setItem(DISMISSED_KEY, userId);
    setDismissedBy(userId);
  };

  return (
    <section className="panel attach-saves" aria-labelledby="attach-saves-heading" data-testid="attach-saves">
      <h2 id="attach-saves-heading">Games you played before signing in</h2>
      <p>
        This device has saves of {games.length === 1 ? 'one game' : `${games.length} games`} played while nobody was signed in. Add
        them to your account to go on with them on any device.
      </p>
      <div className="save-choice-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void attach()} data-testid="attach-saves-yes">
          Add them to my account
        </button>
        <button type="button" className="button button-quiet" disabled={busy} onClick={later}>
          Not now
        </button>
      </div>
    </section>
  );
}
