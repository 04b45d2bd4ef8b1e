import { Page } from '../../app/Page.tsx';

export default function TermsPage() {
  return (
    <Page name="terms" title="Terms of service">
      <p className="page-lead">Play fair and be kind: no cheating on the leaderboards, no offensive usernames or about texts, and no attempts to break the portal for others. Accounts that break these rules can be removed.</p>
    </Page>
  );
}
