import { describe, expect, it } from 'vitest';
import { mayQueueTick } from '../../../src/domain/timeTicks.ts';

describe('mayQueueTick', () => {
  it('allows one waiting tick per user at a time; a failed one does not count', () => {
    expect(mayQueueTick([], 'u1')).toBe(true);
    expect(mayQueueTick([{ kind: 'increment_time_spent', userId: 'u1', status: 'queued' }], 'u1')).toBe(false);
    expect(mayQueueTick([{ kind: 'increment_time_spent', userId: 'u1', status: 'sending' }], 'u1')).toBe(false);
    expect(mayQueueTick([{ kind: 'increment_time_spent', userId: 'u1', status: 'failed' }], 'u1')).toBe(true);
    expect(mayQueueTick([{ kind: 'increment_time_spent', userId: 'u2', status: 'queued' }], 'u1')).toBe(true);
    expect(mayQueueTick([{ kind: 'record_app_played', userId: 'u1', status: 'queued' }], 'u1')).toBe(true);
  });
});
