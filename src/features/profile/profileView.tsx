import { Link } from 'react-router-dom';
import type { ShopItemRow, TitledPlay } from '../../state/profile.ts';
import { formatMinutes } from '../../domain/formatMinutes.ts';
import { levelFromStats } from '../../domain/level.ts';
import { iconLook } from '../../domain/profileIcons.ts';
import type { ShownProfile } from '../../domain/shownProfile.ts';
import { classPath } from '../../domain/slug.ts';
import { ItemPicture } from '../../ui/ItemPicture.tsx';
import { ProfileIcon } from '../../ui/ProfileIcon.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** The page heading of a profile: its username. */
export function profileHeading(username: string) {
  return <span data-testid="profile-username">@{username}</span>;
}

export function ProfileView({
  profile,
  items,
  recent,
  own,
}: {
  profile: ShownProfile;
  items: readonly ShopItemRow[];
  recent: TitledPlay[] | null | Error;
  own: boolean;
}) {
  const level = levelFromStats({ timeSpent: profile.time_spent, highestStreak: profile.longest_streak, appsPlayed: profile.apps_played });
  const toNext = Math.ceil((level.nextLevelExperience - level.experience) * 10) / 10;
  const badges = profile.badges.map((id) => items.find((item) => item.id === id) ?? { id, name: id, type: 'badge', asset: {} });
  return (
    <>
      <div className="profile-header">
        <ProfileIcon icon={profile.icon} size={88} look={iconLook(profile.icon, items)} />
        <div>
          <p className="profile-meta" data-testid="profile-joined">
            Joined {dateFormat.format(new Date(profile.created_at))}
          </p>
          {badges.length > 0 && (
            <ul className="badge-list" aria-label="Badges" data-testid="profile-badges">
              {badges.map((badge) => (
                <li key={badge.id}>
                  <ItemPicture item={badge} size={20} /> {badge.name}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {profile.user_about ? (
        <p className="profile-about" data-testid="profile-about">
          {profile.user_about}
        </p>
      ) : (
        own && <p className="page-lead">You have not written anything about yourself yet.</p>
      )}

      <div className="level-bar" data-testid="profile-level">
        <p>
          <strong>Level {level.level}</strong>
          <span>
            {toNext} XP to level {level.level + 1}
          </span>
        </p>
        <progress max={1} value={level.progress} aria-label={`Progress to level ${level.level + 1}`} />
      </div>

      <dl className="stat-grid">
        <div>
          <dt>Current streak</dt>
          <dd data-testid="profile-current-streak">{profile.current_streak}</dd>
        </div>
        <div>
          <dt>Longest streak</dt>
          <dd data-testid="profile-longest-streak">{profile.longest_streak}</dd>
        </div>
        <div>
          <dt>Apps played</dt>
          <dd data-testid="profile-apps-played">{profile.apps_played}</dd>
        </div>
        <div>
          <dt>Time spent</dt>
          <dd data-testid="profile-time-spent">{formatMinutes(profile.time_spent)}</dd>
        </div>
      </dl>

      <h2>Recently played</h2>
      {recent instanceof Error ? (
        <p className="page-lead">Recent plays cannot be loaded right now{navigator.onLine ? '' : ' (you are offline)'}.</p>
      ) : recent === null ? (
        <p className="page-lead">Loading…</p>
      ) : recent.length === 0 ? (
        <p className="page-lead">No games played yet.</p>
      ) : (
        <ul className="recent-plays" data-testid="recent-plays">
          {recent.map((play) => (
            <li key={play.app_id}>
              <Link to={classPath(play.title)}>{play.title}</Link>
              <time dateTime={play.updated_at}>{dateFormat.format(new Date(play.updated_at))}</time>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
