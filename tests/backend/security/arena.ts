// The ground the security suites attack on (issue #10): the product's own migrations and seed behind
// the gateway, an attacker (alice) and a victim (bob, a creator) who each hold something of value, and
// a service-role view of everything the server keeps, to prove that an attack changed nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPABASE_DIR } from '../../../supabase/embedded/database.ts';
import { startBackend, type Backend } from '../../../supabase/embedded/server.ts';
import { fetchFrom, newDevice } from '../from-address.ts';
import { establishedSeed, newUser } from '../helpers.ts';

export type Student = Awaited<ReturnType<typeof newUser>> & { username: string };

export interface Answer {
  status: number;
  contentType: string;
  body: unknown;
}

/** A PNG signature and some bytes: enough for the storage API's image check. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 3)]);

/** Every table and view the migrations create in public, in file order. */
export function publicRelations(): string[] {
  const dir = join(SUPABASE_DIR, 'migrations');
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/create (?:table|view) (?:if not exists )?public\.(\w+)/gi)].map((m) => m[1] as string));
  return [...new Set(names)];
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    // Not JSON: kept as text, which the suites treat as a failure where JSON is due.
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body };
}

/** The error text of a refusal, whichever service answered (PostgREST, storage or auth shapes). */
export function messageOf(a: Answer): string {
  const body = (a.body ?? {}) as { message?: unknown; msg?: unknown; error?: unknown };
  const text = body.message ?? body.msg ?? body.error;
  return typeof text === 'string' ? text : '';
}

export interface ArenaMatches {
  /** Alice v bob, Tic Tac Toe, being played, bob's draw offer waiting. */
  drawOffered: number;
  /** Bob's invite to alice to play chess, waiting. */
  invited: number;
  /** Alice's invite to bob to play Hex Conquest, waiting. */
  inviting: number;
  /** Alice v dave, chess, being played, dave to move. */
  playing: number;
  /** Alice v dave, Tic Tac Toe, over: dave resigned. */
  finished: number;
  /** Bob's invite to carol, which carol reported: another pair's game. */
  others: number;
}

export class Arena {
  /** Requests made as a student, a stranger or with a made-up token: the attacks, for the suite's report. */
  private attempts = 0;

  private constructor(
    readonly backend: Backend,
    readonly alice: Student,
    readonly bob: Student,
    readonly aliceSubmission: number,
    readonly bobSubmission: number,
    readonly bobProof: string,
    readonly bobMessage: number,
    readonly aliceMessage: number,
    readonly bobSocial: number,
    readonly bobVideo: number,
    /** Alice's creator application, withdrawn; bob's, still waiting from before he became a creator. */
    readonly aliceApplication: number,
    readonly bobApplication: number,
    /** A game run bob started: a run id no one else may score with. */
    readonly bobRun: string,
    /** A third student, who asked alice to be friends (issue 28). */
    readonly carol: Student,
    /** Invite codes alice and bob each made and nobody used yet. */
    readonly aliceInvite: string,
    readonly bobInvite: string,
    /** Two-player games (issue 28), each in the state one RPC acts on; `others` is bob and carol's. */
    readonly matches: ArenaMatches,
    /** A game link dave made for Hex Conquest, a game alice and he have not got going: she may take its seat. */
    readonly daveLink: string,
    /** A game run alice started (issue 29): the run her achievements and stats count in. */
    readonly aliceRun: string,
    /** Bob's unlock of Snake's first achievement, in his own run: what a moderator may revoke. */
    readonly bobUnlock: number,
  ) {}

