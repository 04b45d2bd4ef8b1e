import type { GameCurrentScore } from '../../domain/gameSdk.ts';
import type { ScorePlay } from '../../state/player.ts';
import type { PlayedScore } from './gameReports.ts';
import { proofFile } from './gameMessages.ts';

/** A score the game reported through the bridge, with its screenshot as a file when there was one. */
export interface ScoreOffer {
  score: number;
  proof: File | null;
  /** Changes with each report, so the same score reported twice still fills the form again. */
  nonce: number;
  /** The play behind it, for the server's checks; null for a score on the screen mid-game. */
  play: ScorePlay | null;
  /** A finished run's score (sdk:score), not the score on the screen mid-game (sdk:current-score). */
  over: boolean;
}

function proofOf(gameId: string | null, score: number, proof: string | null): File | null {
  return proof === null || gameId === null ? null : proofFile(gameId, score, proof);
}

/** A finished run's score, with its run id only when the server saw the run start. */
export function offerOfScore(gameId: string | null, message: PlayedScore, now: number): ScoreOffer {
  return {
    score: message.score,
    proof: proofOf(gameId, message.score, message.proof),
    nonce: now,
    play: { runId: message.runSeen ? message.runId : null, durationMs: message.durationMs, resumed: message.resumed },
    over: true,
  };
}

/** A score mid-game carries no run: the server takes it as it takes a score typed in. */
export function offerOfCurrentScore(gameId: string | null, message: GameCurrentScore, now: number): ScoreOffer {
  return { score: message.score, proof: proofOf(gameId, message.score, message.proof), nonce: now, play: null, over: false };
}
