import { describe, expect, it } from 'vitest';
import { checkRunScore, gameplayStarted, gameplayStopped, issueRun, observedPlayMs, RUN_CLOCK_SLACK_MS } from '../../../src/domain/gameRun.ts';

const RUN = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const OTHER = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';

describe('the portal clock of a run', () => {
  it('counts the whole run for a game that never reports gameplay', () => {
    const run = issueRun(RUN, 1_000);
    expect(observedPlayMs(run, 61_000)).toBe(60_000);
    expect(checkRunScore(run, { runId: RUN, durationMs: 60_000 + RUN_CLOCK_SLACK_MS }, 61_000)).toBe('ok');
    expect(checkRunScore(run, { runId: RUN, durationMs: 60_000 + RUN_CLOCK_SLACK_MS + 1 }, 61_000)).toBe('too-long');
  });

  it('counts only the stretches between gameplay-start and gameplay-stop once the game reports them', () => {
    let run = issueRun(RUN, 0);
    run = gameplayStarted(run, 10_000);
    run = gameplayStopped(run, 40_000); // 30 s of play
    run = gameplayStarted(run, 100_000);
    expect(observedPlayMs(run, 110_000)).toBe(40_000);
    run = gameplayStopped(run, 110_000);
    // A minute idle on the menu adds nothing.
    expect(observedPlayMs(run, 170_000)).toBe(40_000);
    expect(checkRunScore(run, { runId: RUN, durationMs: 40_000 }, 170_000)).toBe('ok');
    expect(checkRunScore(run, { runId: RUN, durationMs: 40_000 + RUN_CLOCK_SLACK_MS + 1 }, 170_000)).toBe('too-long');
  });

  it('ignores a repeated start or stop, which would otherwise restart or double a stretch', () => {
    let run = issueRun(RUN, 0);
    run = gameplayStarted(run, 1_000);
    run = gameplayStarted(run, 5_000);
    expect(observedPlayMs(run, 6_000)).toBe(5_000);
    run = gameplayStopped(run, 6_000);
    run = gameplayStopped(run, 9_000);
    expect(observedPlayMs(run, 9_000)).toBe(5_000);
  });

  it('never counts time backwards when a clock goes back', () => {
    let run = gameplayStarted(issueRun(RUN, 5_000), 5_000);
    expect(observedPlayMs(run, 4_000)).toBe(0);
    run = gameplayStopped(run, 4_000);
    expect(run.activeMs).toBe(0);
    expect(observedPlayMs(issueRun(RUN, 5_000), 4_000)).toBe(0);
  });

  it('refuses a score for another run, or before any run was issued', () => {
    const run = issueRun(RUN, 0);
    expect(checkRunScore(run, { runId: OTHER, durationMs: 0 }, 1_000)).toBe('stale-run');
    expect(checkRunScore(null, { runId: RUN, durationMs: 0 }, 1_000)).toBe('stale-run');
  });
});
