// A run is one play of a game, from the run id the portal issued to the score that ends it. The portal
// keeps its own clock of each run, so a score cannot claim more play than the portal saw: it counts
// the time between the game's gameplay-start and gameplay-stop, or, for a game that never sends them,
// the time since the run id was issued.

/** Clocks of two windows drift a little, and messages take a moment to arrive. */
export const RUN_CLOCK_SLACK_MS = 2_000;

export interface RunClock {
  runId: string;
  issuedAt: number;
  /** Play time the portal saw in finished stretches (start to stop). */
  activeMs: number;
  /** When the current stretch of play began; null while stopped. */
  playingSince: number | null;
  /** Whether the game has reported gameplay in this run at all. */
  reported: boolean;
}

export function issueRun(runId: string, now: number): RunClock {
  return { runId, issuedAt: now, activeMs: 0, playingSince: null, reported: false };
}

export function gameplayStarted(run: RunClock, now: number): RunClock {
  if (run.playingSince !== null) return run;
  return { ...run, playingSince: now, reported: true };
}

export function gameplayStopped(run: RunClock, now: number): RunClock {
  if (run.playingSince === null) return run;
  return { ...run, activeMs: run.activeMs + Math.max(0, now - run.playingSince), playingSince: null };
}

/** The longest play the portal can vouch for in this run, at `now`. */
export function observedPlayMs(run: RunClock, now: number): number {
  if (!run.reported) return Math.max(0, now - run.issuedAt);
  return run.activeMs + (run.playingSince === null ? 0 : Math.max(0, now - run.playingSince));
}

export type RunVerdict = 'ok' | 'stale-run' | 'too-long';

/** Whether a score's run id and duration fit the run the portal is keeping. */
export function checkRunScore(run: RunClock | null, score: { runId: string; durationMs: number }, now: number): RunVerdict {
  if (run === null || score.runId !== run.runId) return 'stale-run';
  if (score.durationMs > observedPlayMs(run, now) + RUN_CLOCK_SLACK_MS) return 'too-long';
  return 'ok';
}

/**
 * The portal tells the server of each run as it issues it; the server's clock of the run starts when that
 * call arrives. A call answered within this time started the server's clock at most this late, which the
 * server's 10 s allowance covers beside RUN_CLOCK_SLACK_MS; a slower answer leaves the run unvouched, and
 * its score is sent without its run id rather than be refused for play the server did not see.
 */
export const RUN_START_PROMPT_MS = 5_000;
