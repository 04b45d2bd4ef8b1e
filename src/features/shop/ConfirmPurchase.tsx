import { useId, useLayoutEffect, useRef } from 'react';
import { formatCoins } from '../../domain/coinText.ts';
import { purchaseQuestion } from '../../domain/purchase.ts';

/**
 * Asks before a dear purchase, in a modal dialog: the browser keeps focus inside it, and Escape
 * cancels. Focus starts on Cancel, since a purchase cannot be undone and a second press of Enter on
 * the Buy button must not spend the Dabloons.
 */
export function ConfirmPurchase({
  name,
  price,
  balance,
  onConfirm,
  onCancel,
}: {
  name: string;
  price: number;
  balance: number | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const ids = useId();

  // Layout effects, so the dialog closes while still in the page and the browser can give focus back to Buy.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (!element.open) element.showModal();
    cancel.current?.focus();
    return () => element.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="confirm-purchase"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-question`}
      data-testid="confirm-purchase"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${ids}-title`}>Confirm purchase</h2>
      <p id={`${ids}-question`}>{purchaseQuestion(name, price, balance)}</p>
      <div className="confirm-purchase-actions">
        <button type="button" className="button" data-testid="confirm-purchase-buy" onClick={onConfirm}>
          Buy for {formatCoins(price)}
        </button>
        <button ref={cancel} type="button" className="button button-secondary" data-testid="confirm-purchase-cancel" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
