import type { MutationArgs, MutationKind, OutboxItem } from '../../store/db.ts';
import type { EffectContext, Ending } from '../effects.ts';
import type { SyncTransport } from '../transport.ts';
import type { MirrorView } from '../../store/mirrorView.ts';
import type { Settlement } from '../../domain/batchDecision.ts';

/**
 * What every mutation kind is, one module each in this folder, held to this interface with
 * `satisfies` and listed in registry.ts (whose type names every MutationKind, so a kind without a
 * module, or a module without a part, does not compile).
 *
 * Effects read only the mirror (through the view), the arguments and the time the student acted, so a
 * rebase can lay them again over fresh server data: nothing is passed in from the page that queued them.
 *
 * A new kind is its RPC (in SQL, with its row in app_private.mutation_kinds), its name in
 * RPC_MUTATION_KINDS (src/store/db.ts, which a db test holds equal to that table), a module here, and
 * the registry line the compiler then asks for. A kind the server judges in an edge function instead is
 * its name in FUNCTION_MUTATION_KINDS, its arguments in src/backend/functions.types.ts, a module here and
 * its route in src/sync/functionOps.ts, both asked for by the compiler; the function answers as
 * src/sync/functionAnswer.ts reads. The engine, the outbox and the mirror's writers need nothing.
 */

export interface Submitted<K extends MutationKind> {
  args: MutationArgs[K];
  userId: string;
  /** A file the mutation carries to the server after it is confirmed (the score proof). */
  blob?: Blob;
  blobName?: string;
}

/** Work left after the server applied the mutation, given the server's answer for it. */
export type AfterConfirm = (item: OutboxItem, result: unknown, transport: SyncTransport) => Promise<Settlement>;

// Methods, not function-typed properties: the registry holds each kind's module with its own undo
// record type behind the common one, and only its own apply ever makes the records its undo reads.
export interface MutationKindModule<K extends MutationKind, Undo extends object = object> {
  /** What the sync status panel calls an item of this kind. */
  readonly label: string;
  /** What the item acts on (an item, an app), shown beside the label; null when the label says it all. */
  target(args: MutationArgs[K]): string | null;
  /**
   * Null when the arguments (and the carried file) can be queued, else the message for the student.
   * It sees no mirror: it holds for any device, and arguments come from callers the types do not bind.
   */
  check(mutation: Submitted<K>): string | null;
  /**
   * The optimistic result on the mirror; what it returns is all its undo needs. It throws
   * MutationRefused when the mirror shows the server would refuse, and returns null when the device
   * lacks what it would need to show the result (the item is queued all the same: the server decides).
   */
  apply(view: MirrorView, args: MutationArgs[K], ctx: EffectContext): Promise<Undo | null>;
  /**
   * Takes back exactly what apply did. Effects are undone newest first, so the mirror is as apply
   * left it, except for pending marks of mutations the server has confirmed since.
   */
  undo(view: MirrorView, undo: Undo, ctx: EffectContext, ending: Ending): Promise<void>;
  /** Runs after the server applied it, before it leaves the outbox; null when there is nothing to do. */
  readonly afterConfirm: AfterConfirm | null;
  /**
   * Runs when the server refused it for good (the outbox parks it): lets go of what the device keeps of
   * it that would stop the student's next try from being sent.
   */
  readonly afterRefusal?: (item: OutboxItem) => void;
  /**
   * True when the page that queued it shows its refusal beside what the student made and offers to send
   * it again or let it go (the chat): the sync status, on every page, then leaves it out.
   */
  readonly failsInPlace?: true;
}
