import { Check, Copy, QrCode } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import { notice } from '../../ui/notice.tsx';
import { InviteQr } from './InviteQr.tsx';

interface Props {
  /** A list's row, or a panel of its own (the dialog that just made the link). */
  as: 'li' | 'div';
  testId: string;
  /** What the link is for and how long it stays open. */
  summary: ReactNode;
  summaryTestId?: string;
  url: string;
  /** The field's name for a screen reader: "Invite link", "Game link". */
  label: string;
  /** Show the QR code at once, or on asking. */
  qrOpen: boolean;
  /** How the maker takes the link back. */
  takeBack: ReactNode;
}

/** A link the student made to share (a friend invite, a game): the link to select, Copy, its QR code. */
export function SharedLink({ as: Row, testId, summary, summaryTestId, url, label, qrOpen, takeBack }: Props) {
  const [showQr, setShowQr] = useState(qrOpen);
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      notice.error('Copying is blocked here: select the link and copy it yourself.');
    }
  }

  return (
    <Row className="invite-row" data-testid={testId}>
      <p className="invite-summary" data-testid={summaryTestId}>
        {summary}
      </p>
      <input className="input invite-link" readOnly value={url} aria-label={label} onFocus={(event) => event.currentTarget.select()} />
      <div className="invite-actions">
        <Button variant="secondary" size="sm" icon={copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />} onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        <Button variant="secondary" size="sm" icon={<QrCode aria-hidden="true" size={16} />} aria-expanded={showQr} onClick={() => setShowQr(!showQr)}>
          {showQr ? 'Hide QR code' : 'QR code'}
        </Button>
        {takeBack}
      </div>
      {showQr && <InviteQr link={url} />}
    </Row>
  );
}
