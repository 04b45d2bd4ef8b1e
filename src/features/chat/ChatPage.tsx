import { MessagesSquare } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { CHAT_MAX_LENGTH, CHAT_NEW_ACCOUNT_LIMIT, CHAT_RATE_LIMIT } from '../../domain/chatBody.ts';
import { mainSiteUrl } from '../../links.ts';
import { useChat, type ChatMessage, type ChatRoom as Room, type OutboxItem } from '../../state/chat.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import '../../ui/forms.css';
import './chat.css';

const CHAT_REPORTED = 'Thanks. The message was reported to the moderators.';
const CHAT_ALREADY_REPORTED = 'You already reported this message.';

function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

function ReportButton({ message, report, block }: { message: ChatMessage; report: Room['report']; block: Room['block'] }) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [alsoBlock, setAlsoBlock] = useState(false);
  const blockId = useId();
  const author = message.username ?? 'someone';
  const confirm = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const answer = await report(message);
      if ('error' in answer) toast.error(`server error: ${answer.error}`);
      else if (answer.outcome === 'reported') toast.success(CHAT_REPORTED);
      else toast(CHAT_ALREADY_REPORTED);
      if (alsoBlock) {
        const refusal = await block(message);
        if (refusal === null) toast.success(`You blocked ${author}. Unblock them on your friends page.`);
        else toast.error(`Not blocked: ${refusal}`);
      }
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
            <Button variant="danger" onClick={() => void confirm()} data-testid="chat-report-confirm">
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
        <label className="field-check chat-report-block" htmlFor={blockId}>
          <input id={blockId} type="checkbox" checked={alsoBlock} onChange={(event) => setAlsoBlock(event.target.checked)} data-testid="chat-report-block" />
          Also block {author}: you will not see their messages, and they cannot ask you to be friends or invite you to play.
        </label>
      </Dialog>
    </>
  );
}

function PendingMessage({ item, onRetry, onDismiss }: { item: OutboxItem; onRetry: () => void; onDismiss: () => void }) {
  const body = typeof item.args.p_body === 'string' ? item.args.p_body : '';
  const failed = item.status === 'failed';
  return (
    <li className={`chat-message mine pending${failed ? ' failed' : ''}`} data-testid="chat-pending">
      <p className="chat-body">{body}</p>
      {failed ? (
        <div className="chat-status error" role="alert">
          <p>Not sent: {item.lastError?.message ?? 'the server refused it.'}</p>
          <button type="button" className="cm-button-quiet" onClick={onRetry}>
            Try again
          </button>
          <button type="button" className="cm-button-quiet" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      ) : (
        <p className="chat-status">{navigator.onLine ? 'Sending…' : 'Waiting for a connection: it will be sent when you are back online.'}</p>
      )}
    </li>
  );
}

function ChatRoom({ room }: { room: Room }) {
  const ids = useId();
  const { messages, pending, loaded, reachable, userId } = room;
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const logRef = useRef<HTMLOListElement>(null);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const stickToBottom = useRef(true);

  const pendingKey = pending.map((item) => `${item.id}:${item.status}`).join();

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && stickToBottom.current) log.scrollTop = log.scrollHeight;
  }, [messages, pendingKey]);

  const onScroll = () => {
    const log = logRef.current;
    if (log) stickToBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
  };

  const outcome = (refusal: string | null): boolean => {
    setProblem(refusal);
    if (refusal === null) stickToBottom.current = true;
    return refusal === null;
  };
  const send = async (text: string): Promise<boolean> => outcome(await room.send(text));

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
              {loaded && messages.length === 0 && pending.length === 0 && (
                <li className="chat-empty">
                  <EmptyState
                    icon={<MessagesSquare size={28} />}
                    title="No messages yet"
                    action={
                      // A label: pressing it puts the cursor in the message box.
                      <label htmlFor={`${ids}-box`} className="button button-secondary">
                        Say hi
                      </label>
                    }
                  >
                    Be the first to say something to the class.
                  </EmptyState>
                </li>
              )}
              {!loaded && reachable && <li className="chat-empty">Loading messages…</li>}
              {messages.map((message) => {
                const mine = message.user_id === userId;
                return (
                  <li key={message.id} className={`chat-message${mine ? ' mine' : ''}`} data-testid="chat-message">
                    <div className="chat-meta">
                      <span className="chat-author">{mine ? 'You' : (message.username ?? 'someone')}</span>
                      <time dateTime={message.created_at}>{timeOf(message.created_at)}</time>
                      {!mine && <ReportButton message={message} report={room.report} block={room.block} />}
                    </div>
                    <p className="chat-body">{message.body}</p>
                  </li>
                );
              })}
              {pending.map((item) => (
                <PendingMessage
                  key={item.id}
                  item={item}
                  onRetry={() => void room.retry(item).then(outcome)}
                  onDismiss={() => void room.dismiss(item)}
                />
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
  const room = useChat();
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
      {room.account === 'signed-in' ? (
        <ChatRoom room={room} />
      ) : room.account === 'signed-out' ? (
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
