import { useLiveQuery } from 'dexie-react-hooks';
import { Flame } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { NavLink } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { usePortal } from '../../state/portal.tsx';
import type { PortalRuntime } from '../../state/runtime.ts';
import type { DataSource } from '../../data/source.ts';
import { pendingAmount } from '../../data/reads/ledger.ts';
import { readOutboxOfKind } from '../../data/reads/outbox.ts';
import { readStreak } from '../../data/reads/streak.ts';
import { formatCoins, signedCoins } from '../../domain/coinText.ts';
import { COIN_REWARDS, withStreakBonus } from '../../domain/coins.ts';
import { formatCountdown } from '../../domain/countdown.ts';
import { canClaim, effectiveCurrentStreak, hasStreak, nextClaimAt, streakLostAt } from '../../domain/streak.ts';
import { queueAction } from '../../state/queueAction.ts';
import { actingUser } from '../../state/requireUser.ts';
import { useNow } from '../../ui/useNow.ts';
import { useRefresh } from '../../state/useRefresh.ts';
import { CoinHistory } from '../coins/CoinHistory.tsx';
import './streak.css';

/** The success notice of a claim, with what it earned. */
export function streakClaimedNotice(amount: number): string {
  return `Streak claimed! ${signedCoins(amount)} Dabloons`;
}

function reconcile(runtime: PortalRuntime, userId: string | null): Promise<unknown> {
  return userId === null ? Promise.resolve() : runtime.reconcileNow();
}

function StreakPanel({ data, userId }: { data: DataSource; userId: string }) {
  const now = useNow();
  // null: no claim ever; undefined: not read yet.
  const streak = useLiveQuery(() => readStreak(data, userId), [data, userId]);
  const pendingClaim = useLiveQuery(
    async () => (await readOutboxOfKind(data, userId, 'claim_streak')).filter((item) => item.status !== 'failed').length,
    [data, userId],
  );
  const [lastReward, setLastReward] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const lastClaim = streak?.last_claim ?? null;
  const current = streak ? effectiveCurrentStreak(streak, now) : 0;
  const longest = streak?.longest_streak ?? 0;
  const claimable = streak !== undefined && canClaim(lastClaim, now);
  const running = hasStreak(lastClaim, now);
  const reward = withStreakBonus({ amt: COIN_REWARDS.streakClaim, why: 'streak claim' }, current);
  const nextAt = nextClaimAt(lastClaim);
  const lostAt = streakLostAt(lastClaim);
  const pending = (pendingClaim ?? 0) > 0 || (streak?.pendingOpId ?? undefined) !== undefined;

  async function claim() {
    setBusy(true);
    try {
      const item = await queueAction(data, userId, 'claim_streak', {});
      if (item === null) return;
      const amount = await pendingAmount(data, item.id);
      setLastReward(amount);
      toast.success(streakClaimedNotice(amount));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="streak-layout">
      <div>
        <div className="streak-stats">
          <div className="panel streak-stat">
            <span className="streak-stat-label">Current streak</span>
            <span className="streak-stat-value" data-testid="current-streak">
              {current}
            </span>
            <span className="streak-stat-unit">
              {current === 1 ? 'day' : 'days'} {running && current > 0 && <Flame className="streak-flame" aria-hidden="true" size={20} />}
            </span>
          </div>
          <div className="panel streak-stat">
            <span className="streak-stat-label">Longest streak</span>
            <span className="streak-stat-value" data-testid="longest-streak">
              {longest}
            </span>
            <span className="streak-stat-unit">{longest === 1 ? 'day' : 'days'}</span>
          </div>
        </div>

        <div className="panel streak-claim">
          {claimable ? (
            <>
              <p>
                Your daily reward is ready: <strong>{signedCoins(reward.amt)} Dabloons</strong>
                {reward.amt > COIN_REWARDS.streakClaim ? ' (streak bonus x2)' : ''}.
              </p>
              <button type="button" className="button streak-claim-button" data-testid="claim-streak" disabled={busy} onClick={() => void claim()}>
                Claim {formatCoins(reward.amt)} Dabloons
              </button>
            </>
          ) : (
            <p data-testid="next-claim">
              Next claim in <strong className="countdown">{nextAt ? formatCountdown(nextAt.getTime() - now.getTime()) : 'now'}</strong>
            </p>
          )}
          {lastReward !== null && (
            <p className="streak-reward" data-testid="claim-result" role="status">
              {signedCoins(lastReward)} Dabloons
            </p>
          )}
          {pending && (
            <p className="streak-pending" data-testid="claim-pending">
              Your claim is saved on this device and waits for the server to confirm it.
            </p>
          )}
          {running && lostAt && (
            <p className="streak-lose" data-testid="streak-lost-in">
              Claim again within <strong className="countdown">{formatCountdown(lostAt.getTime() - now.getTime())}</strong> to keep your streak.
            </p>
          )}
          {!running && lastClaim !== null && <p className="streak-lose">Your streak has lapsed: the next claim starts a new one.</p>}
        </div>
      </div>
      <CoinHistory data={data} userId={userId} limit={20} />
    </div>
  );
}

export default function StreakPage() {
  const { runtime, session, status } = usePortal();
  const userId = session?.user.id ?? null;
  useRefresh(['Streak', 'Coins'], reconcile);
  return (
    <Page name="streak" title="Daily streak">
      <p className="page-lead">
        Come back every day to claim {COIN_REWARDS.streakClaim} Dabloons. While your streak is alive, every Dabloon you earn is doubled. Miss more than two days
        and it starts again from one.
      </p>
      {runtime !== null && userId !== null ? (
        <StreakPanel data={runtime.data} userId={userId} />
      ) : status === 'signed-out' ? (
        <div className="panel streak-claim">
          <p>
            <NavLink to="/auth">Sign in</NavLink> to claim your daily streak and collect Dabloons.
          </p>
          <button type="button" className="button streak-claim-button" data-testid="claim-streak" onClick={() => actingUser(session)}>
            Claim {COIN_REWARDS.streakClaim} Dabloons
          </button>
        </div>
      ) : null}
    </Page>
  );
}
