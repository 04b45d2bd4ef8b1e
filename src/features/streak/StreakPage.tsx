import { Page } from '../../app/Page.tsx';

export default function StreakPage() {
  return (
    <Page name="streak" title="Daily streak">
      <p className="page-lead">Come back every day to claim your streak. While your streak is alive, every Dabloon you earn is doubled.</p>
    </Page>
  );
}
