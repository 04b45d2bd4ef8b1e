import { Navigate, useLocation, useParams } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { categoryLabel } from '../../domain/categories.ts';
import { findGame } from '../../domain/findApp.ts';
import { dashesToSpaces, gamePath } from '../../domain/slug.ts';
import { useCatalogueApps, useFavourites } from '../../state/useCatalogue.ts';
import { PlayerView } from '../player/PlayerView.tsx';
import { NotListed } from './NotListed.tsx';
import { AppGrid } from './AppGrid.tsx';

/** The variant layout's /class/:title: the game, then more games of its category. */
export default function GameGridPage() {
  const { title = '' } = useParams();
  const { search, hash } = useLocation();
  const apps = useCatalogueApps();
  const { ids, toggle } = useFavourites();
  const found = apps === null ? undefined : findGame(apps, title);
  const app = found?.app;
  const related = app === undefined ? [] : (apps ?? []).filter((entry) => entry.category === app.category && entry.id !== app.id);
  if (found !== undefined && !found.readable) return <Navigate replace to={{ pathname: gamePath(found.app), search, hash }} />;
  return (
    <Page name="game-grid" title={app?.title ?? dashesToSpaces(title)}>
      {app !== undefined && <PlayerView key={app.id} app={app} />}
      {apps !== null && app === undefined && <NotListed title={title} />}
      {app !== undefined && related.length > 0 && (
        <>
          <h2 className="related-heading">More {categoryLabel(app.category)} games</h2>
          <AppGrid apps={related} label={`More ${categoryLabel(app.category)} games`} favourites={ids} onToggleFavourite={toggle} />
        </>
      )}
    </Page>
  );
}
