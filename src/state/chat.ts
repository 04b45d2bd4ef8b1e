import { useLiveRead } from './liveRead.ts';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { blockPlayer } from '../data/actions/classmates.ts';
import { reportChatMessage, type ReportOutcome } from '../data/actions/reportChatMessage.ts';
import { holdsChatMessage, keepAnnouncedMessage, readChat } from '../data/chatMirror.ts';
import { fetchBlockedIds } from '../data/queries/fetchBlockedIds.ts';
import { pollChat } from '../data/queries/pollChat.ts';
import { watchChat } from '../data/queries/watchChat.ts';
import { discardMutation, queueMutation } from '../data/queue.ts';
import { readOutboxOfKind } from '../data/reads/outbox.ts';
import type { DataSource } from '../data/source.ts';
import { validateChatBody } from '../domain/chatBody.ts';
import { CHAT_POLL_LIVE_MS, CHAT_POLL_MS, type ChatMessage } from '../domain/chatMessages.ts';
import type { OutboxItem } from '../store/db.ts';
import { useAccount } from './account.ts';

export type { ChatMessage } from '../domain/chatMessages.ts';
export type { OutboxItem } from '../store/db.ts';

export interface ChatRoom {
  account: 'loading' | 'signed-out' | 'signed-in';
  /** The signed-in student's id (their own messages are shown as theirs); null otherwise. */
  userId: string | null;
  /** The room as this device holds it, oldest first: it shows offline too. */
  messages: ChatMessage[];
  /** The student's messages still on this device (sending, waiting for a connection, or refused), in order. */
  pending: OutboxItem[];
  /** False until the device's copy has been read and either held messages or the server has answered once. */
  loaded: boolean;
  /** False while the last poll could not reach the server. */
  reachable: boolean;
  /** Queues a message; resolves to why it was not (the content rules, a full disk), or null once queued. */
  send: (text: string) => Promise<string | null>;
  /** Takes a refused message off the device and queues its text again. */
  retry: (item: OutboxItem) => Promise<string | null>;
  /** Takes a refused message off the device. */
  dismiss: (item: OutboxItem) => Promise<void>;
  /** Reports another student's message to the moderators. */
  report: (message: ChatMessage) => Promise<ReportAnswer>;
  /** Blocks the message's author (issue 28): their messages leave the room at once; resolves to the server's refusal, or null. */
  block: (message: ChatMessage) => Promise<string | null>;
}

export type ReportAnswer = { outcome: ReportOutcome } | { error: string };

interface PollStatus {
  polled: boolean;
  reachable: boolean;
  live: boolean;
  /** The students this student blocked, whose messages are not shown (issue 28). */
  blocked: ReadonlySet<string>;
}

const NOT_POLLED: PollStatus = { polled: false, reachable: true, live: false, blocked: new Set() };
const NO_MESSAGES: ChatMessage[] = [];
const NO_ITEMS: OutboxItem[] = [];

/**
 * The room's reader: the newest page first, then only what came after the newest message a read returned
 * (a cursor, which messages the live channel brings do not move). One poll at a time, and one more after
 * it when asked meanwhile (a message that commits while a read is out may be one it missed); what it
 * learnt about the server and the live channel is kept here, outside React.
 */
function createPoller(data: DataSource, userId: string) {
  let status = NOT_POLLED;
  let newestRead: string | null = null;
  let inFlight = false;
  let again = false;
  const listeners = new Set<() => void>();
  const set = (next: PollStatus) => {
    if (next.polled === status.polled && next.reachable === status.reachable && next.live === status.live && next.blocked === status.blocked) return;
    status = next;
    for (const listener of listeners) listener();
  };
  const poll = async (): Promise<void> => {
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    try {
      do {
        again = false;
        newestRead = await pollChat(data, userId, newestRead);
        set({ ...status, polled: true, reachable: true });
      } while (again);
    } catch {
      set({ ...status, reachable: false });
    } finally {
      inFlight = false;
    }
  };
  return {
    poll,
    /**
     * The live channel brought a message: kept as it came. The student's own is read from the server
     * instead (its client_id, which the broadcast leaves out, matches it to the outbox), unless the device
     * holds it already; an announcement this page cannot read makes it read the room.
     */
    heard: async (message: ChatMessage | null): Promise<void> => {
      try {
        if (message !== null && status.blocked.has(message.user_id)) return;
        if (message !== null && message.user_id !== userId) return await keepAnnouncedMessage(data, userId, message);
        if (message !== null && (await holdsChatMessage(data, userId, message.id))) return;
      } catch {
        // Not kept (a full disk): the read below tries the usual way.
      }
      await poll();
    },
    setLive: (live: boolean) => set({ ...status, live }),
    /** Reads whom the student blocked; unknown (offline), nobody is hidden but what the server left out. */
    readBlocked: async (): Promise<void> => {
      const answer = await fetchBlockedIds(data);
      if (answer.error === null) set({ ...status, blocked: new Set(answer.data) });
    },
    blocked: (authorId: string) => set({ ...status, blocked: new Set([...status.blocked, authorId]) }),
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    status: () => status,
  };
}

