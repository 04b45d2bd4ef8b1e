import { useId, useState, type FormEvent } from 'react';

export interface DecisionChoice {
  label: string;
  /** The reason recorded when the moderator writes none. */
  defaultReason: string;
  onDecide: (reason: string) => Promise<void>;
}

/**
 * The reason box and the buttons of one item on the desk. Every decision keeps a reason: the one
 * written, else the button's own. Enter in the box takes the first choice.
 */
export function DecisionForm({ subject, choices }: { subject: string; choices: DecisionChoice[] }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const decide = async (choice: DecisionChoice) => {
    setBusy(true);
    try {
      await choice.onDecide(reason.trim() === '' ? choice.defaultReason : reason.trim());
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first = choices[0];
    if (first !== undefined && !busy) void decide(first);
  };

  return (
    <form className="desk-decision" onSubmit={submit} aria-label={`Decide on ${subject}`}>
      <label htmlFor={`${id}-reason`}>Reason (kept with the decision)</label>
      <input
        id={`${id}-reason`}
        value={reason}
        maxLength={500}
        placeholder={choices[0]?.defaultReason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="desk-buttons">
        {choices.map((choice) => (
          <button key={choice.label} type="button" className="button" disabled={busy} onClick={() => void decide(choice)}>
            {choice.label}
          </button>
        ))}
      </div>
    </form>
  );
}
