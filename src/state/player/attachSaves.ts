import { useLiveRead } from '../liveRead.ts';
import { useState } from 'react';
import { attachAnonymousSaves } from '../../data/cloudSaves.ts';
import { readAnonymousSaveGames } from '../../data/reads/gameSaves.ts';
import { deviceLabel } from '../../domain/deviceLabel.ts';
import { useAccount } from '../account.ts';

const DISMISSED_KEY = 'portal.attachSavesDismissed';

/** How adding the saves went: how many games moved (or now wait for a choice), or why it failed. */
export type AttachOutcome = { ok: true; count: number } | { ok: false; message: string };

export interface AttachSavesView {
  /** How many games this device saved while nobody was signed in, to offer; null when there is nothing to offer. */
  offered: number | null;
  busy: boolean;
  attach: () => Promise<AttachOutcome>;
  /** "Not now": the offer is not made again to this student in this tab. */
  later: () => void;
}

/**
 * After sign-in, the games played on this device while signed out are offered to the account (issue 18):
 * added, they follow the student to other devices; left, they stay on this device for whoever plays signed out.
 */
export function useAttachSaves(): AttachSavesView {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const games = useLiveRead(() => (data === null ? [] : readAnonymousSaveGames(data)), [data]);
  // Who said "not now" in this tab: the session is not known yet on the first render.
  const [dismissedBy, setDismissedBy] = useState(() => sessionStorage.getItem(DISMISSED_KEY));
  const [busy, setBusy] = useState(false);
  const dismissed = userId !== null && dismissedBy === userId;

  async function attach(): Promise<AttachOutcome> {
    if (data === null || userId === null) return { ok: false, message: 'nobody is signed in' };
    setBusy(true);
    try {
      return { ok: true, count: await attachAnonymousSaves(data, userId, deviceLabel(navigator.userAgent)) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    } finally {
      setBusy(false);
    }
  }

  function later(): void {
    if (userId === null) return;
    sessionStorage.setItem(DISMISSED_KEY, userId);
    setDismissedBy(userId);
  }

  const offered = userId === null || !games || games.length === 0 || dismissed ? null : games.length;
  return { offered, busy, attach, later };
}
