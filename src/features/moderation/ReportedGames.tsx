import { useState } from 'react';
import { MATCH_GAME_NAMES } from '../../domain/match.ts';
import { Button } from '../../ui/Button.tsx';
import type { Decision, ReportedGame } from '../../state/moderation.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { when } from './deskDates.ts';
import { GameMoves } from './GameMoves.tsx';

const GAME_NAMES: Record<string, string> = MATCH_GAME_NAMES;

const STATUS_WORDS: Record<string, string> = {
  invited: 'an invite not answered yet',
  active: 'being played',
  finished: 'over',
  declined: 'an invite said no to',
  cancelled: 'an invite taken back',
  ended: 'ended by a moderator',
};

const NO_NAME = 'an account with no username';

function ReportedGameItem({ report, decide }: { report: ReportedGame; decide: (decision: Decision, done: string) => Promise<void> }) {
  const [showMoves, setShowMoves] = useState(false);
  const game = GAME_NAMES[report.game] ?? report.game;
  const reported = report.reported_username ?? NO_NAME;
  const subject = `${game} with ${reported}`;
  const going = report.status === 'invited' || report.status === 'active';
  return (
    <li className="desk-item" data-testid="desk-game">
      <div className="desk-details">
        <p className="desk-headline">
          {game}: {report.reporter_username ?? NO_NAME} reported {reported}
        </p>
        <p className="muted">
          The game is {STATUS_WORDS[report.status] ?? report.status}, after {report.ply} move{report.ply === 1 ? '' : 's'}. Reported {when(report.reported_at)}
          {report.reason === '' ? '.' : `: “${report.reason}”`}
        </p>
        <Button variant="secondary" size="sm" aria-expanded={showMoves} onClick={() => setShowMoves((shown) => !shown)}>
          {showMoves ? 'Hide the moves' : 'Show the moves'}
        </Button>
        {showMoves && <GameMoves matchId={report.match_id} />}
        <DecisionForm
          subject={subject}
          choices={[
            {
              label: going ? 'End game' : 'Close the report',
              variant: 'danger',
              defaultReason: going ? 'Abusive play, ended for both players.' : 'Looked at; the game was already over.',
              onDecide: (reason) => decide({ kind: 'match', matchId: report.match_id, reason }, going ? `Ended ${subject}.` : `Closed the report of ${subject}.`),
            },
          ]}
        />
      </div>
    </li>
  );
}

/** The desk's reported two-player games (issue 28): who reported whom and why, the moves, and ending the game. */
export function ReportedGames({ games, decide }: { games: ReportedGame[]; decide: (decision: Decision, done: string) => Promise<void> }) {
  return (
    <section className="desk-section" aria-labelledby="desk-games">
      <h2 id="desk-games">Reported games ({games.length})</h2>
      {games.length === 0 && <p className="muted">No game waits.</p>}
      <ul className="desk-list">
        {games.map((report) => (
          <ReportedGameItem key={report.report_id} report={report} decide={decide} />
        ))}
      </ul>
    </section>
  );
}
