import { Lock } from 'lucide-react';
import { unlockRateText } from '../../domain/unlockRate.ts';
import { badgeImage, useGameAchievements, type ShownAchievement } from '../../state/achievements.ts';
import { Card } from '../../ui/Card.tsx';
import './achievements.css';

function Achievement({ achievement: a }: { achievement: ShownAchievement }) {
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
        {!unlocked && a.threshold !== null && (
          <label className="achievement-progress">
            <progress max={a.threshold} value={Math.min(a.progress ?? 0, a.threshold)} />
            <span className="muted">
              {Math.min(a.progress ?? 0, a.threshold).toLocaleString('en-US')} / {a.threshold.toLocaleString('en-US')}
            </span>
          </label>
        )}
        <p className="muted achievement-rate">
          {unlocked ? 'You have it. ' : ''}
          {unlockRateText(a.unlocks, a.players)}
        </p>
      </div>
    </li>
  );
}

/** A game's achievements (issue 29): each with its unlock rate, hidden ones as "???" until unlocked, progress for stat ones. */
export function GameAchievements({ appId, title }: { appId: string; title: string }) {
  const { achievements } = useGameAchievements(appId);
  if (achievements.state === 'ready' && achievements.data.length === 0) return null;
  return (
    <Card className="game-achievements" aria-labelledby="achievements-heading" data-testid="game-achievements">
      <h2 id="achievements-heading">Achievements in {title}</h2>
      {achievements.state === 'loading' && <p className="muted">Loading…</p>}
      {achievements.state === 'error' && <p className="muted">The achievements cannot be loaded right now.</p>}
      {achievements.state === 'ready' && (
        <ul className="achievement-list">
          {achievements.data.map((a) => (
            <Achievement key={a.code} achievement={a} />
          ))}
        </ul>
      )}
    </Card>
  );
}
