import { Page } from '../../app/Page.tsx';

export default function CachePage() {
  return (
    <Page name="cache" title="Offline cache">
      <p className="page-lead">
        Once you have opened the portal, it is saved in your browser: the bundled games and the game list keep working with
        no connection. Streak claims and purchases made offline are sent when you are back online.
      </p>
    </Page>
  );
}
