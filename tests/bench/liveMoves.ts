// A move reaching the other device (issue 28), on loopback against `npm start`: 30 students, each a
// device of its own, in 15 live chess games between friends. Each device does what the match page and
// the header do: joined to the student's own private Realtime topic (watchUser), it reads the game
// again (get_match, the answer of the newest read wins, as useServerRead keeps) on every `match` it
// hears for that game and the games list (get_my_matches, the "your turn" badge) on every one, reads
// the game once its own move is confirmed, and every 30 s as the page's safety net. A move goes to the
// match-move function over HTTP as the outbox sends it (functions.invoke with the session); the next
// move of a game is made by the other player once their device shows the last one, after a
// think of 1-2 s, so the server takes about ten moves a second. Timed from the send: the `match`
// broadcast reaching the opponent's device, and the opponent's get_match answering with the move
// (what the student sees). Figures only: nothing fails on time.
import { REALTIME_SUBSCRIBE_STATES, type SupabaseClient } from '@supabase/supabase-js';
import { announcedMatchId, USER_MATCH, userTopic } from '../../src/domain/liveTopics.ts';
import { randomGame } from './chessLine.ts';
import { deviceAddress, deviceClient, signUp, type Portal, type Student } from './livePortal.ts';

/** The match page's read while its live topic is joined (src/state/match.ts). */
const SAFETY_NET_MS = 30_000;
const THINK_MS = 1000;

export interface MoveTimes {
  /** From the send to the `match` broadcast on the opponent's device. */
  told: number[];
  /** From the send to the opponent's get_match answering with the move. */
  shown: number[];
  /** The mover's match-move request, to its answer. */
  sends: number[];
  /** Reads (get_match and get_my_matches) the devices made, all told. */
  reads: number;
}

class Player {
  readonly supabase: SupabaseClient;
  student!: Student;
  matchId = 0;
  /** The ply of the game as the page last showed it. */
  private shownPly = 0;
  private started = 0;
  private waiters: { ply: number; resolve: (at: number) => void }[] = [];
  /** When a `match` broadcast first said the game had reached each ply. */
  readonly toldAt = new Map<number, number>();
  reads = 0;
  private net: NodeJS.Timeout | undefined;

  constructor(portal: Portal, address: string) {
    this.supabase = deviceClient(portal, address);
  }

  /** get_match; only the newest read started is shown, as a reload drops the answer of the one before. */
  readMatch(): void {
    this.started += 1;
    this.reads += 1;
    const mine = this.started;
    void this.supabase.rpc('get_match', { p_match_id: this.matchId, p_from_ply: 0 }).then(({ data, error }) => {
      if (error) throw new Error(`get_match: ${error.message}`);
      if (mine !== this.started) return;
      const at = performance.now();
      this.shownPly = (data as { ply: number }).ply;
      this.waiters = this.waiters.filter((waiter) => {
        if (this.shownPly < waiter.ply) return true;
        waiter.resolve(at);
        return false;
      });
    });
  }

  /** The header's "your turn" read; its answer shows nothing this benchmark times. */
  private readTurns(): void {
    this.reads += 1;
    void this.supabase.rpc('get_my_matches').then(({ error }) => {
      if (error) throw new Error(`get_my_matches: ${error.message}`);
    });
  }

  /** The moment the page shows the game at `ply` or later. */
  shows(ply: number): Promise<number> {
    if (this.shownPly >= ply) return Promise.resolve(performance.now());
    return new Promise((resolve) => this.waiters.push({ ply, resolve }));
  }

