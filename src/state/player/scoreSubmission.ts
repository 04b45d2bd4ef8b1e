import { useEffect, useRef, useState } from 'react';
import { isOnline } from '../../data/online.ts';
import { queueMutation } from '../../data/queue.ts';
import { failureMessages } from '../../domain/scoreFailure.ts';
import { useAccount, type Account } from '../account.ts';
import { useLoading } from '../loading.tsx';
import { watchSettled, type SettleWatch } from '../outboxOutcome.ts';
import { actingUser } from '../requireUser.ts';

/**
 * The play behind a score the game reported, for the server's checks: the run id when the server saw the
 * run start (null when it did not: offline, or too slow to vouch), the play time the game claims, whether
 * it went on from a save.
 */
export interface ScorePlay {
  runId: string | null;
  durationMs: number;
  resumed: boolean;
}

export interface ScoreEntry {
  score: number;
  proof: File;
  /** Only for the score the game reported: a score typed in carries no play. */
  play: ScorePlay | null;
}

/** How a submission ended: on the board's desk, turned down (the spec's message, then the reason), or never queued. */
export type ScoreOutcome = { kind: 'sent' } | { kind: 'refused'; messages: string[] } | { kind: 'signed-out' };

export interface ScoreSubmission {
  account: Account['state'];
  /** A score is on its way; `offline` when it was queued with no network, to wait for one. */
  sending: { offline: boolean } | null;
  /** Queues the score and its proof; resolves once the server took it or turned it down. */
  submit: (entry: ScoreEntry) => Promise<ScoreOutcome>;
}

/**
 * A game's score form's one action. The submission goes through the outbox (it waits there while
 * offline); the sync engine inserts it with submit_score and uploads the proof to
 * submissions/{id}_{file name}, withdrawing the submission if the upload is refused.
 */
export function useScoreSubmission(appId: string): ScoreSubmission {
  const account = useAccount();
  const { start, done } = useLoading();
  const [sending, setSending] = useState<{ offline: boolean } | null>(null);
  // Outcomes still awaited when the page goes: nobody is left to show them.
  const watches = useRef(new Set<SettleWatch>());
  useEffect(() => {
    const live = watches.current;
    return () => {
      for (const watch of live) watch.stop();
    };
  }, []);

  async function submit({ score, proof, play }: ScoreEntry): Promise<ScoreOutcome> {
    if (account.state !== 'signed-in') {
      actingUser(null);
      return { kind: 'signed-out' };
    }
    const { data, userId } = account;
    start('AppScoreForm');
    let watch: SettleWatch;
    try {
      const item = await queueMutation(data, {
        kind: 'submit_score',
        args: {
          p_app_id: appId,
          p_score: score,
          p_proof_bytes: proof.size,
          ...(play === null
            ? {}
            : { ...(play.runId === null ? {} : { p_run_id: play.runId }), p_duration_ms: play.durationMs, p_resumed: play.resumed }),
        },
        userId,
        blob: proof,
        blobName: proof.name,
      });
      watch = watchSettled(data, item.id);
      setSending({ offline: !isOnline() });
    } catch (error) {
      // A refusal the device already knows (MutationRefused) or a full disk: nothing was queued.
      return { kind: 'refused', messages: [error instanceof Error ? error.message : String(error)] };
    } finally {
      done('AppScoreForm');
    }
    watches.current.add(watch);
    const settled = await watch.settled;
    watches.current.delete(watch);
    setSending(null);
    return settled.confirmed ? { kind: 'sent' } : { kind: 'refused', messages: failureMessages(settled.item) };
  }

  return { account: account.state, sending, submit };
}
