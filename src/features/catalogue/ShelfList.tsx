import type { SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import type { AppRow } from '../../store/db.ts';
import { appThumbnail, FALLBACK_THUMBNAIL } from '../../domain/appThumbnail.ts';
import { gamePath } from '../../domain/slug.ts';

/** A missing thumbnail shows the portal's icon rather than a broken image. */
export function showFallback(event: SyntheticEvent<HTMLImageElement>): void {
  const img = event.currentTarget;
  if (!img.src.endsWith(FALLBACK_THUMBNAIL)) img.src = FALLBACK_THUMBNAIL;
}

/** One game as a big thumbnail with its title under it; on hover or focus it lifts. Its text is its title alone. */
export function GameTile({ app, eager = false }: { app: AppRow; eager?: boolean }) {
  return (
    <Link className="game-tile" to={gamePath(app)}>
      <span className="game-tile-picture">
        <img src={appThumbnail(app)} alt="" width={320} height={200} loading={eager ? 'eager' : 'lazy'} decoding="async" onError={showFallback} />
      </span>
      <span className="game-tile-title">{app.title}</span>
    </Link>
  );
}

/** Games as a row of big thumbnails: the home page's rows and "Play next". More than fit scroll sideways. */
export function ShelfList({ apps }: { apps: readonly AppRow[] }) {
  return (
    <ul className="shelf-list">
      {apps.map((app) => (
        <li key={app.id}>
          <GameTile app={app} />
        </li>
      ))}
    </ul>
  );
}
