import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { usePortal } from '../../state/portal.tsx';
import { reportChatMessage } from '../../data/actions/reportChatMessage.ts';
import { readChat } from '../../data/chatMirror.ts';
import type { OutboxItem } from '../../store/db.ts';
import { pollChat } from '../../data/queries/pollChat.ts';
import { discardMutation, queueMutation } from '../../data/queue.ts';
import { readOutboxOfKind } from '../../data/reads/outbox.ts';
import type { DataSource } from '../../data/source.ts';
import { CHAT_MAX_LENGTH, CHAT_NEW_ACCOUNT_LIMIT, CHAT_RATE_LIMIT, validateChatBody } from '../../domain/chatBody.ts';
import { CHAT_POLL_MS, type ChatMessage } from '../../domain/chatMessages.ts';
import { mainSiteUrl } from '../../links.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import '../../ui/forms.css';
import './chat.css';

const CHAT_REPORTED = 'Thanks. The message was reported to the moderators.';
const CHAT_ALREADY_REPORTED = 'You already reported this message.';

function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

function useVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

const NO_MESSAGES: ChatMessage[] = [];

/**
 * The room's messages, rendered from the device's copy (so they show offline) and refreshed every few
 * seconds while the page is visible: the newest page first, then only what came after the newest
 * message held (a cursor).
 */
function useRoom(data: DataSource, userId: string) {
  const messages = useLiveQuery(() => readChat(data, userId), [data, userId]);
  const [polled, setPolled] = useState(false);
  const [reachable, setReachable] = useState(true);
  const inFlight = useRef(false);
  const newestLoaded = useRef(false);
  const visible = useVisible();

  const poll = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await pollChat(data, userId, newestLoaded.current);
      setReachable(true);
      newestLoaded.current = true;
      setPolled(true);
    } catch {
      setReachable(false);
    } finally {
      inFlight.current = false;
    }
  }, [data, userId]);

  useEffect(() => {
    if (!visible) return;
    void poll();
    const timer = window.setInterval(() => void poll(), CHAT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [poll, visible]);

  const shown = messages ?? NO_MESSAGES;
  return { messages: shown, loaded: messages !== undefined && (polled || shown.length > 0), reachable, poll };
}

function ReportButton({ data, message, userId }: { data: DataSource; message: ChatMessage; userId: string }) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const author = message.username ?? 'someone';
  const report = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const { data: outcome, error } = await reportChatMessage(data, message.id, userId);
      if (error) toast.error(`server error: ${error.message}`);
      else if (outcome === 'reported') toast.success(CHAT_REPORTED);
      else toast(CHAT_ALREADY_REPORTED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="chat-report" onClick={() => setAsking(true)} disabled={busy} aria-label={`Report message from ${author}`}>
        Report
      </button>
      {/* The kit's dialog, not the browser's confirm box: in the portal's look, and it keeps the keyboard's place. */}
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Report this message?"
        actions={
          <>
            <Button variant="danger" onClick={() => void report()} data-testid="chat-report-confirm">
              Report to the moderators
            </Button>
            <Button variant="quiet" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </>
        }
      >
        <p>
          The moderators will read this message from {author} and decide what to do.
        </p>
        <blockquote className="chat-report-quote">{message.body}</blockquote>
      </Dialog>
    </>
  );
}

function PendingMessage({ data, item, onRetry }: { data: DataSource; item: OutboxItem; onRetry: (body: string) => void }) {
  const body = typeof item.args.p_body === 'string' ? item.args.p_body : '';
  const failed = item.status === 'failed';
  return (
    <li className={`chat-message mine pending${failed ? ' failed' : ''}`} data-testid="chat-pending">
      <p className="chat-body">{body}</p>
      {failed ? (
        <div className="chat-status error" role="alert">
          <p>Not sent: {item.lastError?.message ?? 'the server refused it.'}</p>
          <button type="button" className="cm-button-quiet" onClick={() => void discardMutation(data, item.id).then(() => onRetry(body))}>
            Try again
          </button>
          <button type="button" className="cm-button-quiet" onClick={() => void discardMutation(data, item.id)}>
            Dismiss
          </button>
        </div>
      ) : (
        <p className="chat-status">{navigator.onLine ? 'Sending…' : 'Waiting for a connection: it will be sent when you are back online.'}</p>
      )}
    </li>
  );
}

