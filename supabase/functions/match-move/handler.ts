// The match-move function's work (issue 28), apart from Deno's entry point so that it reads the same
// in Node. See index.ts for the contract. Two calls to the database's API: the student's own (their
// token says who they are, and that their session passed any second factor) reads what the rules need,
// and the service role's stores the move, which no student's token may do.
import { checkMatchMove, isMatchGame, startPosition, type MatchSide } from '../_shared/matchMove.ts';

export interface MatchMoveEnv {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

type Refusal = { ok: false; code: string; message: string };
/** `from` is missing from a database without 20261128005000, which sends every chess move from the opening instead. */
type Context = { player: string; game: string; side: MatchSide; position: string; from?: string; history: string[] };
type Prepared = Refusal | { ok: true; answer: Record<string, unknown> } | { ok: true; context: Context };

/** The HTTP status of each refusal's code: 4xx are final (the device takes its move back), 5xx are worth a retry. */
const STATUS: Record<string, number> = {
  bad_request: 400,
  not_signed_in: 401,
  not_your_game: 403,
  not_started: 409,
  game_over: 409,
  move_taken: 409,
  out_of_turn: 409,
  wrong_ply: 409,
  time_up: 409,
  mutation_reused: 409,
  illegal_move: 422,
};

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...CORS, 'Content-Type': 'application/json' } });
}

function refuse(code: string, message: string): Response {
  return reply(STATUS[code] ?? 400, { ok: false, code, message });
}

interface MoveRequest {
  matchId: number;
  ply: number;
  move: string;
  mutationId: string;
}

function parse(body: unknown): MoveRequest | null {
  if (typeof body !== 'object' || body === null) return null;
  const { matchId, ply, move, mutationId } = body as Record<string, unknown>;
  if (typeof matchId !== 'number' || !Number.isSafeInteger(matchId) || matchId < 1) return null;
  if (typeof ply !== 'number' || !Number.isInteger(ply) || ply < 0 || ply > 2000) return null;
  if (typeof move !== 'string' || move.length < 1 || move.length > 10) return null;
  if (typeof mutationId !== 'string' || !UUID.test(mutationId)) return null;
  return { matchId, ply, move, mutationId };
}

async function rpc(env: MatchMoveEnv, name: string, token: string, apikey: string, args: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${env.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

/** Answers one POST of a move: the stored move's answer (200) or a refusal with its code. */
export async function handleMatchMove(request: Request, env: MatchMoveEnv): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (request.method !== 'POST') return refuse('bad_request', 'Send a move with POST.');
  const token = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) return refuse('not_signed_in', 'Sign in to play.');
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    body = null;
  }
  const move = parse(body);
  if (!move) {
    return refuse('bad_request', 'A move is JSON: {"matchId": the game, "ply": the moves made before it, "move": the move, "mutationId": a UUID made for it}.');
  }
  const args = { p_match_id: move.matchId, p_ply: move.ply, p_move: move.move, p_mutation_id: move.mutationId };

  const read = await rpc(env, 'get_match_for_move', token, env.anonKey, args);
  if (read.status === 401 || read.status === 403) {
    const message = (read.body as { message?: unknown } | null)?.message;
    return refuse('not_signed_in', typeof message === 'string' ? message : 'Sign in to play.');
  }
  if (read.status !== 200) return reply(502, { ok: false, code: 'server_error', message: 'The game could not be read. Try again.' });
  const prepared = read.body as Prepared;
  if (!prepared.ok) return refuse(prepared.code, prepared.message);
  if ('answer' in prepared) return reply(200, prepared.answer);

  const { context } = prepared;
  if (!isMatchGame(context.game)) return reply(500, { ok: false, code: 'server_error', message: `Unknown game ${context.game}.` });
  const state = { from: context.from ?? startPosition(context.game), position: context.position, history: context.history };
  const checked = checkMatchMove(context.game, state, context.side, move.move);
  if (!checked.ok) return refuse('illegal_move', checked.message);

  const stored = await rpc(env, 'store_match_move', env.serviceRoleKey, env.serviceRoleKey, {
    ...args,
    p_user_id: context.player,
    p_position: checked.position,
    p_result: checked.end?.result ?? null,
    p_reason: checked.end?.reason ?? null,
  });
  if (stored.status !== 200) return reply(502, { ok: false, code: 'server_error', message: 'The move could not be stored. Try again.' });
  const answer = stored.body as Refusal | Record<string, unknown>;
  if (answer.ok === false) return refuse((answer as Refusal).code, (answer as Refusal).message);
  return reply(200, answer);
}
