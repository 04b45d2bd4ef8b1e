import { useParams } from 'react-router-dom';
import { Page } from '../../app/Page.tsx';
import { dashesToSpaces } from '../../domain/slug.ts';
import { PlayerView } from '../player/PlayerView.tsx';
import { NotListed } from './NotListed.tsx';
import { useCatalogueApps } from '../../ui/useCatalogue.ts';
import { findAppByTitle } from '../../domain/findApp.ts';

/** One app's page: from /class/:appTitle, or the featured app given as `title` on a featured-app deployment. */
export default function AppDetailPage({ title }: { title?: string }) {
  const { appTitle } = useParams();
  const wanted = title ?? appTitle ?? '';
  const apps = useCatalogueApps();
  const app = apps === null ? undefined : findAppByTitle(apps, wanted);
  return (
    <Page name="app-detail" title={app?.title ?? dashesToSpaces(wanted)}>
      {app !== undefined && <PlayerView key={app.id} app={app} />}
      {apps !== null && app === undefined && <NotListed title={wanted} />}
    </Page>
  );
}
