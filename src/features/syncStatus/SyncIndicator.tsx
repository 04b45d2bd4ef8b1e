import { useId, useState } from 'react';
import { useSyncStatus, type FailedChange, type SyncStatus } from '../../state/syncStatus.ts';
import './sync.css';

function pendingLabel(status: SyncStatus): { label: string; detail: string } | null {
  if (status.state === 'offline') {
    return {
      label: status.pending > 0 ? `Offline · ${status.pending} pending` : 'Offline',
      detail: 'Changes are kept on this device and sent when the connection returns.',
    };
  }
  if (status.state === 'syncing') return { label: 'Syncing…', detail: 'Sending your changes.' };
  if (status.pending > 0) {
    return { label: `${status.pending} pending`, detail: status.lastError ?? 'Waiting to send your changes.' };
  }
  return null;
}

function FailedList({ failed, onDiscard }: { failed: FailedChange[]; onDiscard: (id: string) => void }) {
  return (
    <ul className="sync-failed-list">
      {failed.map((change) => (
        <li key={change.id} className="sync-failed-item" data-testid="sync-failed-item">
          <div>
            <strong>{change.description}</strong>
            <p className="sync-failed-why">{change.why ?? 'The server did not accept this change.'}</p>
          </div>
          <button type="button" className="sync-discard" onClick={() => onDiscard(change.id)} data-testid="sync-discard">
            Discard
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The "N failed" button and the panel it opens. Rendered only while something has failed, so the panel's
 * place is forgotten with the last failure and a later one starts closed.
 */
function FailedChanges({ failed, onDiscard }: { failed: FailedChange[]; onDiscard: (id: string) => void }) {
  // Where the panel opens: fixed to the viewport, because the navbar scrolls sideways and would clip it.
  const [anchor, setAnchor] = useState<{ top: number; right: number } | null>(null);
  const open = anchor !== null;
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        className="sync-indicator sync-indicator-failed"
        data-testid="sync-failed"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          setAnchor(open ? null : { top: rect.bottom + 8, right: Math.max(8, window.innerWidth - rect.right) });
        }}
      >
        {failed.length} failed
      </button>
      {anchor !== null && (
        <div className="sync-failed-panel" id={panelId} role="dialog" aria-label="Changes the server refused" style={anchor}>
          <p className="sync-failed-lead">The server did not accept these changes. Their effect has been taken back.</p>
          <FailedList failed={failed} onDiscard={onDiscard} />
        </div>
      )}
    </>
  );
}

/** Offline, syncing, N pending or failed (click for what and why): silent when everything is sent. */
export function SyncIndicator() {
  const { status, failed, discard } = useSyncStatus();
  if (status === null) return null;
  const pending = pendingLabel(status);
  if (pending === null && failed.length === 0) return null;
  return (
    <span className="sync-status">
      {pending !== null && (
        <span className="sync-indicator" data-testid="sync-indicator" role="status" title={pending.detail}>
          {pending.label}
        </span>
      )}
      {failed.length > 0 && <FailedChanges failed={failed} onDiscard={(id) => void discard(id)} />}
    </span>
  );
}
