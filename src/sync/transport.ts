import type { MutationKind } from '../store/db.ts';
import type { ItemAnswer } from '../domain/syncFailure.ts';

/** What the sync engine needs from the server, so it can be driven by a fake in tests. */

export interface MutationOp {
  id: string;
  kind: MutationKind;
  args: Record<string, unknown>;
}

export type OpResult = ItemAnswer;

export interface SyncTransport {
  /**
   * One call for a batch, answered by id; the server applies each id at most once. An answer may be
   * missing (the op stays queued): the Supabase transport sends a batch as several requests
   * (src/sync/functionOps.ts) and stops at the first that fails.
   */
  applyMutations(ops: MutationOp[]): Promise<OpResult[]>;
  uploadProof(path: string, blob: Blob): Promise<void>;
  deleteSubmission(id: string): Promise<void>;
  /** True when a new access token was obtained; false when the session cannot be renewed. */
  refreshSession(): Promise<boolean>;
}

export type TransportErrorKind = 'network' | 'http';

/** Every transport failure, carrying the server's status, code and message unchanged. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  readonly kind: TransportErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;

  constructor(init: { kind: TransportErrorKind; status?: number; code?: string; message: string; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
  }
}

export function isTransportError(err: unknown): err is TransportError {
  return err instanceof TransportError;
}
