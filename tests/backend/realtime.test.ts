// Realtime on the embedded backend (issue 28), over real websockets: supabase-js channels as the app
// opens them, and raw Phoenix frames for what supabase-js would never send. A private join is decided
// by the policies on realtime.messages as Supabase Realtime asks them; a row realtime.send() commits
// reaches the sockets joined to its topic; every bound of limits.ts holds.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIMITS } from '../../supabase/embedded/limits.ts';
import { startBackend, type Backend } from '../../supabase/embedded/server.ts';
import { newDevice } from './from-address.ts';
import { client, establishedSeed, newUser, startFixtureBackend } from './helpers.ts';

type Client = ReturnType<typeof client>;
type Student = Awaited<ReturnType<typeof newUser>>;

let backend: Backend;
let ann: Student;
let bob: Student;

beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: 'memory', quiet: true, seedFile: establishedSeed() });
  ann = await newUser(backend, 'ann_live', { established: true, device: newDevice() });
  bob = await newUser(backend, 'bob_live', { established: true, device: newDevice() });
  for (const student of [ann, bob]) expect((await student.supabase.rpc('ensure_profile')).error).toBeNull();
});
afterAll(() => backend.close());

const now = () => Math.floor(Date.now() / 1000);
const sign = (secret: string, claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));

interface Joined {
  status: string;
  reason: string | null;
}

/** Subscribes `supabase` to the private topic and waits for the first answer: SUBSCRIBED, or the refusal. */
function join(supabase: Client, topic: string, onBroadcast?: (payload: Record<string, unknown>) => void, isPrivate = true): Promise<Joined> {
  const channel = supabase.channel(topic, { config: { private: isPrivate } });
  if (onBroadcast) channel.on('broadcast', { event: '*' }, (message) => onBroadcast(message as Record<string, unknown>));
  return new Promise((resolve) => {
    channel.subscribe((status, error) => resolve({ status, reason: error?.message ?? null }));
  });
}

/** Waits until `read` gives something, or `ms` pass (then undefined). */
async function within<T>(ms: number, read: () => T | undefined): Promise<T | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const socketUrl = (vsn: string | null, apikey: string | null) => {
  const url = new URL(`${backend.url.replace(/^http/, 'ws')}/realtime/v1/websocket`);
  if (apikey !== null) url.searchParams.set('apikey', apikey);
  if (vsn !== null) url.searchParams.set('vsn', vsn);
  return url.href;
};

