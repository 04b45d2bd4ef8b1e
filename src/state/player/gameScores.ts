import { useHighScores, type HighScores } from '../useHighScores.ts';
import { useOwnScores, type OwnScoresView } from './ownScores.ts';
import { useScoreSubmission, type ScoreEntry, type ScoreOutcome, type ScoreSubmission } from './scoreSubmission.ts';

export interface GameScores {
  high: HighScores;
  own: OwnScoresView;
  submission: ScoreSubmission;
}

/**
 * A game's scores on its page: the board, the student's own list and the form's submission, kept in step:
 * a score the server took is read back into both lists, and a withdrawn one leaves the board.
 */
export function useGameScores(appId: string): GameScores {
  const high = useHighScores(appId);
  const own = useOwnScores(appId, high.refresh);
  const submission = useScoreSubmission(appId);

  async function submit(entry: ScoreEntry): Promise<ScoreOutcome> {
    const outcome = await submission.submit(entry);
    if (outcome.kind === 'sent') {
      high.refresh();
      own.reload();
    }
    return outcome;
  }

  return { high, own: own.view, submission: { ...submission, submit } };
}