  /**
   * A fresh backend with the product schema, and the two students with their belongings: accounts past
   * their first day, each on a device of its own, as in a classroom.
   */
  static async open(dataDir = 'memory'): Promise<Arena> {
    const backend = await startBackend({ port: 0, dataDir, quiet: true, seedFile: establishedSeed() });
    const service = async (path: string, init: RequestInit = {}) => {
      const done = await Arena.call(backend, backend.serviceRoleKey, path, init);
      if (done.status >= 300) throw new Error(`${path} failed in the arena set-up: ${done.status} ${messageOf(done)}`);
    };
    const student = async (name: string): Promise<Student> => {
      const user = await newUser(backend, name, { device: newDevice(), established: true });
      const profile = (await user.supabase.rpc('ensure_profile')).data as { username: string };
      await service('/rest/v1/coins_transactions', { method: 'POST', body: JSON.stringify({ user_id: user.id, amt: 5000, why: 'test grant' }) });
      return { ...user, username: profile.username };
    };
    const alice = await student('alice_sec');
    const bob = await student('bob_sec');
    const rpc = async (who: Student, fn: string, args: Record<string, unknown>) => {
      const { data, error } = await who.supabase.rpc(fn, args);
      if (error) throw new Error(`${fn} failed in the arena set-up: ${error.message}`);
      return data as unknown;
    };
    const insert = async (who: Student, table: string, row: Record<string, unknown>) => {
      const { data, error } = await who.supabase.from(table).insert(row).select('id').single();
      if (error) throw new Error(`insert into ${table} failed in the arena set-up: ${error.message}`);
      return (data).id;
    };

    await rpc(alice, 'buy_item', { p_item_id: 'cat_background', p_client_id: crypto.randomUUID() });
    const aliceSubmission = Number(await rpc(alice, 'submit_score', { p_app_id: 'snake', p_score: 40, p_client_id: crypto.randomUUID() }));
    const aliceMessage = Number((await rpc(alice, 'send_chat_message', { p_body: 'hi from alice', p_client_id: crypto.randomUUID() }) as { id: number }).id);

    await rpc(bob, 'claim_streak', { p_client_id: crypto.randomUUID() });
    await rpc(bob, 'buy_item', { p_item_id: 'sword_cursor', p_client_id: crypto.randomUUID() });
    await rpc(bob, 'set_item_equipped', { p_item_id: 'sword_cursor', p_equipped: true, p_client_id: crypto.randomUUID() });
    await rpc(bob, 'record_app_played', { p_app_id: 'snake', p_client_id: crypto.randomUUID() });
    const bobSubmission = Number(await rpc(bob, 'submit_score', { p_app_id: 'snake', p_score: 900, p_client_id: crypto.randomUUID(), p_duration_ms: 60_000 }));
    const bobProof = `${bobSubmission}_proof.png`;
    const upload = await bob.supabase.storage.from('submissions').upload(bobProof, PNG, { contentType: 'image/png' });
    if (upload.error) throw new Error(`proof upload failed in the arena set-up: ${upload.error.message}`);
    const bobMessage = Number((await rpc(bob, 'send_chat_message', { p_body: 'hi from bob', p_client_id: crypto.randomUUID() }) as { id: number }).id);
    const report = await bob.supabase.from('chat_reports').insert({ message_id: aliceMessage, reporter_id: bob.id, reason: 'test report' });
    if (report.error) throw new Error(`report failed in the arena set-up: ${report.error.message}`);
    const aliceApplication = Number(await rpc(alice, 'submit_creator_application', { p_pitch: 'Snake tips for beginners.' }));
    await rpc(alice, 'withdraw_creator_application', {});
    const bobApplication = Number(await rpc(bob, 'submit_creator_application', { p_pitch: 'Speedruns.', p_platform: 'youtube', p_handle: 'bob_plays' }));
    await service('/rest/v1/creators', { method: 'POST', body: JSON.stringify({ user_id: bob.id, granted_by: 'arena' }) });
    const bobSocial = await insert(bob, 'creator_socials', { user_id: bob.id, platform: 'youtube', handle: 'bob_plays' });
    const bobVideo = await insert(bob, 'creator_videos', { social_id: bobSocial, title: 'Speedrun', url: 'https://video.example/1' });
    const bobRun = crypto.randomUUID();
    await rpc(bob, 'start_game_run', { p_app_id: 'snake', p_run_id: bobRun });
    const bobUnlock = Number(((await rpc(bob, 'unlock_achievement', { p_app_id: 'snake', p_achievement: 'first-apple', p_run_id: bobRun, p_client_id: crypto.randomUUID() })) as { unlock_id: number }).unlock_id);
    const aliceRun = crypto.randomUUID();
    await rpc(alice, 'start_game_run', { p_app_id: 'snake', p_run_id: aliceRun });
    await rpc(bob, 'put_game_save', { p_app_id: '2048', p_state: '{"cells":[2]}', p_device_id: crypto.randomUUID(), p_device_label: 'arena', p_saved_at: new Date().toISOString() });
    const carol = await student('carol_sec');
    await rpc(carol, 'request_friend', { p_username: alice.username });
    const inviteOf = async (who: Student) => ((await rpc(who, 'create_friend_invite', {})) as Array<{ code: string }>)[0]!.code;
    const [aliceInvite, bobInvite] = [await inviteOf(alice), await inviteOf(bob)];
    const dave = await student('dave_sec');
    const befriend = async (asker: Student, other: Student) => {
      await rpc(asker, 'request_friend', { p_username: other.username });
      await rpc(other, 'answer_friend_request', { p_user_id: asker.id, p_accept: true });
    };
    await befriend(alice, bob);
    await befriend(alice, dave);
    await befriend(carol, bob);
    const game = async (inviter: Student, friend: Student, p_game: string, p_moves_first = 'me') =>
      Number(await rpc(inviter, 'invite_to_match', { p_user_id: friend.id, p_game, p_pace: 'correspondence', p_moves_first }));
    const drawOffered = await game(alice, bob, 'tic-tac-toe');
    await rpc(bob, 'answer_match_invite', { p_match_id: drawOffered, p_accept: true });
    await rpc(bob, 'offer_draw', { p_match_id: drawOffered });
    const invited = await game(bob, alice, 'chess');
    const inviting = await game(alice, bob, 'hex-conquest');
    const playing = await game(alice, dave, 'chess', 'friend');
    await rpc(dave, 'answer_match_invite', { p_match_id: playing, p_accept: true });
    const finished = await game(alice, dave, 'tic-tac-toe');
    await rpc(dave, 'answer_match_invite', { p_match_id: finished, p_accept: true });
    await rpc(dave, 'resign_match', { p_match_id: finished });
    const others = await game(bob, carol, 'tic-tac-toe');
    await rpc(carol, 'report_match_player', { p_match_id: others, p_reason: 'Rude invite.' });
    const daveLink = ((await rpc(dave, 'create_match_link', { p_game: 'hex-conquest', p_pace: 'correspondence' })) as Array<{ code: string }>)[0]!.code;
    return new Arena(backend, alice, bob, aliceSubmission, bobSubmission, bobProof, bobMessage, aliceMessage, bobSocial, bobVideo, aliceApplication, bobApplication, bobRun,
      carol, aliceInvite, bobInvite, { drawOffered, invited, inviting, playing, finished, others }, daveLink, aliceRun, bobUnlock);
  }

