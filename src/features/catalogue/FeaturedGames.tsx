import { Play } from 'lucide-react';
import { Link } from 'react-router-dom';
import { appThumbnail } from '../../domain/appThumbnail.ts';
import { categoryLabel } from '../../domain/categories.ts';
import type { HomePicks } from '../../domain/homePicks.ts';
import { gamePath } from '../../domain/slug.ts';
import type { AppRow } from '../../state/useCatalogue.ts';
import { GameTile, showFallback } from './ShelfList.tsx';

/**
 * The first screen of the home: the featured game, big, with its Play button, and the picks beside it
 * (two rows of four on a laptop, two columns on a phone). Its pictures are the largest paint: fetched
 * at once.
 */
export function FeaturedGames({ featured, picks }: HomePicks<AppRow>) {
  if (featured === null) return null;
  return (
    <section className="featured" aria-label="Featured games" data-testid="featured-games">
      <Link className="featured-hero" to={gamePath(featured)} data-testid="featured-game">
        <img src={appThumbnail(featured)} alt="" width={640} height={400} fetchPriority="high" decoding="async" onError={showFallback} />
        <span className="featured-text">
          <span className="badge badge-hot">Featured</span>
          <span className="featured-title">{featured.title}</span>
          <span className="featured-meta">{categoryLabel(featured.category)}</span>
          <span className="button button-lg featured-play" aria-hidden="true">
            <Play size={20} fill="currentColor" />
            Play now
          </span>
        </span>
      </Link>
      <ul className="featured-picks">
        {picks.map((app) => (
          <li key={app.id}>
            <GameTile app={app} eager />
          </li>
        ))}
      </ul>
    </section>
  );
}
