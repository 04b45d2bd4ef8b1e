import { useEffect, useId, useState } from 'react';
import { usePortal } from '../../state/portal.tsx';
import type { OutboxItem } from '../../store/db.ts';
import type { SyncStatus } from '../../sync/engine.ts';
import { describeItem, failsInPlace } from '../../sync/kinds/registry.ts';
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

function FailedList({ failed, onDiscard }: { failed: OutboxItem[]; onDiscard: (item: OutboxItem) => void }) {
  return (
    <ul className="sync-failed-list">
      {failed.map((item) => (
        <li key={item.id} className="sync-failed-item" data-testid="sync-failed-item">
          <div>
            <strong>{describeItem(item)}</strong>
            <p className="sync-failed-why">{item.lastError?.message ?? 'The server did not accept this change.'}</p>
          </div>
          <button type="button" className="sync-discard" onClick={() => onDiscard(item)} data-testid="sync-discard">
            Discard
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Offline, syncing, N pending or failed (click for what and why): silent when everything is sent. */
export function SyncIndicator() {
  const { runtime } = usePortal();
  const [status, setStatus] = useState<SyncStatus | null>(null);
  // Where the panel opens: fixed to the viewport, because the navbar scrolls sideways and would clip it.
  const [anchor, setAnchor] = useState<{ top: number; right: number } | null>(null);
  const open = anchor !== null;
  const panelId = useId();

  useEffect(() => {
    if (runtime === null) return;
    setStatus(runtime.engine.getStatus());
    return runtime.engine.subscribe(setStatus);
  }, [runtime]);

  // Refused chat messages wait in the chat itself, to be sent again or let go: no pill on every page.
  const failed = (status?.failed ?? []).filter((item) => !failsInPlace(item));
  useEffect(() => {
    if (failed.length === 0) setAnchor(null);
  }, [failed.length]);

  if (status === null || runtime === null) return null;
  const pending = pendingLabel(status);
  if (pending === null && failed.length === 0) return null;

  const discardItem = async (item: OutboxItem) => {
    // Loaded on demand: the navbar is part of the shell, which must not pull in Dexie statically.
    const { discardMutation } = await import('../../data/queue.ts');
    await discardMutation(runtime.data, item.id);
    await runtime.engine.drainNow();
  };

  return (
    <span className="sync-status">
      {pending !== null && (
        <span className="sync-indicator" data-testid="sync-indicator" role="status" title={pending.detail}>
          {pending.label}
        </span>
      )}
      {failed.length > 0 && (
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
              <FailedList failed={failed} onDiscard={(item) => void discardItem(item)} />
            </div>
          )}
        </>
      )}
    </span>
  );
}