/** A websocket spoken to in raw Phoenix frames, from `address`. */
class RawSocket {
  readonly frames: unknown[] = [];
  closeCode: number | null = null;
  private ref = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => this.frames.push(isBinary ? data : JSON.parse((data as Buffer).toString('utf8'))));
    ws.on('close', (code) => (this.closeCode = code));
  }

  /** The socket, or the HTTP status its upgrade was refused with. */
  static open(address: string, options: { apikey?: string | null; vsn?: string | null; url?: string } = {}): Promise<RawSocket | number> {
    const ws = new WebSocket(options.url ?? socketUrl(options.vsn === undefined ? '2.0.0' : options.vsn, options.apikey === undefined ? backend.anonKey : options.apikey), {
      localAddress: address,
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawSocket(ws)));
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.once('error', reject);
    });
  }

  send(topic: string, event: string, payload: Record<string, unknown>, joinRef: string | null = null): string {
    this.ref += 1;
    const ref = String(this.ref);
    this.ws.send(JSON.stringify([event === 'phx_join' ? ref : joinRef, ref, topic, event, payload]));
    return ref;
  }

  /** The phx_reply to `ref`. */
  async reply(ref: string): Promise<{ status: string; response: Record<string, unknown> }> {
    const frame = await within(5000, () => this.frames.find((f): f is unknown[] => Array.isArray(f) && f[1] === ref && f[3] === 'phx_reply'));
    if (!frame) throw new Error(`no reply to ${ref}`);
    return frame[4] as { status: string; response: Record<string, unknown> };
  }

  async joinTopic(topic: string, token: string, config: Record<string, unknown> = { private: true }) {
    return this.reply(this.send(`realtime:${topic}`, 'phx_join', { config, access_token: token }));
  }

  close(): Promise<void> {
    if (this.closeCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

async function rawSocket(address: string, options: { apikey?: string | null; vsn?: string | null } = {}): Promise<RawSocket> {
  const socket = await RawSocket.open(address, options);
  if (typeof socket === 'number') throw new Error(`the upgrade was refused with ${socket}`);
  return socket;
}

describe('joining a private topic', () => {
  it('lets a signed-in student join the chat room and their own topic', async () => {
    expect(await join(ann.supabase, 'chat:room')).toEqual({ status: 'SUBSCRIBED', reason: null });
    expect(await join(ann.supabase, `user:${ann.id}`)).toEqual({ status: 'SUBSCRIBED', reason: null });
    await ann.supabase.removeAllChannels();
  });

  it("refuses a student another student's topic, in Realtime's words", async () => {
    expect(await join(bob.supabase, `user:${ann.id}`)).toEqual({
      status: 'CHANNEL_ERROR',
      reason: `Unauthorized: You do not have permissions to read from this Channel topic: user:${ann.id}`,
    });
    await bob.supabase.removeAllChannels();
  });

  it('refuses a visitor with the anon key alone, and a topic no policy names', async () => {
    const visitor = client(backend);
    expect(await join(visitor, 'chat:room')).toMatchObject({ status: 'CHANNEL_ERROR', reason: expect.stringMatching(/^Unauthorized: /) as unknown });
    await visitor.removeAllChannels();
    expect(await join(ann.supabase, 'moderators')).toMatchObject({ status: 'CHANNEL_ERROR', reason: expect.stringMatching(/^Unauthorized: /) as unknown });
    await ann.supabase.removeAllChannels();
  });

  it('refuses a public channel: this backend, like the hosted project with public access off, has private ones only', async () => {
    expect(await join(ann.supabase, 'chat:room', undefined, false)).toEqual({
      status: 'CHANNEL_ERROR',
      reason: 'PrivateOnly: This project only allows private channels',
    });
    await ann.supabase.removeAllChannels();
  });

  it('refuses a forged token at the socket and at a join, an expired one, and a socket with no key', async () => {
    const forged = await sign('an-attacker-guess-of-the-secret-long-enough-to-sign', { sub: ann.id, role: 'authenticated', exp: now() + 3600 });
    const device = newDevice();
    expect(await RawSocket.open(device, { apikey: forged })).toBe(401);
    expect(await RawSocket.open(device, { apikey: null })).toBe(401);
    const socket = await rawSocket(device);
    expect(await socket.joinTopic('chat:room', forged)).toEqual({ status: 'error', response: { reason: 'JwtSignatureError: Failed to validate JWT signature' } });
    const expired = await sign(backend.jwtSecret, { sub: ann.id, role: 'authenticated', exp: now() - 60 });
    expect(await socket.joinTopic('chat:room', expired)).toEqual({ status: 'error', response: { reason: 'InvalidJWTToken: Token has expired' } });
    const noExpiry = await sign(backend.jwtSecret, { sub: ann.id, role: 'authenticated' });
    expect((await socket.joinTopic('chat:room', noExpiry)).response.reason).toBe('InvalidJWTToken: Fields `role` and `exp` are required in JWT');
    await socket.close();
  });
});

describe('broadcast from the database', () => {
  it('brings a new message to every student joined to the chat room, as the room shows it, and to nobody else', async () => {
    const heardByAnn: Record<string, unknown>[] = [];
    const heardByBob: Record<string, unknown>[] = [];
    const elsewhere: Record<string, unknown>[] = [];
    const bobElsewhere = client(backend);
    expect((await bobElsewhere.auth.signInWithPassword({ email: bob.email, password: bob.password })).error).toBeNull();
    expect(await join(ann.supabase, 'chat:room', (m) => heardByAnn.push(m))).toMatchObject({ status: 'SUBSCRIBED' });
    expect(await join(bob.supabase, 'chat:room', (m) => heardByBob.push(m))).toMatchObject({ status: 'SUBSCRIBED' });
    expect(await join(bobElsewhere, `user:${bob.id}`, (m) => elsewhere.push(m))).toMatchObject({ status: 'SUBSCRIBED' });

    const sent = await ann.supabase.rpc('send_chat_message', { p_body: 'is anyone there?', p_client_id: crypto.randomUUID() });
    expect(sent.error).toBeNull();
    const messageId = (sent.data as { id: number }).id;
    const [shown] = ((await bob.supabase.rpc('get_chat_messages', { p_limit: 50 })).data as Record<string, unknown>[]).filter((m) => m.id === messageId);
    const { client_id: _ownKey, ...asTheRoomShowsIt } = shown!;
    const expected = { type: 'broadcast', event: 'new_message', payload: asTheRoomShowsIt, meta: { id: expect.any(String) as unknown } };
    expect(await within(5000, () => heardByBob[0])).toEqual(expected);
    expect(await within(5000, () => heardByAnn[0])).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(elsewhere).toEqual([]);
    expect(heardByBob).toHaveLength(1);
    await Promise.all([ann.supabase.removeAllChannels(), bob.supabase.removeAllChannels(), bobElsewhere.removeAllChannels()]);
  });

  it('speaks the 1.0.0 serializer too: JSON objects, the broadcast as a JSON message', async () => {
    const ws = new WebSocket(socketUrl('1.0.0', backend.anonKey), { localAddress: newDevice() });
    const frames: Record<string, unknown>[] = [];
    ws.on('message', (data) => frames.push(JSON.parse((data as Buffer).toString('utf8')) as Record<string, unknown>));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ topic: 'realtime:chat:room', event: 'phx_join', payload: { config: { private: true }, access_token: bob.session.access_token }, ref: '1', join_ref: '1' }));
    expect(await within(5000, () => frames.find((f) => f.ref === '1'))).toMatchObject({ event: 'phx_reply', payload: { status: 'ok', response: { postgres_changes: [] } } });
    expect((await ann.supabase.rpc('send_chat_message', { p_body: 'one more', p_client_id: crypto.randomUUID() })).error).toBeNull();
    expect(await within(5000, () => frames.find((f) => f.event === 'broadcast'))).toMatchObject({
      topic: 'realtime:chat:room',
      payload: { type: 'broadcast', event: 'new_message', payload: { body: 'one more' } },
    });
    ws.close();
  });

  it('keeps a channel across a refreshed token, and closes it with the reason on a forged or expired one', async () => {
    const socket = await rawSocket(newDevice());
    const short = await sign(backend.jwtSecret, { sub: ann.id, role: 'authenticated', aud: 'authenticated', exp: now() + 2 });
    expect((await socket.joinTopic('chat:room', short)).status).toBe('ok');
    // The refreshed token arrives before the old one runs out: the channel goes on.
    socket.send('realtime:chat:room', 'access_token', { access_token: ann.session.access_token }, '1');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(socket.frames.filter((f) => Array.isArray(f) && f[3] === 'phx_close')).toEqual([]);
    const forged = await sign('an-attacker-guess-of-the-secret-long-enough-to-sign', { sub: bob.id, role: 'authenticated', exp: now() + 3600 });
    socket.send('realtime:chat:room', 'access_token', { access_token: forged }, '1');
    expect(await within(5000, () => socket.frames.find((f) => Array.isArray(f) && f[3] === 'system'))).toEqual([
      '1',
      null,
      'realtime:chat:room',
      'system',
      { extension: 'system', status: 'error', message: 'JwtSignatureError: Failed to validate JWT signature', channel: 'chat:room' },
    ]);
    expect(await within(5000, () => socket.frames.find((f) => Array.isArray(f) && f[3] === 'phx_close'))).toBeDefined();

    // Without a new token, the channel ends when its token does.
    const again = await sign(backend.jwtSecret, { sub: ann.id, role: 'authenticated', aud: 'authenticated', exp: now() + 2 });
    const other = await rawSocket(newDevice());
    expect((await other.joinTopic('chat:room', again)).status).toBe('ok');
    expect(await within(5000, () => other.frames.find((f) => Array.isArray(f) && f[3] === 'system'))).toMatchObject([
      expect.anything(),
      null,
      'realtime:chat:room',
      'system',
      { status: 'error', message: 'Token has expired' },
    ]);
    await Promise.all([socket.close(), other.close()]);
  });

  it('answers a heartbeat, and a message on a topic it never joined with "unmatched topic"', async () => {
    const socket = await rawSocket(newDevice());
    expect(await socket.reply(socket.send('phoenix', 'heartbeat', {}))).toEqual({ status: 'ok', response: {} });
    expect(await socket.reply(socket.send('realtime:chat:room', 'access_token', { access_token: 'x' }, '9'))).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
    await socket.close();
  });
});