  private static async call(backend: Backend, token: string | null, path: string, init: RequestInit, device?: string): Promise<Answer> {
    const headers = new Headers(init.headers);
    if (!headers.has('apikey')) headers.set('apikey', backend.anonKey);
    if (token !== null && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    if (init.body !== undefined && typeof init.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const send = device === undefined ? fetch : fetchFrom(device);
    return answer(await send(`${backend.url}${path}`, { ...init, headers, redirect: 'manual' }));
  }

  /** A request with a student's session (from the student's device), with no session (null) or with any token. */
  as(who: Student | null | { token: string }, path: string, init: RequestInit = {}): Promise<Answer> {
    this.attempts += 1;
    const token = who === null ? null : 'token' in who ? who.token : who.session.access_token;
    return Arena.call(this.backend, token, path, init, who !== null && 'device' in who ? who.device : undefined);
  }

  service(path: string, init: RequestInit = {}): Promise<Answer> {
    return Arena.call(this.backend, this.backend.serviceRoleKey, path, init);
  }

  rpc(who: Student | null | { token: string }, fn: string, args: unknown): Promise<Answer> {
    return this.as(who, `/rest/v1/rpc/${fn}`, { method: 'POST', body: JSON.stringify(args) });
  }

  /** Every row of every public table as the service role sees it, in a stable order. */
  async snapshot(): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    for (const table of publicRelations()) {
      const read = await this.service(`/rest/v1/${table}?select=*`);
      if (read.status !== 200 || !Array.isArray(read.body)) throw new Error(`service read of ${table} failed: ${read.status}`);
      out[table] = read.body.map((row) => JSON.stringify(row)).sort();
    }
    return out;
  }

  /** `suite` names what was attacked in the line that says how many requests it took. */
  close(suite: string): Promise<void> {
    console.log(`${suite}: ${this.attempts} requests as students, strangers or forged tokens`);
    return this.backend.close();
  }
}
