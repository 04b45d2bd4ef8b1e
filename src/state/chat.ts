import { useLiveRead } from './liveRead.ts';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { reportChatMessage, type ReportOutcome } from '../data/actions/reportChatMessage.ts';
import { readChat } from '../data/chatMirror.ts';
import { pollChat } from '../data/queries/pollChat.ts';
import { discardMutation, queueMutation } from '../data/queue.ts';
import { readOutboxOfKind } from '../data/reads/outbox.ts';
import type { DataSource } from '../data/source.ts';
import { validateChatBody } from '../domain/chatBody.ts';
import { CHAT_POLL_MS, type ChatMessage } from '../domain/chatMessages.ts';
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
}

export type ReportAnswer = { outcome: ReportOutcome } | { error: string };

interface PollStatus {
  polled: boolean;
  reachable: boolean;
}

const NOT_POLLED: PollStatus = { polled: false, reachable: true };
const NO_MESSAGES: ChatMessage[] = [];
const NO_ITEMS: OutboxItem[] = [];

/**
 * The room's reader: the newest page first, then only what came after the newest message held (a
 * cursor). One poll at a time; what it learnt about the server is kept here, outside React.
 */
function createPoller(data: DataSource, userId: string) {
  let status = NOT_POLLED;
  let inFlight = false;
  const listeners = new Set<() => void>();
  const set = (next: PollStatus) => {
    if (next.polled === status.polled && next.reachable === status.reachable) return;
    status = next;
    for (const listener of listeners) listener();
  };
  return {
    poll: async (): Promise<void> => {
      if (inFlight) return;
      inFlight = true;
      try {
        await pollChat(data, userId, status.polled);
        set({ polled: true, reachable: true });
      } catch {
        set({ ...status, reachable: false });
      } finally {
        inFlight = false;
      }
    },
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
 * The chat room for the signed-in student: rendered from the device's copy (so it shows offline) and
 * read again every few seconds while the page is visible, and at once when one of their messages has
 * been confirmed (it left the outbox), rather than at the next tick.
 */
export function useChat(): ChatRoom {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const poller = useMemo<Poller | null>(() => (data === null || userId === null ? null : createPoller(data, userId)), [data, userId]);
  const { polled, reachable } = useSyncExternalStore((poller ?? noPoller).subscribe, (poller ?? noPoller).status);
  const visible = useSyncExternalStore(subscribeVisibility, pageVisible, () => true);
  const messages = useLiveRead(async () => (data === null || userId === null ? undefined : readChat(data, userId)), [data, userId]);
  const outbox = useLiveRead(async () => (data === null || userId === null ? NO_ITEMS : readOutboxOfKind(data, userId, 'send_chat_message')), [data, userId]);

  useEffect(() => {
    if (poller === null || !visible) return;
    void poller.poll();
    const timer = window.setInterval(() => void poller.poll(), CHAT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [poller, visible]);

  const queued = (outbox ?? NO_ITEMS).length;
  const queuedBefore = useRef(queued);
  useEffect(() => {
    if (queued < queuedBefore.current) void poller?.poll();
    queuedBefore.current = queued;
  }, [queued, poller]);

  const shown = messages ?? NO_MESSAGES;
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
  };
}