  /** Joins the student's own topic as watchUser does; resolves once joined. */
  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.student.username} did not join their topic in 30 s`)), 30_000);
      this.supabase
        .channel(userTopic(this.student.userId), { config: { private: true } })
        .on('broadcast', { event: USER_MATCH }, (message: { payload?: unknown }) => {
          const at = performance.now();
          const changed = announcedMatchId(message.payload);
          const ply = (message.payload as { ply?: unknown } | undefined)?.ply;
          if (changed === this.matchId && typeof ply === 'number' && !this.toldAt.has(ply)) this.toldAt.set(ply, at);
          if (changed === null || changed === this.matchId) this.readMatch();
          this.readTurns();
        })
        .subscribe((status) => {
          if (status !== REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) return;
          clearTimeout(timer);
          this.net = setInterval(() => this.readMatch(), SAFETY_NET_MS);
          resolve();
        });
    });
  }

  /** A move as the outbox sends it: the match-move function, with the session's token. */
  async move(ply: number, move: string): Promise<void> {
    const { error } = await this.supabase.functions.invoke('match-move', { body: { matchId: this.matchId, ply, move, mutationId: crypto.randomUUID() } });
    if (error) throw new Error(`move ${ply} (${move}) of game ${this.matchId}: ${error.message}`);
  }

  async stop(): Promise<void> {
    clearInterval(this.net);
    await this.supabase.removeAllChannels();
  }
}

async function must<T>(what: string, call: PromiseLike<{ data: T; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await call;
  if (error) throw new Error(`${what}: ${error.message}`);
  return data;
}

/** Two friends in a live chess game, the first to move first. */
async function pairUp(first: Player, second: Player): Promise<void> {
  await must('request_friend', first.supabase.rpc('request_friend', { p_username: second.student.username }));
  await must('answer_friend_request', second.supabase.rpc('answer_friend_request', { p_user_id: first.student.userId, p_accept: true }));
  const id = await must('invite_to_match', first.supabase.rpc('invite_to_match', { p_user_id: second.student.userId, p_game: 'chess', p_pace: 'live', p_moves_first: 'me' }));
  await must('answer_match_invite', second.supabase.rpc('answer_match_invite', { p_match_id: id, p_accept: true }));
  first.matchId = id as number;
  second.matchId = id as number;
}

/** A seeded generator of thinks, so every run waits the same. */
function thinks(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return THINK_MS + (state / 2 ** 31) * THINK_MS;
  };
}

/** A move sent: the broadcast may reach the opponent after a read already showed it, so it is looked up at the end. */
interface Sent {
  other: Player;
  ply: number;
  at: number;
}

async function play(first: Player, second: Player, line: string[], seed: number, times: MoveTimes, sentMoves: Sent[]): Promise<void> {
  const think = thinks(seed);
  for (const [ply, move] of line.entries()) {
    const [mover, other] = ply % 2 === 0 ? [first, second] : [second, first];
    await new Promise((resolve) => setTimeout(resolve, think()));
    const sent = performance.now();
    await mover.move(ply, move);
    times.sends.push(performance.now() - sent);
    // The outbox row confirmed: the match page reads the game at once.
    mover.readMatch();
    const shown = await other.shows(ply + 1);
    times.shown.push(shown - sent);
    sentMoves.push({ other, ply: ply + 1, at: sent });
  }
}

/** `students` devices (an even number) in live chess games of `plies` moves each, all at once. */
export async function moveTimes(portal: Portal, run: string, students: number, plies: number): Promise<MoveTimes> {
  const players = Array.from({ length: students }, (_, i) => new Player(portal, deviceAddress(i)));
  for (const [i, player] of players.entries()) player.student = await signUp(player.supabase, `mv_${run}_${i}`);
  const pairs = Array.from({ length: students / 2 }, (_, k) => [players[2 * k]!, players[2 * k + 1]!] as const);
  for (const [first, second] of pairs) await pairUp(first, second);
  await Promise.all(players.map((player) => player.listen()));
  const times: MoveTimes = { told: [], shown: [], sends: [], reads: 0 };
  const sentMoves: Sent[] = [];
  try {
    await Promise.all(pairs.map(([first, second], k) => play(first, second, randomGame(plies, 28 + k), 1000 + k, times, sentMoves)));
    // The last broadcasts get a moment to arrive.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  } finally {
    await Promise.all(players.map((player) => player.stop()));
  }
  for (const { other, ply, at } of sentMoves) {
    const told = other.toldAt.get(ply);
    if (told !== undefined) times.told.push(told - at);
  }
  times.reads = players.reduce((sum, player) => sum + player.reads, 0);
  return times;
}
