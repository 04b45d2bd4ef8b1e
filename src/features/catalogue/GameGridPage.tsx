import { useParams } from 'react-router-dom';
import { Page } from '../../app/Page.tsx';
import { dashesToSpaces } from '../../domain/slug.ts';
import { AppGrid } from './AppGrid.tsx';
import { useAppList } from './backupApps.ts';

/** The variant layout's /class/:title: the game, then more games of its category. */
export default function GameGridPage() {
  const { title = '' } = useParams();
  const shown = dashesToSpaces(title);
  const apps = useAppList();
  const app = apps?.find((entry) => dashesToSpaces(entry.title).toLowerCase() === shown.toLowerCase());
  const related = app === undefined ? [] : (apps ?? []).filter((entry) => entry.category === app.category && entry !== app);
  return (
    <Page name="game-grid" title={shown}>
      <p className="page-lead">
        {app?.description ?? 'The player for this game will be shown here.'}
      </p>
      {related.length > 0 && (
        <>
          <h2>More {app?.category} games</h2>
          <AppGrid apps={related} label={`More ${app?.category ?? ''} games`} />
        </>
      )}
    </Page>
  );
}
