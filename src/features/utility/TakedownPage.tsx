import { Page } from '../../app/Page.tsx';

export default function TakedownPage() {
  return (
    <Page name="takedown" title="Takedown requests">
      <p className="page-lead">If you own a game listed on the portal and want it removed, tell us which one and how to reach you, and we will take it down.</p>
    </Page>
  );
}
