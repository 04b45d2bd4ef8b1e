import { describe, expect, it } from 'vitest';
import {
  afterAnswers,
  afterFailedCall,
  beforeSending,
  FRESH_DRAIN,
  type BatchItem,
  type DrainMemory,
  type Settlement,
  type Step,
  type StepNeeded,
} from '../../../src/domain/batchDecision.ts';
import { RESEND_EXPIRED } from '../../../src/domain/messages.ts';
import type { Disposition, ItemAnswer } from '../../../src/domain/syncFailure.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 27, 12);
const NO_ANSWER = 'no answer from the server for this change';

interface Item extends BatchItem {
  /** Whether its kind has an after-confirm step (a score's proof upload). */
  proof?: true;
}

const item = (id: string, more: Partial<Item> = {}): Item => ({ id, attempts: 0, createdAt: NOW - DAY, ...more });
const ok = (id: string, result: unknown = null): ItemAnswer => ({ id, ok: true, result });
const refused = (id: string, code: string, message = `no ${id}`): ItemAnswer => ({ id, ok: false, code, message });

const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => item(id)) as [Item, Item, Item, Item];
const hasStep = (i: Item) => i.proof === true;
const none = new Map<string, Settlement>();

function answered(batch: Item[], answers: ItemAnswer[], memory: DrainMemory = FRESH_DRAIN, settled: ReadonlyMap<string, Settlement> = none): Step<Item> {
  const decision = afterAnswers(batch, answers, memory, hasStep, settled);
  if (!('plan' in decision)) throw new Error(`asked for the after-confirm step of ${decision.item.id}`);
  return decision;
}

/** Each item's outcome, as [id, kind, error or notice]. */
function outcomes(step: Step<Item>): [string, string, unknown][] {
  return step.plan.outcomes.map((o) => [o.item.id, o.kind, o.kind === 'park' ? o.notice : o.kind === 'requeue' ? o.error : undefined]);
}

describe('beforeSending', () => {
  it('ends the drain, idle, when nothing is queued', () => {
    expect(beforeSending([], NOW)).toEqual({ outcomes: [], next: { kind: 'idle' } });
  });

  it('sends a batch whose items were never sent, however old', () => {
    expect(beforeSending([item('a', { createdAt: NOW - 400 * DAY }), b], NOW)).toBe('send');
  });

  it('sends again an item sent before until 28 days after it was queued', () => {
    expect(beforeSending([item('a', { attempts: 3, createdAt: NOW - 28 * DAY + 1 })], NOW)).toBe('send');
  });

  it('parks only the items sent before and queued 28 days ago or more, then reads the queue again', () => {
    const old = item('old', { attempts: 1, createdAt: NOW - 28 * DAY });
    const older = item('older', { attempts: 5, createdAt: NOW - 90 * DAY });
    const plan = beforeSending([a, old, item('never', { createdAt: NOW - 90 * DAY }), older], NOW);
    expect(plan).toEqual({
      outcomes: [
        { kind: 'park', item: old, error: { message: RESEND_EXPIRED }, notice: RESEND_EXPIRED },
        { kind: 'park', item: older, error: { message: RESEND_EXPIRED }, notice: RESEND_EXPIRED },
      ],
      next: { kind: 'again' },
    });
  });
});

