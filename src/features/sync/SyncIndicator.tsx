import { useEffect, useState } from 'react';
import { usePortal } from '../../app/portal.tsx';
import type { SyncStatus } from '../../sync/engine.ts';

function describe(status: SyncStatus): { label: string; detail: string } | null {
  const failed = status.failed.length;
  if (failed > 0) {
    const reasons = status.failed.map((item) => item.lastError?.message ?? item.kind).join('; ');
    return { label: `${failed} failed`, detail: `Not applied by the server: ${reasons}` };
  }
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

/** Offline, syncing, N pending or failed: silent when everything is sent. */
export function SyncIndicator() {
  const { runtime } = usePortal();
  const [status, setStatus] = useState<SyncStatus | null>(null);

  useEffect(() => {
    if (runtime === null) return;
    setStatus(runtime.engine.getStatus());
    return runtime.engine.subscribe(setStatus);
  }, [runtime]);

  const shown = status === null ? null : describe(status);
  if (shown === null) return null;
  return (
    <span className="sync-indicator" data-testid="sync-indicator" role="status" title={shown.detail}>
      {shown.label}
    </span>
  );
}
