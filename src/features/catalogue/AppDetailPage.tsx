import { Navigate, useLocation, useParams } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { findGame } from '../../domain/findApp.ts';
import { dashesToSpaces, gamePath } from '../../domain/slug.ts';
import { PlayerView } from '../player/PlayerView.tsx';
import { NotListed } from './NotListed.tsx';
import { useCatalogueApps } from '../../state/useCatalogue.ts';

/** One app's page: from /class/:appTitle, or the featured app given as `title` on a featured-app deployment. */
export default function AppDetailPage({ title }: { title?: string }) {
  const { appTitle } = useParams();
  const { search, hash } = useLocation();
  const wanted = title ?? appTitle ?? '';
  const apps = useCatalogueApps();
  const found = apps === null ? undefined : findGame(apps, wanted);
  // An old or hand-typed address opens the game at its readable one, in place of the old in history.
  if (title === undefined && found !== undefined && !found.readable) return <Navigate replace to={{ pathname: gamePath(found.app), search, hash }} />;
  const app = found?.app;
  return (
    <Page name="app-detail" title={app?.title ?? dashesToSpaces(wanted)}>
      {app !== undefined && <PlayerView key={app.id} app={app} />}
      {apps !== null && app === undefined && <NotListed title={wanted} />}
    </Page>
  );
}
