import { Page } from '../../app/Page.tsx';

export default function CreatorAppPage() {
  return (
    <Page name="class-creator" title="Creator">
      <p className="page-lead">The creator app: make and manage videos about your favourite games. Creator tools come here.</p>
    </Page>
  );
}
