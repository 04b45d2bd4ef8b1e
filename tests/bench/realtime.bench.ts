// Live updates (issue 28), on loopback against `npm start` (the embedded backend and the built portal,
// in a process of their own):
//   1. A chat message to the other devices with 30 students connected, each a device of its own
//      (a loopback address each) running what the chat page runs: joined to the room's private
//      Realtime topic, keeping each message the broadcast brings (useChat then writes it to IndexedDB,
//      which is not timed here). The time is from the moment the sender sends until a device holds the
//      message; the same 30 devices reading every 3 s after the newest message read (the page's only
//      way before, and its fallback now) beside it.
//   2. A move to the opponent's device with 30 students playing 15 live chess games (liveMoves.ts).
//   3. The requests an idle portal makes in a minute, in Chromium: the chat page with its live channel,
//      the chat page with Realtime out of reach (its websocket closed in the browser: the 3 s polling
//      it did before), the home page, the friends page, and a live game waiting for the friend's move
//      with its live topic and with Realtime out of reach.
// Figures only: nothing fails on time.
import { REALTIME_SUBSCRIBE_STATES, type SupabaseClient } from '@supabase/supabase-js';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHAT_POLL_MS, newestInstant, pollSince, type ChatMessage } from '../../src/domain/chatMessages.ts';
import { announcedMessage } from '../../src/domain/liveTopics.ts';
import { launchChromium } from './browser.ts';
import { deviceAddress, deviceClient, signUp, startPortal, stopPortal, type Portal, type Student } from './livePortal.ts';
import { moveTimes } from './liveMoves.ts';
import { goal, median, ms, percentile, printTable } from './stats.ts';

const STUDENTS = 30;
const MESSAGES = Number(process.env.REALTIME_MESSAGES ?? 40);
const GAP_MS = 1000;
const PLIES = Number(process.env.REALTIME_PLIES ?? 30);
const IDLE_MS = Number(process.env.REALTIME_IDLE_MS ?? 60_000);
/** REALTIME_PARTS=latency (chat), =moves or =idle, or a list of them, runs those parts only. */
const PARTS = process.env.REALTIME_PARTS ?? 'latency,moves,idle';

const work = mkdtempSync(join(tmpdir(), 'bench-realtime-'));

/** A device of its own: supabase-js with its HTTP and its websocket from one loopback address. */
class Device {
  readonly supabase: SupabaseClient;
  /** The newest message a read returned (the next read's cursor). */
  private newest: string | null = null;
  private reading = false;
  private again = false;
  /** When each message (by body) reached this device. */
  readonly seen = new Map<string, number>();

  constructor(portal: Portal, readonly address: string) {
    this.supabase = deviceClient(portal, address);
  }

  /** What useChat's poller does: read after the newest message a read returned (less the overlap); again if asked meanwhile. */
  async read(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.again = false;
        const since = this.newest === null ? undefined : pollSince(this.newest);
        const { data, error } = await this.supabase.rpc('get_chat_messages', since === undefined ? { p_limit: 50 } : { p_since: since, p_limit: 50 });
        if (error) throw new Error(error.message);
        const now = performance.now();
        for (const message of (data ?? []) as ChatMessage[]) {
          if (!this.seen.has(message.body)) this.seen.set(message.body, now);
          this.newest = newestInstant([message], this.newest);
        }
      } while (this.again);
    } finally {
      this.reading = false;
    }
  }

  /** Joins the chat room's private topic and keeps each message it brings, as useChat does; resolves once joined. */
  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.address} did not join the chat room in 30 s`)), 30_000);
      this.supabase
        .channel('chat:room', { config: { private: true } })
        .on('broadcast', { event: 'new_message' }, (message: { payload?: unknown }) => {
          const said = announcedMessage(message.payload);
          if (said === null) void this.read().catch(() => undefined);
          else if (!this.seen.has(said.body)) this.seen.set(said.body, performance.now());
        })
        .subscribe((status) => {
          if (status !== REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) return;
          clearTimeout(timer);
          resolve();
        });
    });
  }

  async say(body: string): Promise<void> {
    const { error } = await this.supabase.rpc('send_chat_message', { p_body: body, p_client_id: crypto.randomUUID() });
    if (error) throw new Error(`send: ${error.message}`);
  }
}

interface Deliveries {
  /** From the send to each other device holding the message. */
  held: number[];
  /** The sender's send_chat_message, to its answer. */
  sends: number[];
}

/** Sends MESSAGES messages, one every GAP_MS, each from the next device, and times what follows. */
async function deliveries(devices: Device[], label: string): Promise<Deliveries> {
  const sentAt = new Map<string, { at: number; from: Device }>();
  const sends: number[] = [];
  for (let i = 0; i < MESSAGES; i += 1) {
    const from = devices[i % devices.length]!;
    const body = `${label} #${i}`;
    const at = performance.now();
    sentAt.set(body, { at, from });
    await from.say(body);
    sends.push(performance.now() - at);
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
  // The last ones get time to arrive, at the slowest way's pace.
  await new Promise((resolve) => setTimeout(resolve, CHAT_POLL_MS + 2000));
  const held: number[] = [];
  let missing = 0;
  for (const [body, sent] of sentAt) {
    for (const device of devices) {
      if (device === sent.from) continue;
      const at = device.seen.get(body);
      if (at === undefined) missing += 1;
      else held.push(at - sent.at);
    }
  }
  if (missing > 0) console.log(`  ${label}: ${missing} deliveries never arrived`);
  return { held, sends };
}