describe('afterFailedCall', () => {
  const retry: Disposition = { action: 'retry', message: 'Failed to fetch' };
  const expired: Disposition = { action: 'refresh', code: 'PGRST301', message: 'JWT expired' };
  const badArgs: Disposition = { action: 'park', code: '22023', message: 'invalid increment_value' };

  it('keeps every item queued with the error and backs off when the server did not decide', () => {
    const step = afterFailedCall([a, b], { action: 'retry', code: 'PT429', message: 'slow down' }, FRESH_DRAIN);
    expect(outcomes(step)).toEqual([
      ['a', 'requeue', { code: 'PT429', message: 'slow down' }],
      ['b', 'requeue', { code: 'PT429', message: 'slow down' }],
    ]);
    expect(step.plan.next).toEqual({ kind: 'back-off', error: 'slow down' });
    expect(step.memory).toBe(FRESH_DRAIN);
  });

  it('keeps an error without a code as its message alone', () => {
    expect(outcomes(afterFailedCall([a], retry, FRESH_DRAIN))).toEqual([['a', 'requeue', { message: 'Failed to fetch' }]]);
  });

  it('renews the session on a refused token: renewed, it sends again at once with no error on the rows', () => {
    const step = afterFailedCall([a, b], expired, FRESH_DRAIN);
    expect(step.plan.outcomes).toEqual([]);
    expect(step.memory).toEqual({ ...FRESH_DRAIN, renewedForCall: true });
    const next = step.plan.next;
    if (next.kind !== 'renew') throw new Error(`expected a renewal, got ${next.kind}`);
    expect(next.renewed).toEqual({
      outcomes: [
        { kind: 'requeue', item: a, error: null },
        { kind: 'requeue', item: b, error: null },
      ],
      next: { kind: 'again' },
    });
    expect(next.failed).toEqual({
      outcomes: [
        { kind: 'requeue', item: a, error: { code: 'PGRST301', message: 'JWT expired' } },
        { kind: 'requeue', item: b, error: { code: 'PGRST301', message: 'JWT expired' } },
      ],
      next: { kind: 'back-off', error: 'JWT expired' },
    });
  });

  it('renews once per drain until the server answers: a second refused token backs off', () => {
    const memory = { ...FRESH_DRAIN, renewedForCall: true };
    const step = afterFailedCall([a], expired, memory);
    expect(step.plan).toEqual({ outcomes: [{ kind: 'requeue', item: a, error: { code: 'PGRST301', message: 'JWT expired' } }], next: { kind: 'back-off', error: 'JWT expired' } });
    expect(step.memory).toBe(memory);
  });

  it('sends one at a time when a call of several is refused as a whole', () => {
    const step = afterFailedCall([a, b, c], badArgs, FRESH_DRAIN);
    expect(outcomes(step)).toEqual([
      ['a', 'requeue', null],
      ['b', 'requeue', null],
      ['c', 'requeue', null],
    ]);
    expect(step.plan.next).toEqual({ kind: 'again' });
    expect(step.memory).toEqual({ ...FRESH_DRAIN, oneAtATime: true });
  });

  it('parks the one item of a refused call, with the server words, and goes back to full batches', () => {
    const step = afterFailedCall([a], badArgs, { ...FRESH_DRAIN, oneAtATime: true });
    expect(step.plan).toEqual({
      outcomes: [{ kind: 'park', item: a, error: { code: '22023', message: 'invalid increment_value' }, notice: 'invalid increment_value' }],
      next: { kind: 'again' },
    });
    expect(step.memory).toEqual(FRESH_DRAIN);
  });

  it('decides nothing for an empty batch', () => {
    expect(afterFailedCall([], badArgs, FRESH_DRAIN).plan.outcomes).toEqual([]);
    expect(afterFailedCall([], retry, FRESH_DRAIN).plan).toEqual({ outcomes: [], next: { kind: 'back-off', error: 'Failed to fetch' } });
  });
});

