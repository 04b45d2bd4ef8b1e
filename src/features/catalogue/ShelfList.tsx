import type { SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import type { AppRow } from '../../data/db.ts';
import { appThumbnail, FALLBACK_THUMBNAIL } from '../../domain/appThumbnail.ts';
import { gamePath } from '../../domain/slug.ts';

/** A missing thumbnail shows the portal's icon rather than a broken image. */
export function showFallback(event: SyntheticEvent<HTMLImageElement>): void {
  const img = event.currentTarget;
  if (!img.src.endsWith(FALLBACK_THUMBNAIL)) img.src = FALLBACK_THUMBNAIL;
}

/** Games as small links with their icons: the home page's rows and "Play next". */
export function ShelfList({ apps }: { apps: readonly AppRow[] }) {
  return (
    <ul className="shelf-list">
      {apps.map((app) => (
        <li key={app.id}>
          <Link className="shelf-item" to={gamePath(app)}>
            <img src={appThumbnail(app)} alt="" width={32} height={32} onError={showFallback} />
            {app.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