const spread = (values: number[]) => `${ms(median(values))} / ${ms(percentile(values, 95))} / ${ms(Math.max(...values))}`;

/** A student signed in on `supabase` with a friend and a live chess game in which the friend is to move; the game's id. */
async function waitingGame(portal: Portal, supabase: SupabaseClient, student: Student, name: string): Promise<number> {
  const friendDevice = deviceClient(portal, deviceAddress(STUDENTS));
  const friend = await signUp(friendDevice, `${name}_friend`);
  const asked = await supabase.rpc('request_friend', { p_username: friend.username });
  const answered = await friendDevice.rpc('answer_friend_request', { p_user_id: student.userId, p_accept: true });
  const invited = await supabase.rpc('invite_to_match', { p_user_id: friend.userId, p_game: 'chess', p_pace: 'live', p_moves_first: 'friend' });
  const accepted = await friendDevice.rpc('answer_match_invite', { p_match_id: invited.data, p_accept: true });
  const error = asked.error ?? answered.error ?? invited.error ?? accepted.error;
  if (error) throw new Error(`a game for ${name}: ${error.message}`);
  return invited.data as number;
}

/**
 * HTTP requests to the portal's server during IDLE_MS on the page `path` gives, signed in as a new
 * student, with or without the websocket. `path` may first give the student friends and games.
 */
async function idleRequests(
  portal: Portal,
  name: string,
  realtime: boolean,
  path: (supabase: SupabaseClient, student: Student) => Promise<string>,
): Promise<{ total: number; api: number }> {
  const supabase = deviceClient(portal, '127.0.0.1');
  const student = await signUp(supabase, name);
  const at = await path(supabase, student);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    if (!realtime) await context.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => socket.close());
    const storageKey = `sb-${new URL(portal.url).hostname.split('.')[0]}-auth-token`;
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [storageKey, JSON.stringify(student.session)]);
    const page = await context.newPage();
    await page.goto(`${portal.url}${at}`);
    // Settled: the service worker has installed (its precache is many requests), the first reads and the join are done.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(5000);
    let total = 0;
    let api = 0;
    context.on('request', (request) => {
      total += 1;
      if (/^\/(rest|auth|storage|functions)\/v1\//.test(new URL(request.url()).pathname)) api += 1;
    });
    await page.waitForTimeout(IDLE_MS);
    await context.close();
    return { total: (total * 60_000) / IDLE_MS, api: (api * 60_000) / IDLE_MS };
  } finally {
    await browser.close();
  }
}

async function latency(portal: Portal, run: string): Promise<void> {
  const devices = Array.from({ length: STUDENTS }, (_, i) => new Device(portal, deviceAddress(i)));
  for (const [i, device] of devices.entries()) await signUp(device.supabase, `rt_${run}_${i}`);

  // Live: every device joined, reading on each announcement.
  await Promise.all(devices.map((device) => device.listen()));
  await Promise.all(devices.map((device) => device.read()));
  const live = await deliveries(devices, 'live');
  await Promise.all(devices.map((device) => device.supabase.removeAllChannels()));

  // Before: the same devices reading every 3 s, each starting at its own moment, as pages opened at different times do.
  const timers = devices.map((device, i) => {
    let timer: NodeJS.Timeout | undefined;
    const start = setTimeout(() => {
      void device.read().catch(() => undefined);
      timer = setInterval(() => void device.read().catch(() => undefined), CHAT_POLL_MS);
    }, (i * CHAT_POLL_MS) / devices.length);
    return () => {
      clearTimeout(start);
      clearInterval(timer);
    };
  });
  const polled = await deliveries(devices, 'polled');
  for (const stop of timers) stop();

  printTable(`A chat message to the other ${STUDENTS - 1} devices (${MESSAGES} messages, one a second, ${STUDENTS} students on loopback): p50 / p95 / max`, [
    { measure: `live channel: held by the device (${live.held.length})`, figure: spread(live.held), goal: goal('p95 <= 1 s', percentile(live.held, 95) <= 1000) },
    { measure: `live channel: the sender's send (${live.sends.length})`, figure: spread(live.sends), goal: '-' },
    { measure: `polling every 3 s: held by the device (${polled.held.length})`, figure: spread(polled.held), goal: '-' },
    { measure: `polling every 3 s: the sender's send (${polled.sends.length})`, figure: spread(polled.sends), goal: '-' },
  ]);
}

