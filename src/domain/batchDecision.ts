import { RESEND_EXPIRED } from './messages.ts';
import { mayResend, type SentWork } from './resendWindow.ts';
import { classifyResult, errorOf, type Disposition, type ItemAnswer, type SendError } from './syncFailure.ts';

/**
 * What a drain of the outbox does with one batch: before sending it, once the call failed as a whole,
 * and once the server answered each item. Each item gets an outcome, and the drain a next step. The
 * engine (src/sync/engine.ts) carries the plan out; nothing here reads or writes anything.
 */

export interface BatchItem extends SentWork {
  id: string;
}

/** How an item the server applied ends, once its after-confirm step (a proof's upload) has run. */
export type Settlement =
  | { kind: 'confirm' }
  /** The step could not finish now (offline): the item is sent again, and the server replays its answer. */
  | { kind: 'requeue'; error: SendError }
  /** The step was refused: the item fails, its effect is taken back, and `notice` tells the student. */
  | { kind: 'park'; error: SendError; notice: string };

export type Outcome<T> =
  /** Applied: its effect stays, no longer pending, and it leaves the outbox. */
  | { kind: 'confirm'; item: T }
  /** Refused: it stays in the outbox as failed, its effect is taken back, and `notice` tells the student. */
  | { kind: 'park'; item: T; error: SendError; notice: string }
  /** Undecided: it waits to be sent again; `error` (when set) says why on the row. */
  | { kind: 'requeue'; item: T; error: SendError | null };

export type Next<T> =
  /** Nothing is left to send: the server is reachable, so the backoff starts over. */
  | { kind: 'idle' }
  /** The server answered: the backoff starts over, and the next batch goes at once. */
  | { kind: 'next-batch' }
  /** The next batch goes at once, the backoff as it was (no answer came, or one item was set aside). */
  | { kind: 'again' }
  /** Stop and try later, saying `error` meanwhile. */
  | { kind: 'back-off'; error: string }
  /** Renew the session, then follow `renewed` or, if it cannot be renewed, `failed`. */
  | { kind: 'renew'; renewed: Plan<T>; failed: Plan<T> };

export interface Plan<T> {
  outcomes: Outcome<T>[];
  next: Next<T>;
}

/**
 * What a drain remembers from one batch to the next. One renewal per failure mode and drain: a server
 * that keeps refusing fresh tokens must not spin the drain.
 */
export interface DrainMemory {
  /** The session was renewed (or tried) for a refused call since the server last answered. */
  renewedForCall: boolean;
  /** The session was renewed (or tried) for answers that said the token expired. */
  renewedForAnswers: boolean;
  /** Batches of one, to find the item behind a call refused as a whole. */
  oneAtATime: boolean;
}

export const FRESH_DRAIN: DrainMemory = { renewedForCall: false, renewedForAnswers: false, oneAtATime: false };

export interface Step<T> {
  plan: Plan<T>;
  memory: DrainMemory;
}

/** The answer's after-confirm step must run before the item can end: give its settlement and ask again. */
export interface StepNeeded<T> {
  kind: 'after-confirm';
  item: T;
  /** What the server answered for it (a submission's id). */
  result: unknown;
}

const requeueAll = <T>(batch: readonly T[], error: SendError | null): Outcome<T>[] => batch.map((item) => ({ kind: 'requeue', item, error }));

function park<T>(item: T, d: Disposition): Outcome<T> {
  return { kind: 'park', item, error: errorOf(d), notice: d.message };
}

/**
 * Before sending: nothing queued ends the drain; a replay the server may no longer recognise would
 * apply twice, so an item past its resend window is parked instead (resendWindow.ts) and the rest read
 * again. 'send' when the whole batch may go.
 */
export function beforeSending<T extends BatchItem>(batch: readonly T[], now: number): Plan<T> | 'send' {
  if (batch.length === 0) return { outcomes: [], next: { kind: 'idle' } };
  const expired = batch.filter((item) => !mayResend(item, now));
  if (expired.length === 0) return 'send';
  const error = { message: RESEND_EXPIRED };
  return { outcomes: expired.map((item) => ({ kind: 'park', item, error, notice: RESEND_EXPIRED })), next: { kind: 'again' } };
}

