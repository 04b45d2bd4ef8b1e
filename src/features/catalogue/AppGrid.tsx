import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { appThumbnail } from '../../domain/appThumbnail.ts';
import { categoryLabel } from '../../domain/categories.ts';
import { gamePath } from '../../domain/slug.ts';
import type { AppRow } from '../../state/useCatalogue.ts';
import { GamePreview, showFallback } from './ShelfList.tsx';
import './catalogue.css';

/** Matches .vgrid-row and .vgrid-plain in catalogue.css: the narrowest a card gets and the gap between cards. */
const MIN_CARD_PX = 216;
const GAP_PX = 16;

/** Image (8:5 of the card's width) plus the text under it; rows are measured once rendered. */
const CARD_BODY_PX = 92;

/**
 * Never fewer than two: one card across a phone made it 350 px tall, two to a screen, where a student
 * should see at least four games before scrolling (the .vgrid-plain rule in CSS does the same).
 */
export function columnsFor(width: number): number {
  return Math.max(2, Math.floor((width + GAP_PX) / (MIN_CARD_PX + GAP_PX)));
}

interface AppGridProps {
  apps: readonly AppRow[];
  label: string;
  favourites?: ReadonlySet<string>;
  onToggleFavourite?: (appId: string) => void;
}

// A keystroke in the search box re-renders the grid; the cards still in view are left as they are.
const AppCard = memo(function AppCard({
  app,
  position,
  total,
  firstRow,
  favourite,
  onToggleFavourite,
}: {
  app: AppRow;
  /** 1-based place in the whole list: only the cards in view are in the page, so each says where it sits. */
  position: number;
  total: number;
  /** The first row is what the student sees first (the largest paint): fetched at once, ahead of the rest. */
  firstRow: boolean;
  favourite: boolean;
  onToggleFavourite?: (appId: string) => void;
}) {
  const previewId = useId();
  return (
    <div className="vgrid-cell" role="listitem" aria-posinset={position} aria-setsize={total}>
      <Link className="app-card" to={gamePath(app)} aria-describedby={previewId} data-testid="app-card">
        <span className="app-card-picture">
          <img
            src={appThumbnail(app)}
            alt=""
            loading={firstRow ? 'eager' : 'lazy'}
            fetchPriority={firstRow ? 'high' : 'auto'}
            decoding="async"
            width={320}
            height={200}
            onError={showFallback}
          />
          <GamePreview id={previewId} app={app} />
        </span>
        <div className="app-card-body">
          <h2 className="app-card-title">{app.title}</h2>
          <p className="app-card-meta">
            {categoryLabel(app.category)}
            {app.bundled ? ' · plays offline' : ''}
          </p>
        </div>
      </Link>
      {onToggleFavourite !== undefined && (
        <button
          type="button"
          className={favourite ? 'star star-on' : 'star'}
          aria-pressed={favourite}
          aria-label={favourite ? `Remove ${app.title} from favourites` : `Add ${app.title} to favourites`}
          title={favourite ? 'Remove from favourites' : 'Add to favourites'}
          onClick={() => onToggleFavourite(app.id)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
            <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8z" />
          </svg>
        </button>
      )}
    </div>
  );
});

/**
 * Up to this many cards the grid is plain CSS: nothing is measured before the cards show and nothing
 * renders twice, where the virtual grid measures its width and rows in layout effects and renders again
 * at once (a 140 ms task on the phone Lighthouse emulates, before the largest paint, with 14 games).
 */
export const PLAIN_GRID_MAX = 60;

/** The widest page (72rem) holds five cards a row: the cards that may be in the first row load at once. */
const FIRST_ROW_MAX = 5;

/** The app cards in a grid: plain for a list of a few dozen, virtual beyond. */
export function AppGrid(props: AppGridProps) {
  return props.apps.length <= PLAIN_GRID_MAX ? <PlainGrid {...props} /> : <VirtualGrid {...props} />;
}

/** Every card, in a CSS grid of as many 216 px columns as fit, and two at least (the virtual grid's columnsFor, in CSS). */
function PlainGrid({ apps, label, favourites, onToggleFavourite }: AppGridProps) {
  return (
    <div className="vgrid vgrid-plain" role="list" aria-label={label} data-testid="app-grid" data-count={apps.length}>
      {apps.map((app, index) => (
        <AppCard
          key={app.id}
          app={app}
          position={index + 1}
          total={apps.length}
          firstRow={index < FIRST_ROW_MAX}
          favourite={favourites?.has(app.id) ?? false}
          {...(onToggleFavourite ? { onToggleFavourite } : {})}
        />
      ))}
    </div>
  );
}

/**
 * The app cards in a grid that renders only the rows near the viewport, so a catalogue of thousands
 * scrolls as smoothly as one of ten. The page itself scrolls (no inner scroll box).
 */
function VirtualGrid({ apps, label, favourites, onToggleFavourite }: AppGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [offset, setOffset] = useState(0);

  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => {
      setWidth(element.clientWidth);
      setOffset(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const columns = columnsFor(width);
  const cardWidth = width === 0 ? MIN_CARD_PX : (width - GAP_PX * (columns - 1)) / columns;
  const rowCount = Math.ceil(apps.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => Math.round((cardWidth * 5) / 8 + CARD_BODY_PX + GAP_PX),
    overscan: 3,
    scrollMargin: offset,
  });

  return (
    <div
      ref={ref}
      className="vgrid"
      role="list"
      aria-label={label}
      data-testid="app-grid"
      data-count={apps.length}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          ref={virtualizer.measureElement}
          data-index={row.index}
          className="vgrid-row"
          role="none"
          style={{
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          }}
        >
          {apps.slice(row.index * columns, row.index * columns + columns).map((app, column) => (
            <AppCard
              key={app.id}
              app={app}
              position={row.index * columns + column + 1}
              total={apps.length}
              firstRow={row.index === 0}
              favourite={favourites?.has(app.id) ?? false}
              {...(onToggleFavourite ? { onToggleFavourite } : {})}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
