/** The fields of an outbox row this rule reads. */
export interface QueuedWork {
  kind: string;
  userId: string;
  status: string;
}

/**
 * Whether another time tick may be queued: the server counts at most one per 5 minutes, so a tick
 * still waiting in the outbox (offline, or not yet sent) is all the credit this device can claim.
 */
export function mayQueueTick(outbox: readonly QueuedWork[], userId: string): boolean {
  return !outbox.some((item) => item.kind === 'increment_time_spent' && item.userId === userId && item.status !== 'failed');
}
