import { ChevronRight, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { closestTitles } from '../../domain/closestTitles.ts';
import { searchIn, searchIndex } from '../../domain/search.ts';
import { useShelves, type AppRow, type CatalogueSource } from '../../state/useCatalogue.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { AppGrid } from './AppGrid.tsx';
import { GameSearch } from './GameSearch.tsx';
import { ShelfList } from './ShelfList.tsx';

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
  /** The week's most played games: offered when a search matches nothing and no title is near it. */
  popular?: readonly AppRow[];
}

/** How many games an empty search offers in its place. */
const INSTEAD = 4;

/**
 * The searchable list of apps with favourites and recent plays on top. The filter runs on every
 * keystroke: one pass over text lower-cased once per list, and the grid renders only the rows in view.
 */
export function CatalogueBrowser({ apps, label, shelves = true, rows = [], source = 'server', popular = [] }: CatalogueBrowserProps) {
  const [query, setQuery] = useState('');
  const [field, setField] = useState<SearchField>('title');
  const { favourites, recent, favouriteIds, toggleFavourite, known: shelvesKnown } = useShelves(apps, shelves);

  const index = useMemo(() => searchIndex(apps, field), [apps, field]);
  const shown = useMemo(() => searchIn(index, query), [index, query]);
  const searching = query.trim() !== '';
  const nothing = searching && shown.length === 0;
  // Nothing matches: the titles the query was probably after, else the week's most played, else the first games.
  const near = useMemo(() => (nothing ? closestTitles(apps, query, INSTEAD) : []), [nothing, apps, query]);
  const instead = near.length > 0 ? near : (popular.length > 0 ? popular : apps).slice(0, INSTEAD);
  const note = SOURCE_NOTES[source];

  return (
    <>
      {note !== null && (
        <p className="source-note" data-testid="catalogue-source">
          {note}
        </p>
      )}
      <form className="search-bar" role="search" onSubmit={(event) => event.preventDefault()}>
        <GameSearch query={query} onQuery={setQuery} matches={shown} placeholder={`Search by ${field}…`} />
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
          <AppGrid apps={shown} label={label} favourites={favouriteIds} onToggleFavourite={toggleFavourite} />
          {nothing && (
            <>
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
              {instead.length > 0 && (
                <section className="shelf search-instead" aria-label={near.length > 0 ? 'Did you mean' : 'Try one of these'} data-testid="search-instead">
                  <h2>{near.length > 0 ? 'Did you mean' : 'Try one of these'}</h2>
                  <ShelfList apps={instead} />
                </section>
              )}
            </>
          )}
        </>
      )}
    </>
  );
}
