import { Lock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { unlockRateText } from '../../domain/unlockRate.ts';
import { badgeImage, useGameAchievements, type ShownAchievement } from '../../state/achievements.ts';
import { Card } from '../../ui/Card.tsx';
import './achievements.css';

/**
 * One achievement. `tracked`: the student is signed in, so a stat's progress is theirs (a visitor's would
 * read 0 / N for ever). `rated`: somebody has unlocked one of the game's achievements, so each row says how
 * many (on a new game every row said "Not unlocked by anyone yet"; the list says it once instead).
 */
function Achievement({ achievement: a, tracked, rated }: { achievement: ShownAchievement; tracked: boolean; rated: boolean }) {
  const unlocked = a.unlockedAt !== null;
  return (
    <li className={unlocked ? 'achievement achievement-unlocked' : 'achievement'} data-testid="achievement">
      {a.icon === null ? (
        <span className="achievement-icon achievement-icon-hidden" aria-hidden="true">
          <Lock size={20} />
        </span>
      ) : (
        <img className="achievement-icon" src={badgeImage(a.icon)} alt="" width={40} height={40} />
      )}
      <div className="achievement-text">
        <strong>{a.title}</strong> <span className="muted">· {a.points} points</span>
        <p className="achievement-description">{a.description}</p>
        {tracked && !unlocked && a.threshold !== null && (
          <label className="achievement-progress">
            <progress max={a.threshold} value={Math.min(a.progress ?? 0, a.threshold)} />
            <span className="muted">
              {Math.min(a.progress ?? 0, a.threshold).toLocaleString('en-US')} / {a.threshold.toLocaleString('en-US')}
            </span>
          </label>
        )}
        {(unlocked || rated) && (
          <p className="muted achievement-rate">
            {unlocked ? 'You have it. ' : ''}
            {rated && unlockRateText(a.unlocks, a.players)}
          </p>
        )}
      </div>
    </li>
  );
}

/** The list of a game's achievements, and once above it what holds for all of them. */
export function AchievementList({ list, tracked, signedOut }: { list: ShownAchievement[]; tracked: boolean; signedOut: boolean }) {
  const rated = list.some((a) => a.unlocks > 0);
  return (
    <>
      {(signedOut || !rated) && (
        <p className="achievement-lead" data-testid="achievements-lead">
          {!rated && 'Nobody has unlocked one yet: be the first. '}
          {signedOut && (
            <>
              <Link to="/auth">Sign in</Link> to earn them and follow your progress.
            </>
          )}
        </p>
      )}
      <ul className="achievement-list">
        {list.map((a) => (
          <Achievement key={a.code} achievement={a} tracked={tracked} rated={rated} />
        ))}
      </ul>
    </>
  );
}

/** A game's achievements (issue 29): each with its unlock rate, hidden ones as "???" until unlocked, progress for stat ones. */
export function GameAchievements({ appId, title }: { appId: string; title: string }) {
  const { account, achievements } = useGameAchievements(appId);
  if (achievements.state === 'ready' && achievements.data.length === 0) return null;
  return (
    <Card className="game-achievements" aria-labelledby="achievements-heading" data-testid="game-achievements">
      <h2 id="achievements-heading">Achievements in {title}</h2>
      {achievements.state === 'loading' && <p className="muted">Loading…</p>}
      {achievements.state === 'error' && <p className="muted">The achievements cannot be loaded right now.</p>}
      {achievements.state === 'ready' && (
        <AchievementList list={achievements.data} tracked={account === 'signed-in'} signedOut={account === 'signed-out'} />
      )}
    </Card>
  );
}
