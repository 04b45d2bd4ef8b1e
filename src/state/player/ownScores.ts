import { useState } from 'react';
import { withdrawScore } from '../../data/actions/withdrawScore.ts';
import { fetchOwnScores, type OwnScore } from '../../data/queries/fetchOwnScores.ts';
import { isOnline } from '../../data/online.ts';
import { ok } from '../../data/result.ts';
import { useAccount } from '../account.ts';
import { useServerRead, type Loadable } from '../useServerRead.ts';

export type { OwnScore } from '../../data/queries/fetchOwnScores.ts';

export const WITHDRAW_OFFLINE = 'You are offline. Connect to withdraw a score.';

export type OwnScoresView =
  | { account: 'loading' | 'signed-out' }
  | {
      account: 'signed-in';
      scores: Loadable<OwnScore[]>;
      /** A withdrawal is on its way to the server. */
      busy: boolean;
      /** Why the last withdrawal did not happen. */
      error: string | null;
      /** Resolves true once the score and its proof are gone; false with `error` set. */
      withdraw: (score: OwnScore) => Promise<boolean>;
    };

/**
 * The signed-in student's own scores for a game, each of which they may withdraw (a score sent by mistake,
 * or one to make room under the per-game limit). Online only; a visitor's page asks the server nothing.
 * `reload` reads them again (after a submission); `onWithdrawn` follows each withdrawal.
 */
export function useOwnScores(appId: string, onWithdrawn: () => void): { view: OwnScoresView; reload: () => void } {
  const account = useAccount();
  const userId = account.state === 'signed-in' ? account.userId : null;
  const [scores, reload] = useServerRead(`own-scores:${appId}:${userId}`, (data) =>
    userId === null ? Promise.resolve(ok<OwnScore[]>([])) : fetchOwnScores(data, appId),
  );
  const [busy, setBusy] = useState(false);
  // Whose withdrawal failed: another student signing in on this page does not inherit the message.
  const [failure, setFailure] = useState<{ userId: string; message: string } | null>(null);

  if (account.state !== 'signed-in') return { view: { account: account.state }, reload };
  const { data } = account;
  const signedInAs = account.userId;

  async function withdraw(score: OwnScore): Promise<boolean> {
    if (!isOnline()) {
      setFailure({ userId: signedInAs, message: WITHDRAW_OFFLINE });
      return false;
    }
    setBusy(true);
    setFailure(null);
    const result = await withdrawScore(data, score);
    setBusy(false);
    reload();
    if (result.error) {
      setFailure({ userId: signedInAs, message: `This score could not be withdrawn: ${result.error.message}` });
      return false;
    }
    onWithdrawn();
    return true;
  }

  return {
    view: { account: 'signed-in', scores, busy, error: failure?.userId === signedInAs ? failure.message : null, withdraw },
    reload,
  };
}
