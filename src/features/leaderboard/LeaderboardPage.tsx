import { Page } from '../../app/Page.tsx';

export default function LeaderboardPage() {
  return (
    <Page name="leaderboard" title="Leaderboard">
      <p className="page-lead">The top players by streak, time spent, games played and Dabloons earned this week, plus each game's high scores.</p>
    </Page>
  );
}
