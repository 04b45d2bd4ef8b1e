import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, type ButtonVariant } from '../../ui/Button.tsx';

export interface DecisionChoice {
  label: string;
  /** How the button looks: the choice that removes or refuses something is `danger`, so it never looks like the one that accepts. */
  variant: ButtonVariant;
  /** The reason recorded when the moderator writes none; without one, the moderator must write it. */
  defaultReason?: string;
  /** What to tell a moderator who makes this choice without writing a reason, when it has no default. */
  reasonPrompt?: string;
  onDecide: (reason: string) => Promise<void>;
}

/**
 * The reason box and the buttons of one item on the desk. Every decision keeps a reason: the one
 * written, else the button's own. Enter in the box takes the first choice, unless `enterDecides` is
 * false: where the reason is also a message to a student, a reason typed for one button must not be
 * sent with another by a stray Enter.
 */
export function DecisionForm({
  subject,
  choices,
  reasonLabel = 'Reason (kept with the decision)',
  enterDecides = true,
}: {
  subject: string;
  choices: DecisionChoice[];
  reasonLabel?: string;
  enterDecides?: boolean;
}) {
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState('');
  const [prompt, setPrompt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const decide = async (choice: DecisionChoice) => {
    const written = reason.trim();
    const given = written === '' ? choice.defaultReason : written;
    if (given === undefined) {
      setPrompt(choice.reasonPrompt ?? `Write a reason before you choose ${choice.label}.`);
      box.current?.focus();
      return;
    }
    setPrompt(null);
    setBusy(true);
    try {
      await choice.onDecide(given);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const first = choices[0];
    if (enterDecides && first !== undefined) void decide(first);
    else if (!enterDecides) setPrompt(`Choose with the buttons: ${choices.map((choice) => choice.label).join(' or ')}.`);
  };

  return (
    <form className="desk-decision" onSubmit={submit} aria-label={`Decide on ${subject}`}>
      <label htmlFor={`${id}-reason`}>{reasonLabel}</label>
      <input
        ref={box}
        id={`${id}-reason`}
        value={reason}
        maxLength={500}
        placeholder={choices[0]?.defaultReason}
        aria-describedby={prompt === null ? undefined : `${id}-prompt`}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="desk-buttons">
        {choices.map((choice) => (
          <Button key={choice.label} variant={choice.variant} disabled={busy} onClick={() => void decide(choice)}>
            {choice.label}
          </Button>
        ))}
      </div>
      {prompt !== null && (
        <p id={`${id}-prompt`} className="desk-prompt" role="alert">
          {prompt}
        </p>
      )}
    </form>
  );
}