async function moves(portal: Portal, run: string): Promise<void> {
  const [loadBefore] = loadavg();
  const times = await moveTimes(portal, run, STUDENTS, PLIES);
  const [loadAfter] = loadavg();
  const untold = times.shown.length - times.told.length;
  printTable(`A chess move to the opponent's device (${STUDENTS / 2} live games of ${PLIES} moves at once, ${STUDENTS} students on loopback): p50 / p95 / max`, [
    { measure: `shown: the opponent's get_match answered with it (${times.shown.length})`, figure: spread(times.shown), goal: goal('p95 <= 2 s', percentile(times.shown, 95) <= 2000) },
    { measure: `told: the match broadcast reached the opponent (${times.told.length}, ${untold} never told)`, figure: spread(times.told), goal: '-' },
    { measure: `the mover's match-move request (${times.sends.length})`, figure: spread(times.sends), goal: '-' },
    { measure: 'reads the devices made on what they heard (get_match, get_my_matches), all told', figure: String(times.reads), goal: '-' },
    // The machine is shared: a run on a starved machine says so beside its figures.
    { measure: `the machine's load average (1 min) before / after, ${cpus().length} cores`, figure: `${loadBefore?.toFixed(1)} / ${loadAfter?.toFixed(1)}`, goal: '-' },
  ]);
}

async function idle(portal: Portal, run: string): Promise<void> {
  const chad = async () => '/chad';
  const chatLive = await idleRequests(portal, `idle_live_${run}`, true, chad);
  const chatPolling = await idleRequests(portal, `idle_poll_${run}`, false, chad);
  const home = await idleRequests(portal, `idle_home_${run}`, true, async () => '/');
  const friends = await idleRequests(portal, `idle_friends_${run}`, true, async (supabase, student) => {
    await waitingGame(portal, supabase, student, `idle_friends_${run}`);
    return '/friends';
  });
  const waitingOn = (name: string) => async (supabase: SupabaseClient, student: Student) => `/play/${await waitingGame(portal, supabase, student, name)}`;
  const waiting = await idleRequests(portal, `idle_play_${run}`, true, waitingOn(`idle_play_${run}`));
  const waitingPolling = await idleRequests(portal, `idle_playpoll_${run}`, false, waitingOn(`idle_playpoll_${run}`));
  const perMinute = (counts: { total: number; api: number }) => `${counts.api.toFixed(1)} (all requests ${counts.total.toFixed(1)})`;
  const fewer = (counts: { api: number }) => goal('fewer than the polling chat page', counts.api < chatPolling.api);
  printTable(`Requests a minute of an idle signed-in portal (API requests, over ${IDLE_MS / 1000} s)`, [
    { measure: 'chat page, live channel joined', figure: perMinute(chatLive), goal: fewer(chatLive) },
    { measure: 'chat page, Realtime out of reach (its 3 s polling, as before)', figure: perMinute(chatPolling), goal: '-' },
    { measure: 'home page', figure: perMinute(home), goal: '-' },
    { measure: 'friends page, with a friend and a game', figure: perMinute(friends), goal: fewer(friends) },
    { measure: "a live game, waiting for the friend's move", figure: perMinute(waiting), goal: fewer(waiting) },
    { measure: "a live game, waiting, Realtime out of reach (its 2 s reads)", figure: perMinute(waitingPolling), goal: '-' },
  ]);
}

const portal = await startPortal(work);
try {
  const run = Date.now().toString(36);
  if (PARTS.includes('latency')) await latency(portal, run);
  if (PARTS.includes('moves')) await moves(portal, run);
  if (PARTS.includes('idle')) await idle(portal, run);
} finally {
  await stopPortal(portal);
  rmSync(work, { recursive: true, force: true });
}
