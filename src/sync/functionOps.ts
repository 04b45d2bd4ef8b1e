import type { MatchMoveRequest } from '../backend/functions.types.ts';
import { FUNCTION_MUTATION_KINDS, type FunctionMutationKind, type MutationArgs, type MutationKind } from '../store/db.ts';
import type { MutationOp } from './transport.ts';

/**
 * How the ops of one batch go to the server: each run of RPC kinds in one apply_mutations call, and each
 * op of a function kind in a request of its own to its edge function, in the batch's order, so what the
 * student did first is judged first whichever way it goes.
 */

// A method, not a function-typed property: the table holds each kind's route behind the common type,
// and only that kind's ops ever reach its body.
interface FunctionRoute<K extends FunctionMutationKind> {
  /** POST /functions/v1/<name>. */
  readonly name: string;
  /** The request; `id` is the outbox id, which the function keeps so the same request sent again is answered as the first was. */
  body(args: MutationArgs[K], id: string): object;
}

/** A route for every function kind: a kind without one does not compile. */
const ROUTES: { readonly [K in FunctionMutationKind]: FunctionRoute<K> } = {
  make_match_move: {
    name: 'match-move',
    body: (args, id): MatchMoveRequest => ({ matchId: args.p_match_id, ply: args.p_ply, move: args.p_move, mutationId: id }),
  },
};

export type FunctionOp = MutationOp & { kind: FunctionMutationKind };

export type Run = { to: 'apply_mutations'; ops: MutationOp[] } | { to: 'function'; op: FunctionOp };

const FUNCTION_KINDS: ReadonlySet<MutationKind> = new Set(FUNCTION_MUTATION_KINDS);

function isFunctionOp(op: MutationOp): op is FunctionOp {
  return FUNCTION_KINDS.has(op.kind);
}

/** The batch as the requests that carry it, in order. */
export function runsOf(ops: readonly MutationOp[]): Run[] {
  const runs: Run[] = [];
  for (const op of ops) {
    const last = runs.at(-1);
    if (isFunctionOp(op)) runs.push({ to: 'function', op });
    else if (last?.to === 'apply_mutations') last.ops.push(op);
    else runs.push({ to: 'apply_mutations', ops: [op] });
  }
  return runs;
}

/**
 * The function and body an op is sent as. Stored arguments passed the kind's check when they were
 * queued, which is what lets them stand for the kind's typed arguments here.
 */
export function requestOf(op: FunctionOp): { name: string; body: object } {
  const route: FunctionRoute<FunctionMutationKind> = ROUTES[op.kind];
  return { name: route.name, body: route.body(op.args as MutationArgs[FunctionMutationKind], op.id) };
}
