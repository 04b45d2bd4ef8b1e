import type { ReactNode } from 'react';
import { Check, Flame } from 'lucide-react';
import toast from 'react-hot-toast';
import { NavLink } from 'react-router-dom';
import { formatCoins, signedCoins } from '../../domain/coinText.ts';
import { COIN_REWARDS, withStreakBonus } from '../../domain/coins.ts';
import { formatCountdown } from '../../domain/countdown.ts';
import { canClaim, effectiveCurrentStreak, hasStreak, nextClaimAt, streakLostAt } from '../../domain/streak.ts';
import { STREAK_WEEK_DAYS, streakWeekFilled } from '../../domain/streakWeek.ts';
import { useStreak, type StreakView } from '../../state/streak.ts';
import { CoinIcon } from '../../ui/CoinIcon.tsx';
import { Page } from '../../ui/Page.tsx';
import { useNow } from '../../ui/useNow.ts';
import { CoinHistory } from '../coins/CoinHistory.tsx';
import './streak.css';

/** The success notice of a claim, with what it earned. */
export function streakClaimedNotice(amount: number): string {
  return `Streak claimed! ${signedCoins(amount)} Dabloons`;
}

/** The claim's card, first on the page: a flame, what there is to claim, and (signed in) the week's marks. */
function StreakHero({ ready, lit, title, week, children }: { ready: boolean; lit: boolean; title: string; week?: number; children: ReactNode }) {
  return (
    <section className="streak-hero" data-ready={ready} aria-labelledby="streak-hero-title">
      <span className="streak-hero-flame" data-lit={lit}>
        <Flame aria-hidden="true" size={44} strokeWidth={2.2} />
      </span>
      <div className="streak-hero-body">
        <h2 id="streak-hero-title" className="streak-hero-title">
          {title}
        </h2>
        {children}
      </div>
      {week !== undefined && (
        <ol className="streak-week" aria-label={`Day ${week} of ${STREAK_WEEK_DAYS} this week`}>
          {Array.from({ length: STREAK_WEEK_DAYS }, (_, day) => (
            <li key={day} className="streak-week-day" data-filled={day < week}>
              {day < week ? <Check aria-hidden="true" size={16} strokeWidth={3} /> : day + 1}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function StreakPanel({ view }: { view: StreakView }) {
  const now = useNow();
  const { streak, busy, lastReward, pending } = view;
  const lastClaim = streak?.last_claim ?? null;
  const current = streak ? effectiveCurrentStreak(streak, now) : 0;
  const longest = streak?.longest_streak ?? 0;
  const claimable = streak !== undefined && canClaim(lastClaim, now);
  const running = hasStreak(lastClaim, now);
  const reward = withStreakBonus({ amt: COIN_REWARDS.streakClaim, why: 'streak claim' }, current);
  const nextAt = nextClaimAt(lastClaim);
  const lostAt = streakLostAt(lastClaim);

  async function claim() {
    const amount = await view.claim();
    if (amount !== null) toast.success(streakClaimedNotice(amount));
  }

  return (
    <div className="streak-layout">
      <div className="streak-main">
        <StreakHero ready={claimable} lit={running && current > 0} title={claimable ? 'Your daily reward is ready' : 'Claimed for today'} week={streakWeekFilled(current)}>
          {claimable ? (
            <>
              <p className="streak-hero-amount">
                <CoinIcon size={26} />
                {signedCoins(reward.amt)} Dabloons
                {reward.amt > COIN_REWARDS.streakClaim && <span className="badge badge-hot">Streak bonus x2</span>}
              </p>
              <button type="button" className="button button-lg streak-claim-button" data-testid="claim-streak" disabled={busy} onClick={() => void claim()}>
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
        </StreakHero>

        <div className="streak-stats">
          <div className="panel streak-stat">
            <span className="streak-stat-label">Current streak</span>
            <span className="streak-stat-value" data-testid="current-streak">
              {current}
            </span>
            <span className="streak-stat-unit">{current === 1 ? 'day' : 'days'}</span>
          </div>
          <div className="panel streak-stat">
            <span className="streak-stat-label">Longest streak</span>
            <span className="streak-stat-value" data-testid="longest-streak">
              {longest}
            </span>
            <span className="streak-stat-unit">{longest === 1 ? 'day' : 'days'}</span>
          </div>
        </div>
      </div>
      <CoinHistory limit={20} />
    </div>
  );
}

export default function StreakPage() {
  const view = useStreak();
  return (
    <Page name="streak" title="Daily streak">
      <p className="page-lead">
        Come back every day to claim {COIN_REWARDS.streakClaim} Dabloons. While your streak is alive, every Dabloon you earn is doubled. Miss more than two days
        and it starts again from one.
      </p>
      {view.account === 'signed-in' ? (
        <StreakPanel view={view} />
      ) : view.account === 'signed-out' ? (
        <StreakHero ready lit={false} title={`${COIN_REWARDS.streakClaim} Dabloons, every day you come back`}>
          <p>
            <NavLink to="/auth">Sign in</NavLink> to claim your daily streak and collect Dabloons.
          </p>
          <button type="button" className="button button-lg streak-claim-button" data-testid="claim-streak" onClick={() => void view.claim()}>
            Claim {COIN_REWARDS.streakClaim} Dabloons
          </button>
        </StreakHero>
      ) : null}
    </Page>
  );
}
