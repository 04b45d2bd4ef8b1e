import { Page } from '../../app/Page.tsx';

export default function YtPage() {
  return (
    <Page name="yt" title="Videos">
      <p className="page-lead">Videos about the games on the portal will be listed here.</p>
    </Page>
  );
}
