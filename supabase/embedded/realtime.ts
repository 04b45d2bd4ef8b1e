// /realtime/v1/websocket: the part of Supabase Realtime the portal uses, so the app has one code path
// (supabase-js channels) on hosted Supabase and here. Private channels only (hosted with "Allow public
// access" off), Broadcast from the database only: a join is let through when the policies on
// realtime.messages let the joining token read a probe row of the topic (realtime-authorize.ts); a row
// that realtime.send() (or any insert) commits to realtime.messages is sent to the sockets joined to
// its topic. The database tells this server of new rows by NOTIFY (bootstrap.sql's
// realtime.messages_notify), so an idle portal costs the database nothing. Not here: Postgres Changes,
// Presence, broadcasts sent by clients (no policy of the project lets a student write a broadcast, so
// hosted drops them as well), replay, and Realtime's HTTP broadcast endpoint.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { BudgetExceeded, type Database } from './database.ts';
import { QueueFull } from './fair-queue.ts';
import type { ApiRole, Claims, Keys } from './jwt.ts';
import { LIMITS } from './limits.ts';
import { clientAddress } from './network.ts';
import { WindowLimiter } from './rate-limit.ts';
import { mayReadTopic } from './realtime-authorize.ts';
import { decodeFrame, encodeBroadcast, encodeFrame, parseVsn, type PhxMessage, type Vsn } from './realtime-wire.ts';
import { withClient } from './request-scope.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';
/** The NOTIFY channel of bootstrap.sql's realtime.messages_notify. */
export const REALTIME_NOTIFY_CHANNEL = 'realtime_messages';
/** The fair queue's lane for this service's own reads (deliveries, the sweep). */
const DELIVERY_CLIENT = 'realtime';
/** Hosted Realtime drops each day's partition of realtime.messages 72 hours on. */
const KEEP_MESSAGES = '72 hours';
const SWEEP_EVERY_MS = 3_600_000;
const TOPIC_PREFIX = 'realtime:';

interface Channel {
  /** Without `realtime:`, as realtime.topic() and realtime.messages.topic have it. */
  subTopic: string;
  joinRef: PhxMessage['join_ref'];
  token: string;
  userId: string | null;
  expiry: NodeJS.Timeout;
}

interface Connection {
  ws: WebSocket;
  address: string;
  vsn: Vsn;
  apiKey: string;
  /** By the channel's topic as the client names it (`realtime:…`). */
  channels: Map<string, Channel>;
  /** Channel joins, token changes and leaves, one after another in the order the client sent them. */
  work: Promise<void>;
  idle: NodeJS.Timeout;
  closed: boolean;
}

type Checked = { ok: true; role: ApiRole; claims: Claims } | { ok: false; reason: string };

