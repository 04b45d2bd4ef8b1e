import { useId, type SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import { appThumbnail, FALLBACK_THUMBNAIL } from '../../domain/appThumbnail.ts';
import { categoryLabel } from '../../domain/categories.ts';
import { gamePath } from '../../domain/slug.ts';
import type { AppRow } from '../../state/useCatalogue.ts';

/** A missing thumbnail shows the portal's icon rather than a broken image. */
export function showFallback(event: SyntheticEvent<HTMLImageElement>): void {
  const img = event.currentTarget;
  if (!img.src.endsWith(FALLBACK_THUMBNAIL)) img.src = FALLBACK_THUMBNAIL;
}

/**
 * What a game is, over its picture while the pointer rests on it or the keyboard is on it (catalogue.css):
 * it covers the picture and moves nothing. The link names the game by its title alone and is described by
 * this, so it is hidden from the link's name but read as its description.
 */
export function GamePreview({ id, app }: { id: string; app: AppRow }) {
  return (
    <span id={id} className="game-preview" aria-hidden="true" data-testid="game-preview">
      <span className="game-preview-meta">{categoryLabel(app.category)}</span>
      {app.description.trim() !== '' && <span className="game-preview-text">{app.description}</span>}
    </span>
  );
}

/**
 * One game as a big thumbnail with its title under it; on hover or focus it lifts and says what the game
 * is. The link's text is its title alone: the preview lies over the picture from beside the link.
 */
export function GameTile({ app, eager = false }: { app: AppRow; eager?: boolean }) {
  const previewId = useId();
  return (
    <div className="game-tile-place">
      <Link className="game-tile" to={gamePath(app)} aria-describedby={previewId}>
        <span className="game-tile-picture">
          <img src={appThumbnail(app)} alt="" width={320} height={200} loading={eager ? 'eager' : 'lazy'} decoding="async" onError={showFallback} />
        </span>
        <span className="game-tile-title">{app.title}</span>
      </Link>
      <GamePreview id={previewId} app={app} />
    </div>
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