type Poller = ReturnType<typeof createPoller>;

const noPoller = { subscribe: () => () => undefined, status: () => NOT_POLLED };

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const pageVisible = () => document.visibilityState !== 'hidden';

/**
 * The chat room for the signed-in student: rendered from the device's copy (so it shows offline), which
 * the live channel adds each new message to as it is said; read from the server at once when one of the
 * student's own messages is confirmed (it left the outbox), and on a timer while the page is visible:
 * every few seconds while the channel is not joined (offline, Realtime out of reach), once a minute while
 * it is (for what a lost broadcast would have missed).
 */
export function useChat(): ChatRoom {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const poller = useMemo<Poller | null>(() => (data === null || userId === null ? null : createPoller(data, userId)), [data, userId]);
  const { polled, reachable, live, blocked } = useSyncExternalStore((poller ?? noPoller).subscribe, (poller ?? noPoller).status);
  const visible = useSyncExternalStore(subscribeVisibility, pageVisible, () => true);
  const messages = useLiveRead(async () => (data === null || userId === null ? undefined : readChat(data, userId)), [data, userId]);
  const outbox = useLiveRead(async () => (data === null || userId === null ? NO_ITEMS : readOutboxOfKind(data, userId, 'send_chat_message')), [data, userId]);

  useEffect(() => {
    if (poller === null || data === null) return;
    void poller.readBlocked();
    return watchChat(data, { onMessage: (message) => void poller.heard(message), onJoined: poller.setLive });
  }, [poller, data]);

  // Also at once when the channel joins or drops: what was said while it was not joined is read then.
  useEffect(() => {
    if (poller === null || !visible) return;
    void poller.poll();
    const timer = window.setInterval(() => void poller.poll(), live ? CHAT_POLL_LIVE_MS : CHAT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [poller, visible, live]);

  const queued = (outbox ?? NO_ITEMS).length;
  const queuedBefore = useRef(queued);
  useEffect(() => {
    if (queued < queuedBefore.current) void poller?.poll();
    queuedBefore.current = queued;
  }, [queued, poller]);

  // The device may hold messages of a student blocked since (or on another device): not shown either.
  const shown = useMemo(() => (messages ?? NO_MESSAGES).filter((message) => !blocked.has(message.user_id)), [messages, blocked]);
  const delivered = useMemo(() => new Set(shown.map((message) => message.client_id).filter((id): id is string => id !== null)), [shown]);
  const pending = useMemo(() => (outbox ?? NO_ITEMS).filter((item) => !delivered.has(item.id)), [outbox, delivered]);

  async function send(text: string): Promise<string | null> {
    const invalid = validateChatBody(text);
    if (invalid !== null) return invalid;
    if (data === null || userId === null) return null;
    try {
      await queueMutation(data, { kind: 'send_chat_message', args: { p_body: text.trim() }, userId });
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  async function dismiss(item: OutboxItem): Promise<void> {
    if (data !== null) await discardMutation(data, item.id);
  }

  async function retry(item: OutboxItem): Promise<string | null> {
    await dismiss(item);
    return send(typeof item.args.p_body === 'string' ? item.args.p_body : '');
  }

  async function report(message: ChatMessage): Promise<ReportAnswer> {
    if (data === null || userId === null) return { error: 'not signed in' };
    const answer = await reportChatMessage(data, message.id, userId);
    return answer.error === null ? { outcome: answer.data } : { error: answer.error.message };
  }

  async function block(message: ChatMessage): Promise<string | null> {
    if (data === null || poller === null) return 'not signed in';
    const answer = await blockPlayer(data, message.user_id);
    if (answer.error !== null) return answer.error.message;
    poller.blocked(message.user_id);
    return null;
  }

  return {
    account: account.state,
    userId,
    messages: shown,
    pending,
    loaded: messages !== undefined && (polled || shown.length > 0),
    reachable,
    send,
    retry,
    dismiss,
    report,
    block,
  };
}