/** The answer Realtime gives a websocket it will not open, before the upgrade. */
function refuseUpgrade(socket: Duplex, status: number, error: string): void {
  const body = JSON.stringify({ error });
  const text = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests' }[status] ?? 'Error';
  socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export class RealtimeService {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.realtimeFrameBytes, perMessageDeflate: false });
  private readonly connections = new Set<Connection>();
  private readonly perAddress = new Map<string, number>();
  /** The sockets on which each student has a channel joined. */
  private readonly perUser = new Map<string, Set<Connection>>();
  /** The sockets joined to each topic (without `realtime:`). */
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly joins = new WindowLimiter(LIMITS.realtimeJoinsPerAddressPerMinute, 60_000);
  /** Ids of committed rows not yet read and sent. */
  private readonly arrived = new Set<string>();
  private delivering: Promise<void> | null = null;
  private readonly stopListening: () => void;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly keys: Keys,
    private readonly log: (line: string) => void,
    /** How long a silent websocket stays open (tests shorten LIMITS.realtimeIdleMs). */
    private readonly idleMs: number = LIMITS.realtimeIdleMs,
  ) {
    this.stopListening = db.onNotification((channel, payload) => {
      if (channel !== REALTIME_NOTIFY_CHANNEL) return;
      this.arrived.add(payload);
      this.delivering ??= this.deliver();
    });
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
    void this.sweep();
  }

  /** Takes over an HTTP upgrade of REALTIME_PATH: refused before the handshake when a limit or the key says so. */
  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    socket.on('error', () => socket.destroy());
    const address = clientAddress(req);
    const vsn = parseVsn(url.searchParams.get('vsn'));
    if (vsn === null) return refuseUpgrade(socket, 400, 'Unsupported serializer version (vsn): use 1.0.0 or 2.0.0');
    if (this.connections.size >= LIMITS.realtimeSockets) return refuseUpgrade(socket, 429, 'Too many connected users');
    if ((this.perAddress.get(address) ?? 0) >= LIMITS.realtimeSocketsPerAddress) {
      return refuseUpgrade(socket, 429, `Too many connections from this device: at most ${LIMITS.realtimeSocketsPerAddress}`);
    }
    const header = req.headers['x-api-key'];
    const apiKey = (typeof header === 'string' ? header : null) ?? url.searchParams.get('apikey');
    if (!apiKey) return refuseUpgrade(socket, 401, 'API key is missing');
    // Counted from here until the connection ends, however it ends, so that a device cannot open more
    // sockets while checks are out.
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    socket.once('close', () => this.release(address));
    const checked = await this.checkToken(apiKey);
    if (!checked.ok) return refuseUpgrade(socket, 401, checked.reason.replace(/^\w+: /, ''));
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, address, vsn, apiKey));
  }

  private release(address: string): void {
    const left = (this.perAddress.get(address) ?? 1) - 1;
    if (left <= 0) this.perAddress.delete(address);
    else this.perAddress.set(address, left);
  }

  private open(ws: WebSocket, address: string, vsn: Vsn, apiKey: string): void {
    const conn: Connection = { ws, address, vsn, apiKey, channels: new Map(), work: Promise.resolve(), idle: this.idleTimer(ws), closed: false };
    this.connections.add(conn);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      conn.idle.refresh();
      // Binary frames from a client are its own broadcasts (V2Serializer's kind 3), which no policy allows here.
      if (isBinary) return;
      const message = decodeFrame((data as Buffer).toString('utf8'), vsn);
      if (message === null) {
        ws.close(1007, 'not a Phoenix message');
        return;
      }
      this.receive(conn, message);
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', () => this.closed(conn));
  }

  /** Phoenix closes a websocket that sent nothing for 60 s; clients send a heartbeat every 25 s. */
  private idleTimer(ws: WebSocket): NodeJS.Timeout {
    return setTimeout(() => ws.terminate(), this.idleMs);
  }

  private closed(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    clearTimeout(conn.idle);
    for (const [topic, channel] of [...conn.channels]) this.drop(conn, topic, channel);
    this.connections.delete(conn);
  }

  private send(conn: Connection, data: string | Buffer): void {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    // A client that stopped reading must not hold the server's memory.
    if (conn.ws.bufferedAmount > LIMITS.realtimeBufferedBytes) {
      conn.ws.terminate();
      return;
    }
    conn.ws.send(data);
  }

  private push(conn: Connection, message: PhxMessage): void {
    this.send(conn, encodeFrame(message, conn.vsn));
  }

  private reply(conn: Connection, to: PhxMessage, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.push(conn, { join_ref: to.join_ref, ref: to.ref, topic: to.topic, event: 'phx_reply', payload: { status, response } });
  }

  private receive(conn: Connection, message: PhxMessage): void {
    if (message.topic === 'phoenix' && message.event === 'heartbeat') {
      this.reply(conn, message, 'ok', {});
      return;
    }
    conn.work = conn.work
      .then(() => this.handle(conn, message))
      .catch((error: unknown) => this.log(`realtime: ${message.event} on ${message.topic} failed: ${(error as Error).message}`));
  }

  private async handle(conn: Connection, message: PhxMessage): Promise<void> {
    if (conn.closed) return;
    if (message.event === 'phx_join') return this.join(conn, message);
    const channel = conn.channels.get(message.topic);
    if (!channel) {
      this.reply(conn, message, 'error', { reason: 'unmatched topic' });
      return;
    }
    if (message.event === 'phx_leave') {
      this.drop(conn, message.topic, channel);
      this.reply(conn, message, 'ok', {});
    } else if (message.event === 'access_token') {
      await this.changeToken(conn, message.topic, channel, message.payload.access_token);
    } else if (message.event === 'presence') {
      this.reply(conn, message, 'error', { reason: 'Presence is not available on the embedded backend' });
    }
    // Anything else, a client's own broadcast among them, is dropped, as Realtime drops what no policy lets it write.
  }

  /** Realtime's token checks: a signature of this project, a role, and an expiry still ahead. */
  private async checkToken(token: string): Promise<Checked> {
    const verified = await this.keys.verify(token);
    if (!verified.ok) {
      if (verified.reason === 'expired') return { ok: false, reason: 'InvalidJWTToken: Token has expired' };
      if (verified.reason === 'role') return { ok: false, reason: 'InvalidJWTToken: The token has no role of this project' };
      return { ok: false, reason: 'JwtSignatureError: Failed to validate JWT signature' };
    }
    if (typeof verified.claims.exp !== 'number') return { ok: false, reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' };
    return { ok: true, role: verified.claims.role, claims: verified.claims };
  }

  /** Null when the policies let the token read the topic, else the reason Realtime gives. */
  private async authorize(conn: Connection, subTopic: string, checked: Extract<Checked, { ok: true }>, refusal: string): Promise<string | null> {
    try {
      const allowed = await withClient(conn.address, () => mayReadTopic(this.db, subTopic, { role: checked.role, claims: checked.claims, address: conn.address }));
      return allowed ? null : refusal;
    } catch (error) {
      if (error instanceof BudgetExceeded) return 'QueryCanceled: the permission check took too long; try again';
      if (error instanceof QueueFull) return 'IncreaseConnectionPool: too many requests from this device at once';
      // A policy that raises refuses, as Realtime answers an RlsPolicyError.
      this.log(`realtime: the policies on realtime.messages failed for ${subTopic}: ${(error as Error).message}`);
      return refusal;
    }
  }

  private async join(conn: Connection, message: PhxMessage): Promise<void> {
    const refuse = (reason: string) => this.reply(conn, message, 'error', { reason });
    const topic = message.topic;
    if (!topic.startsWith(TOPIC_PREFIX) || topic === TOPIC_PREFIX) return refuse('TopicNameRequired: You must provide a topic name');
    const subTopic = topic.slice(TOPIC_PREFIX.length);
    if (Buffer.byteLength(subTopic) > LIMITS.realtimeTopicBytes) return refuse(`TopicNameTooLong: at most ${LIMITS.realtimeTopicBytes} bytes`);
    // A second join of a topic replaces the first, as Phoenix closes the existing channel.
    const existing = conn.channels.get(topic);
    if (existing) this.drop(conn, topic, existing);
    if (conn.channels.size >= LIMITS.realtimeTopicsPerSocket) return refuse('ChannelRateLimitReached: Too many channels');
    const config = message.payload.config;
    if (typeof config !== 'object' || config === null || (config as { private?: unknown }).private !== true) {
      return refuse('PrivateOnly: This project only allows private channels');
    }
    if (this.joins.take(conn.address)) return refuse(`ClientJoinRateLimitReached: at most ${LIMITS.realtimeJoinsPerAddressPerMinute} joins a minute from one device`);
    const token = typeof message.payload.access_token === 'string' ? message.payload.access_token : conn.apiKey;
    const checked = await this.checkToken(token);
    if (!checked.ok) return refuse(checked.reason);
    const userId = checked.role === 'authenticated' && typeof checked.claims.sub === 'string' ? checked.claims.sub : null;
    if (userId !== null && !this.fitsUser(conn, userId)) {
      return refuse(`ConnectionRateLimitReached: at most ${LIMITS.realtimeSocketsPerUser} connections of one student`);
    }
    const denied = await this.authorize(conn, subTopic, checked, `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`);
    if (conn.closed) return;
    if (denied !== null) return refuse(denied);
    // Asked again: joins on the student's other sockets may have filled their share meanwhile.
    if (userId !== null && !this.fitsUser(conn, userId)) {
      return refuse(`ConnectionRateLimitReached: at most ${LIMITS.realtimeSocketsPerUser} connections of one student`);
    }
    const channel: Channel = { subTopic, joinRef: message.join_ref, token, userId, expiry: this.expiryTimer(conn, topic, checked.claims) };
    conn.channels.set(topic, channel);
    this.subscribe(conn, channel);
    // The shape Realtime answers a join with, and no Postgres Changes.
    this.reply(conn, message, 'ok', { postgres_changes: [] });
  }

  private fitsUser(conn: Connection, userId: string): boolean {
    const sockets = this.perUser.get(userId);
    return sockets === undefined || sockets.has(conn) || sockets.size < LIMITS.realtimeSocketsPerUser;
  }

  private subscribe(conn: Connection, channel: Channel): void {
    let topicSockets = this.subscribers.get(channel.subTopic);
    if (!topicSockets) this.subscribers.set(channel.subTopic, (topicSockets = new Set()));
    topicSockets.add(conn);
    if (channel.userId !== null) {
      let sockets = this.perUser.get(channel.userId);
      if (!sockets) this.perUser.set(channel.userId, (sockets = new Set()));
      sockets.add(conn);
    }
  }

  private drop(conn: Connection, topic: string, channel: Channel): void {
    clearTimeout(channel.expiry);
    conn.channels.delete(topic);
    const stillOnTopic = [...conn.channels.values()].some((other) => other.subTopic === channel.subTopic);
    if (!stillOnTopic) {
      const topicSockets = this.subscribers.get(channel.subTopic);
      topicSockets?.delete(conn);
      if (topicSockets?.size === 0) this.subscribers.delete(channel.subTopic);
    }
    const user = channel.userId;
    if (user !== null && ![...conn.channels.values()].some((other) => other.userId === user)) {
      const sockets = this.perUser.get(user);
      sockets?.delete(conn);
      if (sockets?.size === 0) this.perUser.delete(user);
    }
  }

  /** Ends the channel when its token expires (Realtime's confirm_token), unless a new token came first. */
  private expiryTimer(conn: Connection, topic: string, claims: Claims): NodeJS.Timeout {
    const expiresAt = (claims.exp ?? 0) * 1000;
    // setTimeout holds at most 2^31 - 1 ms (25 days); a longer-lived token (the keys' years) waits again then.
    const timer = setTimeout(() => {
      const channel = conn.channels.get(topic);
      if (!channel || channel.expiry !== timer) return;
      if (Date.now() < expiresAt) channel.expiry = this.expiryTimer(conn, topic, claims);
      else this.shutdown(conn, topic, channel, 'Token has expired');
    }, Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1));
    return timer;
  }

  /** Realtime's shutdown_response: a system message with the reason, then the channel is closed. */
  private shutdown(conn: Connection, topic: string, channel: Channel, reason: string): void {
    this.drop(conn, topic, channel);
    this.push(conn, { join_ref: channel.joinRef, ref: null, topic, event: 'system', payload: { extension: 'system', status: 'error', message: reason, channel: channel.subTopic } });
    this.push(conn, { join_ref: channel.joinRef, ref: channel.joinRef, topic, event: 'phx_close', payload: {} });
  }

  /** A refreshed token (supabase-js sends it on every channel): checked, and the join asked again as its holder. */
  private async changeToken(conn: Connection, topic: string, channel: Channel, token: unknown): Promise<void> {
    if (typeof token !== 'string' || token === channel.token) return;
    const checked = await this.checkToken(token);
    if (!checked.ok) return this.shutdown(conn, topic, channel, checked.reason);
    const userId = checked.role === 'authenticated' && typeof checked.claims.sub === 'string' ? checked.claims.sub : null;
    if (userId !== channel.userId && userId !== null && !this.fitsUser(conn, userId)) {
      return this.shutdown(conn, topic, channel, `ConnectionRateLimitReached: at most ${LIMITS.realtimeSocketsPerUser} connections of one student`);
    }
    const denied = await this.authorize(conn, channel.subTopic, checked, `You no longer have permission to read from this Channel topic: ${channel.subTopic}`);
    if (conn.closed || conn.channels.get(topic) !== channel) return;
    if (denied !== null) return this.shutdown(conn, topic, channel, denied);
    this.drop(conn, topic, channel);
    const renewed: Channel = { ...channel, token, userId, expiry: this.expiryTimer(conn, topic, checked.claims) };
    conn.channels.set(topic, renewed);
    this.subscribe(conn, renewed);
  }

  /** Reads the rows announced since the last delivery and sends each to the sockets joined to its topic. */
  private async deliver(): Promise<void> {
    // One turn of the event loop first: the notifications of that turn are read together, and the
    // caller has stored this promise before it can end.
    await new Promise(setImmediate);
    while (this.arrived.size > 0) {
      const ids = [...this.arrived];
      this.arrived.clear();
      // Nobody listening: nothing to read.
      if (this.subscribers.size === 0) continue;
      let rows: { id: string; topic: string; event: string | null; payload: string }[];
      try {
        rows = await withClient(DELIVERY_CLIENT, () =>
          this.db.run(async (tx) =>
            (
              await tx.query<{ id: string; topic: string; event: string | null; payload: string }>(
                `select id::text as id, topic, event, payload::text as payload from realtime.messages
                  where id = any ($1::uuid[]) and extension = 'broadcast' and private is true and payload is not null`,
                [ids],
              )
            ).rows,
          ),
        );
      } catch (error) {
        this.log(`realtime: ${ids.length} broadcast(s) could not be read: ${(error as Error).message}`);
        continue;
      }
      for (const row of rows) {
        for (const conn of this.subscribers.get(row.topic) ?? []) {
          const frame = encodeBroadcast(conn.vsn, TOPIC_PREFIX + row.topic, row.event ?? '', row.payload, { id: row.id });
          if (frame !== null) this.send(conn, frame);
        }
      }
    }
    this.delivering = null;
  }

  private async sweep(): Promise<void> {
    try {
      await withClient(DELIVERY_CLIENT, () =>
        this.db.run((tx) => tx.query(`delete from realtime.messages where inserted_at < now() - interval '${KEEP_MESSAGES}'`)),
      );
    } catch (error) {
      this.log(`realtime: old broadcasts could not be deleted: ${(error as Error).message}`);
    }
  }

  /** How many websockets are open (for the tests of the limits). */
  get openSockets(): number {
    return this.connections.size;
  }

  close(): void {
    this.stopListening();
    clearInterval(this.sweeper);
    for (const conn of this.connections) conn.ws.terminate();
    this.wss.close();
  }
}
