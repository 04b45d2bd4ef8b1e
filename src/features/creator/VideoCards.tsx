import { Link } from 'react-router-dom';
import { platformLabel } from '../../domain/creatorSocial.ts';
import { classPath } from '../../domain/slug.ts';
import type { VideoCard } from '../../state/creator.ts';

/** Videos as cards; the video itself is a plain link (never an embed), opened in a new tab. */
export function VideoCards({ videos, apps, showAuthor = true }: { videos: VideoCard[]; apps: readonly { id: string; title: string }[] | null; showAuthor?: boolean }) {
  const titles = new Map((apps ?? []).map((app) => [app.id, app.title]));
  return (
    <ul className="video-grid">
      {videos.map((video) => {
        const app = video.app_id === null ? undefined : titles.get(video.app_id);
        return (
          <li key={video.id} className="video-card" data-testid="video-card">
            <h3>
              {video.title}
              {video.featured && <span className="creator-badge">Featured</span>}
            </h3>
            {showAuthor && (
              <p>
                by{' '}
                {video.username === null ? (
                  `@${video.handle}`
                ) : (
                  <Link to={`/class/creator?u=${encodeURIComponent(video.username)}`}>{video.username}</Link>
                )}{' '}
                on {platformLabel(video.platform)}
              </p>
            )}
            {app !== undefined && (
              <p>
                Features <Link to={classPath(app)}>{app}</Link>
              </p>
            )}
            {video.description !== '' && <p>{video.description}</p>}
            <a className="button watch" href={video.url} target="_blank" rel="noopener noreferrer">
              Watch on {platformLabel(video.platform)}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
