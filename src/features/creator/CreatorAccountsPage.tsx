import { Page } from '../../app/Page.tsx';

export default function CreatorAccountsPage() {
  return (
    <Page name="creator" title="Choose an account">
      <p className="page-lead">Pick the social account you want to make videos for. Your linked accounts will be listed here.</p>
    </Page>
  );
}