/** The call as a whole failed (src/sync/classify.ts says how): no item was answered. */
export function afterFailedCall<T>(batch: readonly T[], failure: Disposition, memory: DrainMemory): Step<T> {
  const later: Plan<T> = { outcomes: requeueAll(batch, errorOf(failure)), next: { kind: 'back-off', error: failure.message } };
  if (failure.action === 'refresh' && !memory.renewedForCall) {
    const renewed: Plan<T> = { outcomes: requeueAll(batch, null), next: { kind: 'again' } };
    return { plan: { outcomes: [], next: { kind: 'renew', renewed, failed: later } }, memory: { ...memory, renewedForCall: true } };
  }
  if (failure.action === 'park' && batch.length > 1) {
    // Refused as a whole: send one at a time to find the operation the server objects to.
    return { plan: { outcomes: requeueAll(batch, null), next: { kind: 'again' } }, memory: { ...memory, oneAtATime: true } };
  }
  if (failure.action === 'park') {
    return { plan: { outcomes: batch.map((item) => park(item, failure)), next: { kind: 'again' } }, memory: { ...memory, oneAtATime: false } };
  }
  return { plan: later, memory };
}

/**
 * The server answered, each item by its id, in any order. Items are settled in queue order: the first
 * one left undecided (a transient error, an expired token, no answer, an after-confirm step that could
 * not finish) stops the batch there, and every item after it waits, unjudged, to be sent again (the
 * server replays its answers). `settled` holds the after-confirm settlements given so far; an applied
 * item for which `hasStep` holds and none is given yet is asked for, in order, before anything ends.
 */
export function afterAnswers<T extends BatchItem>(
  batch: readonly T[],
  answers: readonly ItemAnswer[],
  memory: DrainMemory,
  hasStep: (item: T) => boolean,
  settled: ReadonlyMap<string, Settlement>,
): Step<T> | StepNeeded<T> {
  const byId = new Map(answers.map((answer) => [answer.id, answer]));
  const outcomes: Outcome<T>[] = [];
  let stop: SendError | null = null;
  let tokenRefused = false;
  for (const item of batch) {
    if (stop) {
      outcomes.push({ kind: 'requeue', item, error: null });
      continue;
    }
    const answer = byId.get(item.id);
    if (!answer) {
      // Not answered: it stays queued, and a replay of its id is safe.
      stop = { message: 'no answer from the server for this change' };
      outcomes.push({ kind: 'requeue', item, error: stop });
      continue;
    }
    const verdict = classifyResult(answer);
    if (verdict.action === 'ok') {
      const settlement = hasStep(item) ? settled.get(item.id) : { kind: 'confirm' as const };
      if (!settlement) return { kind: 'after-confirm', item, result: verdict.result };
      if (settlement.kind === 'requeue') stop = settlement.error;
      outcomes.push({ ...settlement, item });
    } else if (verdict.action === 'park') {
      outcomes.push(park(item, verdict));
    } else {
      stop = errorOf(verdict);
      tokenRefused = verdict.action === 'refresh';
      outcomes.push({ kind: 'requeue', item, error: stop });
    }
  }
  const answered = { renewedForCall: false, oneAtATime: false };
  if (stop && tokenRefused && !memory.renewedForAnswers) {
    const failed: Plan<T> = { outcomes: [], next: { kind: 'back-off', error: stop.message } };
    return {
      plan: { outcomes, next: { kind: 'renew', renewed: { outcomes: [], next: { kind: 'again' } }, failed } },
      memory: { ...answered, renewedForAnswers: true },
    };
  }
  const next: Next<T> = stop ? { kind: 'back-off', error: stop.message } : { kind: 'next-batch' };
  return { plan: { outcomes, next }, memory: { ...answered, renewedForAnswers: memory.renewedForAnswers } };
}
