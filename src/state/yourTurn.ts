// "Your turn" in the header on every page (issue 28): how many games wait for this student, a move to
// make or an invite to answer. Read once when the page opens and again whenever the student's live
// topic says a game changed; polled only while that topic is not joined.
import { useEffect, useState } from 'react';
import { fetchMyMatches } from '../data/queries/fetchMyMatches.ts';
import { waitsForMe } from '../domain/match.ts';
import { useAccount } from './account.ts';
import { useRefreshWhileVisible } from './useRefreshWhileVisible.ts';
import { useUserEvents } from './userEvents.ts';

const UNJOINED_REFRESH_MS = 60_000;

/** The games waiting for the signed-in student; null while unknown or nobody is signed in. */
export function useYourTurn(): number | null {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const [count, setCount] = useState<{ userId: string; waiting: number } | null>(null);
  const [round, setRound] = useState(0);
  const again = () => setRound((n) => n + 1);
  const live = useUserEvents(again, () => undefined);
  useRefreshWhileVisible(again, UNJOINED_REFRESH_MS, userId !== null && !live);

  useEffect(() => {
    if (data === null || userId === null) return;
    let cancelled = false;
    void fetchMyMatches(data).then((answer) => {
      // A failed read keeps what was shown: the badge is a hint, never an error.
      if (cancelled || answer.error) return;
      const now = new Date();
      const waiting = answer.data.filter((row) =>
        waitsForMe({ status: row.status, invitedByMe: row.invited_by_me, myTurn: row.my_turn, deadline: row.deadline ? new Date(row.deadline) : null }, now),
      ).length;
      setCount({ userId, waiting });
    });
    return () => {
      cancelled = true;
    };
  }, [data, userId, round]);

  return count !== null && count.userId === userId ? count.waiting : null;
}