describe('afterAnswers', () => {
  it('confirms every applied item and goes on to the next batch', () => {
    const step = answered([a, b, c], [ok('a'), ok('b'), ok('c')]);
    expect(outcomes(step)).toEqual([
      ['a', 'confirm', undefined],
      ['b', 'confirm', undefined],
      ['c', 'confirm', undefined],
    ]);
    expect(step.plan.next).toEqual({ kind: 'next-batch' });
  });

  it('goes on to the next batch after an empty one', () => {
    expect(answered([], []).plan).toEqual({ outcomes: [], next: { kind: 'next-batch' } });
  });

  it('matches answers to items by id, in any order, and ignores answers for items it did not send', () => {
    const step = answered([a, b, c], [ok('c'), refused('zz', 'P0001'), refused('a', 'P0001', 'Not enough coins'), ok('b')]);
    expect(outcomes(step)).toEqual([
      ['a', 'park', 'Not enough coins'],
      ['b', 'confirm', undefined],
      ['c', 'confirm', undefined],
    ]);
  });

  it('takes the last of two answers for one id', () => {
    expect(outcomes(answered([a], [refused('a', 'P0001'), ok('a')]))).toEqual([['a', 'confirm', undefined]]);
  });

  it.each(['P0001', '42501', '22023', '23505', 'XX999'])('parks an item refused with %s and judges the rest', (code) => {
    const step = answered([a, b, c], [ok('a'), refused('b', code, 'That item is not for sale'), ok('c')]);
    expect(step.plan.outcomes[1]).toEqual({ kind: 'park', item: b, error: { code, message: 'That item is not for sale' }, notice: 'That item is not for sale' });
    expect(outcomes(step).map(([id, kind]) => [id, kind])).toEqual([
      ['a', 'confirm'],
      ['b', 'park'],
      ['c', 'confirm'],
    ]);
    expect(step.plan.next).toEqual({ kind: 'next-batch' });
  });

  it.each(['40001', '40P01', '08006', '53300', '57014', '58030', 'PT429'])(
    'stops at an item the server could not decide (%s): it keeps the error, those after it wait unjudged',
    (code) => {
      const step = answered([a, b, c, d], [ok('a'), refused('b', code, 'try later'), refused('c', 'P0001'), ok('d')]);
      expect(outcomes(step)).toEqual([
        ['a', 'confirm', undefined],
        ['b', 'requeue', { code, message: 'try later' }],
        ['c', 'requeue', null],
        ['d', 'requeue', null],
      ]);
      expect(step.plan.next).toEqual({ kind: 'back-off', error: 'try later' });
    },
  );

  it('stops at the first item without an answer', () => {
    const step = answered([a, b, c], [ok('a'), ok('c')]);
    expect(outcomes(step)).toEqual([
      ['a', 'confirm', undefined],
      ['b', 'requeue', { message: NO_ANSWER }],
      ['c', 'requeue', null],
    ]);
    expect(step.plan.next).toEqual({ kind: 'back-off', error: NO_ANSWER });
  });

  it('stops at the first item when no answer came at all', () => {
    expect(outcomes(answered([a, b], []))).toEqual([
      ['a', 'requeue', { message: NO_ANSWER }],
      ['b', 'requeue', null],
    ]);
  });

  it.each(['PGRST301', 'PGRST302', 'PGRST303', 'PT401'])('renews the session once when an answer says the token was refused (%s)', (code) => {
    const step = answered([a, b, c], [ok('a'), refused('b', code, 'JWT expired'), ok('c')]);
    expect(outcomes(step)).toEqual([
      ['a', 'confirm', undefined],
      ['b', 'requeue', { code, message: 'JWT expired' }],
      ['c', 'requeue', null],
    ]);
    expect(step.plan.next).toEqual({
      kind: 'renew',
      renewed: { outcomes: [], next: { kind: 'again' } },
      failed: { outcomes: [], next: { kind: 'back-off', error: 'JWT expired' } },
    });
    expect(step.memory.renewedForAnswers).toBe(true);

    const again = answered([b, c], [refused('b', code, 'JWT expired'), ok('c')], step.memory);
    expect(again.plan.next).toEqual({ kind: 'back-off', error: 'JWT expired' });
    expect(again.memory.renewedForAnswers).toBe(true);
  });

  it('forgets a renewal for a refused call and the one-at-a-time search once the server answers', () => {
    const memory = { renewedForCall: true, renewedForAnswers: true, oneAtATime: true };
    expect(answered([a], [ok('a')], memory).memory).toEqual({ renewedForCall: false, renewedForAnswers: true, oneAtATime: false });
    expect(answered([a], [ok('a')]).memory).toEqual(FRESH_DRAIN);
  });

  describe('after-confirm steps', () => {
    const score = item('score', { proof: true });
    const second = item('second', { proof: true });

    it('asks for the step of an applied item, handing over the server result, before anything ends', () => {
      const decision = afterAnswers([a, score, b], [ok('a'), ok('score', { id: 'sub-1' }), ok('b')], FRESH_DRAIN, hasStep, none);
      expect(decision).toEqual({ kind: 'after-confirm', item: score, result: { id: 'sub-1' } } satisfies StepNeeded<Item>);
    });

    it('asks for the steps in queue order, one settlement at a time', () => {
      const answers = [ok('score'), ok('second')];
      const first = afterAnswers([score, second], answers, FRESH_DRAIN, hasStep, none);
      expect(first).toMatchObject({ kind: 'after-confirm', item: score });
      const next = afterAnswers([score, second], answers, FRESH_DRAIN, hasStep, new Map([['score', { kind: 'confirm' }]]));
      expect(next).toMatchObject({ kind: 'after-confirm', item: second });
    });

    it('confirms an item whose step finished', () => {
      const step = answered([score, a], [ok('score'), ok('a')], FRESH_DRAIN, new Map([['score', { kind: 'confirm' }]]));
      expect(outcomes(step)).toEqual([
        ['score', 'confirm', undefined],
        ['a', 'confirm', undefined],
      ]);
      expect(step.plan.next).toEqual({ kind: 'next-batch' });
    });

    it('parks an item whose step was refused, with the step own notice, and judges the rest', () => {
      const refusal: Settlement = { kind: 'park', error: { message: 'upload refused: too big' }, notice: 'Could not upload the proof' };
      const step = answered([score, a], [ok('score'), ok('a')], FRESH_DRAIN, new Map([['score', refusal]]));
      expect(step.plan.outcomes).toEqual([
        { kind: 'park', item: score, error: { message: 'upload refused: too big' }, notice: 'Could not upload the proof' },
        { kind: 'confirm', item: a },
      ]);
      expect(step.plan.next).toEqual({ kind: 'next-batch' });
    });

    it('stops at an item whose step could not finish, and asks for no step after it', () => {
      const offline: Settlement = { kind: 'requeue', error: { message: 'Failed to fetch' } };
      const step = answered([score, a, second], [ok('score'), ok('a'), ok('second')], FRESH_DRAIN, new Map([['score', offline]]));
      expect(outcomes(step)).toEqual([
        ['score', 'requeue', { message: 'Failed to fetch' }],
        ['a', 'requeue', null],
        ['second', 'requeue', null],
      ]);
      expect(step.plan.next).toEqual({ kind: 'back-off', error: 'Failed to fetch' });
    });

    it('asks for no step of an item refused, unanswered, or after a stop', () => {
      expect(outcomes(answered([score], [refused('score', 'P0001', 'Score too high')]))).toEqual([['score', 'park', 'Score too high']]);
      expect(outcomes(answered([score], []))).toEqual([['score', 'requeue', { message: NO_ANSWER }]]);
      expect(outcomes(answered([a, score], [refused('a', '40001', 'busy'), ok('score')]))).toEqual([
        ['a', 'requeue', { code: '40001', message: 'busy' }],
        ['score', 'requeue', null],
      ]);
    });
  });
});