describe('limits', () => {
  it(`opens at most ${LIMITS.realtimeSocketsPerAddress} websockets from one address, and another once one closes`, async () => {
    const device = newDevice();
    const sockets = await Promise.all(Array.from({ length: LIMITS.realtimeSocketsPerAddress }, () => rawSocket(device)));
    expect(await RawSocket.open(device)).toBe(429);
    // Another device is not held to this one's count.
    const elsewhere = await rawSocket(newDevice());
    await sockets.pop()?.close();
    const replacement = await rawSocket(device);
    await Promise.all([...sockets, elsewhere, replacement].map((socket) => socket.close()));
  });

  it(`lets one student hold channels on at most ${LIMITS.realtimeSocketsPerUser} websockets`, async () => {
    const device = newDevice();
    const sockets = await Promise.all(Array.from({ length: LIMITS.realtimeSocketsPerUser + 1 }, () => rawSocket(device)));
    const answers = [];
    for (const socket of sockets) answers.push((await socket.joinTopic('chat:room', bob.session.access_token)).status);
    expect(answers.filter((status) => status === 'ok')).toHaveLength(LIMITS.realtimeSocketsPerUser);
    expect(answers.at(-1)).toBe('error');
    // Another student on the same device still joins.
    expect((await sockets.at(-1)!.joinTopic('chat:room', ann.session.access_token)).status).toBe('ok');
    await Promise.all(sockets.map((socket) => socket.close()));
  });

  it(`joins at most ${LIMITS.realtimeTopicsPerSocket} topics on one websocket`, async () => {
    const socket = await rawSocket(newDevice());
    // The service role reads every topic (it bypasses row level security), so only the count refuses.
    for (let i = 0; i < LIMITS.realtimeTopicsPerSocket; i += 1) expect((await socket.joinTopic(`room:${i}`, backend.serviceRoleKey)).status).toBe('ok');
    expect(await socket.joinTopic('room:one-more', backend.serviceRoleKey)).toEqual({ status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } });
    await socket.close();
  });

  it(`takes at most ${LIMITS.realtimeJoinsPerAddressPerMinute} joins a minute from one address`, async () => {
    const socket = await rawSocket(newDevice());
    for (let i = 0; i < LIMITS.realtimeJoinsPerAddressPerMinute; i += 1) {
      expect((await socket.joinTopic('chat:room', backend.anonKey)).response.reason).toMatch(/^Unauthorized/);
    }
    expect((await socket.joinTopic('chat:room', ann.session.access_token)).response.reason).toMatch(/^ClientJoinRateLimitReached/);
    await socket.close();
  });

  it(`closes a websocket that sends a frame over ${LIMITS.realtimeFrameBytes} bytes`, async () => {
    const socket = await rawSocket(newDevice());
    socket.ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', { pad: 'x'.repeat(LIMITS.realtimeFrameBytes) }]));
    expect(await within(5000, () => socket.closeCode ?? undefined)).toBe(1009);
  });

  it('refuses a serializer version it does not speak, and an upgrade anywhere but the websocket path', async () => {
    expect(await RawSocket.open(newDevice(), { vsn: '3.0.0' })).toBe(400);
    expect(await RawSocket.open(newDevice(), { url: `${backend.url.replace(/^http/, 'ws')}/rest/v1/websocket` })).toBe(404);
  });
});

describe('a silent websocket', () => {
  let quick: Backend;
  beforeAll(async () => {
    quick = await startFixtureBackend({ realtimeIdleMs: 400 });
  });
  afterAll(() => quick.close());

  it('is closed after the idle time, while one that sends heartbeats stays', async () => {
    const open = (ws: WebSocket) => new Promise((resolve) => ws.once('open', resolve));
    const url = `${quick.url.replace(/^http/, 'ws')}/realtime/v1/websocket?vsn=2.0.0&apikey=${quick.anonKey}`;
    const silent = new WebSocket(url);
    const beating = new WebSocket(url);
    await Promise.all([open(silent), open(beating)]);
    let silentClosed = false;
    let beatingClosed = false;
    silent.on('close', () => (silentClosed = true));
    beating.on('close', () => (beatingClosed = true));
    const timer = setInterval(() => beating.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}])), 100);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    clearInterval(timer);
    expect({ silentClosed, beatingClosed }).toEqual({ silentClosed: true, beatingClosed: false });
    beating.close();
  });
});
