import { useParams } from 'react-router-dom';
import { Page } from '../../app/Page.tsx';
import { dashesToSpaces } from '../../domain/slug.ts';
import { useAppList } from './backupApps.ts';

/** One app's page: from /class/:appTitle, or the featured app given as `title` on a featured-app deployment. */
export default function AppDetailPage({ title }: { title?: string }) {
  const { appTitle } = useParams();
  const shown = dashesToSpaces(title ?? appTitle);
  const apps = useAppList();
  const wanted = shown.toLowerCase();
  const app = apps?.find((entry) => dashesToSpaces(entry.title).toLowerCase() === wanted);
  return (
    <Page name="app-detail" title={shown}>
      {app !== undefined && (
        <p className="page-lead">
          {app.description} <span className="app-card-meta">({app.category})</span>
        </p>
      )}
      {apps !== null && app === undefined && (
        <p className="page-lead">This game is not in the list yet. It may have been renamed or removed.</p>
      )}
      <p className="page-lead">The player, your play time and the high scores of this game will be shown here.</p>
    </Page>
  );
}
