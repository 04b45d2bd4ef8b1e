import { ChevronRight, SearchX } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePortal } from '../../state/portal.tsx';
import type { AppRow } from '../../store/db.ts';
import type { CatalogueSource } from '../../data/queries/refreshCatalogue.ts';
import { rememberShelves } from '../../data/shelfHint.ts';
import { searchIn, searchIndex } from '../../domain/search.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { AppGrid } from './AppGrid.tsx';
import { ShelfList } from './ShelfList.tsx';
import { useFavourites } from './useFavourites.ts';
import { useRecentlyPlayed } from './useRecentlyPlayed.ts';

export type SearchField = 'title' | 'category' | 'description';

const FIELDS: { value: SearchField; label: string }[] = [
  { value: 'title', label: 'Title' },
  { value: 'category', label: 'Category' },
  { value: 'description', label: 'Description' },
];

export interface ShelfRow {
  title: string;
  apps: AppRow[];
  testId: string;
  /** Said in the row's place when it has its place on the page but nothing left to show. */
  empty: string;
  /** The page with all of the row's games (a category's), linked beside its title. */
  more?: string;
}

function Shelf({ title, apps, testId, note }: { title: string; apps: AppRow[]; testId: string; note?: string }) {
  if (apps.length === 0) return null;
  return (
    <section className="shelf" aria-label={title} data-testid={testId}>
      <h2>
        {title}
        {note !== undefined && <small className="shelf-note"> · {note}</small>}
      </h2>
      <ShelfList apps={apps} />
    </section>
  );
}

/** A row of one line that keeps its height whatever it holds: see .shelf-row in catalogue.css. */
function FixedShelf({ row }: { row: ShelfRow }) {
  return (
    <section className="shelf shelf-row" aria-label={row.title} data-testid={row.testId}>
      <div className="shelf-head">
        <h2>{row.title}</h2>
        {row.more !== undefined && (
          <Link className="shelf-more" to={row.more}>
            See all<span className="visually-hidden"> {row.title} games</span>
            <ChevronRight aria-hidden="true" size={18} />
          </Link>
        )}
      </div>
      {row.apps.length > 0 ? <ShelfList apps={row.apps} /> : <p className="shelf-empty">{row.empty}</p>}
    </section>
  );
}

/**
 * The searchable list of apps with favourites and recent plays on top. The filter runs on every
 * keystroke: one pass over text lower-cased once per list, and the grid renders only the rows in view.
 */
const SOURCE_NOTES: Record<CatalogueSource, string | null> = {
  server: null,
  cache: null,
  backup: 'Showing the games that come with the portal: the full list could not be loaded right now.',
};

interface CatalogueBrowserProps {
  apps: AppRow[];
  label: string;
  /** Favourites and recently played above the grid (the main lists, not a category's). */
  shelves?: boolean;
  /** Rows of the home page below the student's own ("Popular this week", "New"). */
  rows?: readonly ShelfRow[];
  source?: CatalogueSource;
}

export function CatalogueBrowser({ apps, label, shelves = true, rows = [], source = 'server' }: CatalogueBrowserProps) {
  const [query, setQuery] = useState('');
  const [field, setField] = useState<SearchField>('title');
  const { ids: favouriteIds, known: favouritesKnown, toggle } = useFavourites();
  const recentIds = useRecentlyPlayed();

  const byId = useMemo(() => new Map(apps.map((app) => [app.id, app])), [apps]);
  const index = useMemo(() => searchIndex(apps, field), [apps, field]);
  const shown = useMemo(() => searchIn(index, query), [index, query]);
  const favourites = useMemo(() => apps.filter((app) => favouriteIds.has(app.id)), [apps, favouriteIds]);
  const recent = useMemo(() => (recentIds ?? []).map((id) => byId.get(id)).filter((app) => app !== undefined), [recentIds, byId]);
  const searching = query.trim() !== '';
  // The grid waits for the shelves above it (two reads of this device's storage, a few milliseconds), so
  // it shows in its place at once instead of being pushed down when they arrive.
  // Once the grid has shown it stays: when the runtime arrives, its reads of the shelves replace the
  // device's note of them (data/shelfHint.ts) without taking the grid away while they run.
  const readsKnown = favouritesKnown && recentIds !== undefined;
  const shownOnce = useRef(false);
  if (!shelves || readsKnown) shownOnce.current = true;
  const shelvesKnown = shownOnce.current;
  const { runtime } = usePortal();
  const anyShelf = favouriteIds.size > 0 || (recentIds?.length ?? 0) > 0;
  // What this device's shelves hold, as read through the runtime: the next page that opens before the
  // runtime knows whether to wait for them.
  useEffect(() => {
    if (shelves && readsKnown && runtime !== null) rememberShelves(anyShelf);
  }, [shelves, readsKnown, runtime, anyShelf]);

  const note = SOURCE_NOTES[source];

  return (
    <>
      {note !== null && (
        <p className="source-note" data-testid="catalogue-source">
          {note}
        </p>
      )}
      <form className="search-bar" role="search" onSubmit={(event) => event.preventDefault()}>
        <label className="visually-hidden" htmlFor="app-search">
          Search games
        </label>
        <input
          id="app-search"
          className="input"
          type="search"
          placeholder={`Search by ${field}…`}
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
          data-testid="app-search"
        />
        <label className="visually-hidden" htmlFor="app-search-field">
          Search in
        </label>
        <select id="app-search-field" className="input" value={field} onChange={(event) => setField(event.target.value as SearchField)} data-testid="app-search-field">
          {FIELDS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </form>
      {shelvesKnown && (
        <>
          {shelves && !searching && (
            <>
              <Shelf title="Your favourites" apps={favourites} testId="favourites" note="kept on this device" />
              <Shelf title="Continue playing" apps={recent} testId="recently-played" />
              {rows.map((row) => (
                <FixedShelf key={row.testId} row={row} />
              ))}
            </>
          )}
          <p className="search-count" aria-live="polite" data-testid="app-count">
            {searching ? `${shown.length} of ${apps.length} games match “${query.trim()}”` : `${apps.length} games`}
          </p>
          <AppGrid apps={shown} label={label} favourites={favouriteIds} onToggleFavourite={toggle} />
          {searching && shown.length === 0 && (
            <EmptyState
              icon={<SearchX size={30} />}
              title="No game matches that"
              action={
                <Button variant="secondary" onClick={() => setQuery('')}>
                  Show every game
                </Button>
              }
            >
              Try fewer letters, or search in {field === 'title' ? 'the descriptions' : 'the titles'} instead.
            </EmptyState>
          )}
        </>
      )}
    </>
  );
}