function ChatRoom({ data, userId }: { data: DataSource; userId: string }) {
  const ids = useId();
  const { messages, loaded, reachable, poll } = useRoom(data, userId);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const logRef = useRef<HTMLOListElement>(null);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const stickToBottom = useRef(true);

  const outbox = useLiveQuery(() => readOutboxOfKind(data, userId, 'send_chat_message'), [data, userId]);
  const delivered = useMemo(() => new Set(messages.map((m) => m.client_id).filter((id): id is string => id !== null)), [messages]);
  const pending = (outbox ?? []).filter((item) => !delivered.has(item.id));
  const pendingKey = pending.map((item) => `${item.id}:${item.status}`).join();

  // A confirmed send leaves the outbox: fetch it at once rather than at the next tick.
  const queuedCount = (outbox ?? []).length;
  const previousQueued = useRef(queuedCount);
  useEffect(() => {
    if (queuedCount < previousQueued.current) void poll();
    previousQueued.current = queuedCount;
  }, [queuedCount, poll]);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && stickToBottom.current) log.scrollTop = log.scrollHeight;
  }, [messages, pendingKey]);

  const onScroll = () => {
    const log = logRef.current;
    if (log) stickToBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
  };

  const send = async (text: string): Promise<boolean> => {
    const invalid = validateChatBody(text);
    setProblem(invalid);
    if (invalid !== null) return false;
    try {
      await queueMutation(data, { kind: 'send_chat_message', args: { p_body: text.trim() }, userId });
      stickToBottom.current = true;
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setProblem(message);
      return false;
    }
  };

  // The box's own value, not the last rendered state: a fast typist can press Enter before React re-renders.
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = boxRef.current?.value ?? draft;
    if (await send(text)) setDraft((current) => (current === text ? '' : current));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };

  const length = draft.trim().length;
  return (
    <>
      {!reachable && (
        <p className="chat-connection" role="status" data-testid="chat-offline">
          Cannot reach the chat right now. Showing the messages saved on this device; what you send is queued.
        </p>
      )}
      <div className="chat-layout">
        <div>
          <div className="chat">
            <ol className="chat-log" ref={logRef} onScroll={onScroll} aria-label="Messages" aria-live="polite" data-testid="chat-log">
              {loaded && messages.length === 0 && pending.length === 0 && <li className="chat-empty">No messages yet. Say hi!</li>}
              {!loaded && reachable && <li className="chat-empty">Loading messages…</li>}
              {messages.map((message) => {
                const mine = message.user_id === userId;
                return (
                  <li key={message.id} className={`chat-message${mine ? ' mine' : ''}`} data-testid="chat-message">
                    <div className="chat-meta">
                      <span className="chat-author">{mine ? 'You' : (message.username ?? 'someone')}</span>
                      <time dateTime={message.created_at}>{timeOf(message.created_at)}</time>
                      {!mine && <ReportButton data={data} message={message} userId={userId} />}
                    </div>
                    <p className="chat-body">{message.body}</p>
                  </li>
                );
              })}
              {pending.map((item) => (
                <PendingMessage key={item.id} data={data} item={item} onRetry={(body) => void send(body)} />
              ))}
            </ol>
            <form className="chat-form" onSubmit={(event) => void submit(event)} noValidate>
              <label htmlFor={`${ids}-box`} className="cm-visually-hidden">
                Message
              </label>
              <textarea
                id={`${ids}-box`}
                ref={boxRef}
                value={draft}
                onChange={(event) => {
                  setDraft(event.target.value);
                  setProblem(null);
                }}
                onKeyDown={onKeyDown}
                placeholder="Write a message"
                rows={1}
                aria-invalid={problem !== null}
                aria-describedby={`${ids}-counter ${ids}-problem`}
                data-testid="chat-input"
              />
              <span id={`${ids}-counter`} className={`chat-counter${length > CHAT_MAX_LENGTH ? ' over' : ''}`}>
                {length}/{CHAT_MAX_LENGTH}
              </span>
              <button type="submit" className="button" data-testid="chat-send">
                Send
              </button>
            </form>
          </div>
          <div id={`${ids}-problem`} role="alert">
            {problem !== null && <p className="cm-form-error">{problem}</p>}
          </div>
        </div>
        <section className="panel split-aside chat-rules" aria-labelledby="chat-rules">
          <h2 id="chat-rules">Chat rules</h2>
          <p className="cm-form-hint">
            Be kind. Messages are plain text, up to {CHAT_MAX_LENGTH} characters, at most {CHAT_RATE_LIMIT.messages} every{' '}
            {CHAT_RATE_LIMIT.perSeconds} seconds ({CHAT_NEW_ACCOUNT_LIMIT.messages} every {CHAT_NEW_ACCOUNT_LIMIT.perSeconds} seconds in an account’s
            first day). Rude words are hidden with asterisks; use Report on anything that should not be here.
          </p>
        </section>
      </div>
    </>
  );
}

export default function ChatPage() {
  const { runtime, session, status } = usePortal();
  const info = mainSiteUrl('communityChatInfo');
  return (
    <Page name="chat" title="Chat">
      <p className="page-lead">
        Talk with other students who play here.
        {info !== undefined && (
          <>
            {' '}
            <a href={info} rel="noopener">
              About the community chat
            </a>
          </>
        )}
      </p>
      {status === 'signed-in' && session !== null && runtime !== null ? (
        <ChatRoom data={runtime.data} userId={session.user.id} />
      ) : status === 'signed-out' ? (
        <div className="cm-notice-box" data-testid="chat-sign-in">
          <p>The chat is for signed-in students.</p>
          <p>
            <Link to="/auth" className="button">
              Sign in to chat
            </Link>
          </p>
        </div>
      ) : (
        <p className="cm-form-hint">Loading the chat…</p>
      )}
    </Page>
  );
}
