import { useMemo } from 'react';
import { Page } from '../../ui/Page.tsx';
import { byCategory, homePicks } from '../../domain/homePicks.ts';
import { HOME_ROW_LIMIT, newApps, popularApps } from '../../domain/homeRows.ts';
import { useCatalogue, usePopularApps } from '../../state/useCatalogue.ts';
import { useFirstValue } from '../../state/useFirstValue.ts';
import { AfterFirstPaint } from '../../ui/AfterFirstPaint.tsx';
import { useNow } from '../../ui/useNow.ts';
import { CatalogueBrowser, type ShelfRow } from './CatalogueBrowser.tsx';
import { CategoryChips } from './CategoryChips.tsx';
import { FeaturedGames } from './FeaturedGames.tsx';

const HOUR_MS = 60 * 60 * 1000;

export default function AppListPage() {
  const { apps, source, loading } = useCatalogue();
  const ranking = usePopularApps();
  const now = useNow(HOUR_MS).getTime();
  const ready = !loading && ranking !== undefined;
  const popular = useMemo(() => popularApps(apps, ranking ?? []), [apps, ranking]);
  const fresh = useMemo(() => newApps(apps, now), [apps, now]);
  const picks = useMemo(() => homePicks(apps, ranking ?? []), [apps, ranking]);
  const categories = useMemo(() => byCategory(apps), [apps]);
  // Whether each row has a place is settled once, as the list first shows: a row that appeared (or
  // went) later would push the whole grid down (or up). What a shown row holds may still change.
  const popularShown = useFirstValue(ready ? popular.length > 0 : undefined);
  const freshShown = useFirstValue(ready ? fresh.length > 0 : undefined);
  const rows: ShelfRow[] = [];
  if (popularShown === true) rows.push({ title: 'Popular this week', apps: popular, testId: 'popular-row', empty: 'Nobody has played a game this week yet.' });
  if (freshShown === true) rows.push({ title: 'New', apps: fresh, testId: 'new-row', empty: 'No game was added in the last month.' });
  // A row shows a category's first games; "See all" opens the category (a catalogue of thousands stays light).
  for (const row of categories) rows.push({ title: row.name, apps: row.apps.slice(0, HOME_ROW_LIMIT), testId: `category-row-${row.path.slice(1)}`, empty: '', more: row.path });
  return (
    <Page name="app-list" title="Games" heading="Games">
      <p className="page-lead">Pick a game and play right in your browser. Games marked “plays offline” work without a connection.</p>
      {ready && (
        <>
          <FeaturedGames featured={picks.featured} picks={picks.picks} />
          <CategoryChips apps={apps} />
          <AfterFirstPaint>
            <CatalogueBrowser apps={apps} label="All games" source={source} rows={rows} popular={popular} />
          </AfterFirstPaint>
        </>
      )}
    </Page>
  );
}
