// What a two-player move costs (issue 28): a chess move through the match-move function on the
// embedded backend, over HTTP as a device sends it (the student's read, chess.js, the service role's
// store), move by move through one long game; and chess.js alone at 0, 100 and 200 moves played,
// replaying the moves since the last pawn move or capture (what the function does, so that repeated
// positions count) and, for comparison, every move from the start. The game is a random legal one
// from a fixed seed, so every run plays the same moves. Figures only.
import { Chess } from 'chess.js';
import { checkMatchMove, startPosition } from '../../supabase/functions/_shared/matchMove.ts';
import { startBackend } from '../../supabase/embedded/server.ts';
import { client, newUser } from '../backend/helpers.ts';
import { randomGame } from './chessLine.ts';
import { median, ms, percentile, printTable, time, type Row } from './stats.ts';

const PLIES = 200;
const RULE_ROUNDS = 200;

const line = randomGame(PLIES);

/** The position after the first `played` moves of the line. */
function positionAfter(played: number): string {
  const game = new Chess();
  for (const uci of line.slice(0, played)) game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), ...(uci[4] ? { promotion: uci[4] } : {}) });
  return game.fen();
}

// chess.js alone judging move n: given the moves since the last pawn move or capture, as the
// function is, and given every move from the start, as it was at first.
const rules: Row[] = [];
for (const played of [0, 100, 199]) {
  const position = positionAfter(played);
  const since = played - Number(position.split(' ')[4]);
  const side = played % 2 === 0 ? 'first' : 'second';
  const states = {
    'since the last pawn move or capture': { from: positionAfter(since), position, history: line.slice(since, played) },
    'replayed from the start': { from: startPosition('chess'), position, history: line.slice(0, played) },
  };
  for (const [how, state] of Object.entries(states)) {
    const took: number[] = [];
    for (let i = 0; i < RULE_ROUNDS; i += 1) {
      const [t, checked] = await time(async () => checkMatchMove('chess', state, side, line[played]!));
      if (!checked.ok) throw new Error(`move ${played} refused: ${checked.message}`);
      took.push(t);
    }
    rules.push({
      measure: `chess.js, a move after ${played} moves, ${how} (${state.history.length} replayed), median / p95 of ${RULE_ROUNDS}`,
      figure: `${ms(median(took))} / ${ms(percentile(took, 95))}`,
      goal: '-',
    });
    if (played === 0) break;
  }
}
if (startPosition('chess') !== new Chess().fen()) throw new Error('the start position is not chess.js\'s');

const backend = await startBackend({ port: 0, dataDir: 'memory', quiet: true });
try {
  const student = async (name: string) => {
    const user = await newUser(backend, name);
    const { data } = await user.supabase.rpc('ensure_profile');
    return { ...user, username: (data as { username: string }).username };
  };
  const [white, black] = [await student('bench_white'), await student('bench_black')];
  await white.supabase.rpc('request_friend', { p_username: black.username });
  await black.supabase.rpc('answer_friend_request', { p_user_id: white.id, p_accept: true });
  const { data: id } = await white.supabase.rpc('invite_to_match', { p_user_id: black.id, p_game: 'chess', p_pace: 'correspondence', p_moves_first: 'me' });
  await black.supabase.rpc('answer_match_invite', { p_match_id: id, p_accept: true });

  const post = (token: string, body: unknown) =>
    fetch(`${backend.url}/functions/v1/match-move`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const moves: number[] = [];
  for (const [ply, uci] of line.entries()) {
    const who = ply % 2 === 0 ? white : black;
    const [took, response] = await time(() => post(who.session.access_token, { matchId: id, ply, move: uci, mutationId: crypto.randomUUID() }));
    if (response.status !== 200) throw new Error(`move ${ply} (${uci}) answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    moves.push(took);
  }
  // A plain RPC round trip of the same student, for what the function adds on top of one.
  const reads: number[] = [];
  const reader = client(backend);
  await reader.auth.setSession({ access_token: white.session.access_token, refresh_token: white.session.refresh_token });
  for (let i = 0; i < 50; i += 1) {
    const [took] = await time(async () => reader.rpc('get_match_for_move', { p_match_id: id, p_ply: PLIES, p_move: 'e2e4', p_mutation_id: crypto.randomUUID() }));
    reads.push(took);
  }
  const early = moves.slice(0, 40);
  const late = moves.slice(-40);
  printTable('A chess move through match-move on the embedded backend (PGlite), over HTTP', [
    { measure: `all ${PLIES} moves of one game, median / p95`, figure: `${ms(median(moves))} / ${ms(percentile(moves, 95))}`, goal: '-' },
    { measure: 'moves 1 to 40, median / p95', figure: `${ms(median(early))} / ${ms(percentile(early, 95))}`, goal: '-' },
    { measure: `moves ${PLIES - 39} to ${PLIES}, median / p95`, figure: `${ms(median(late))} / ${ms(percentile(late, 95))}`, goal: '-' },
    { measure: 'one get_match_for_move RPC alone, median of 50', figure: ms(median(reads)), goal: '-' },
    ...rules,
  ]);
} finally {
  await backend.close();
}
