import { Search } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { StudentLookup } from '../../state/moderation.ts';
import { Button } from '../../ui/Button.tsx';

/** A desk section that finds one student's rows by username and lists them, each with its decision. */
export function StudentLookupSection<T>({
  title,
  what,
  button,
  lookup,
  find,
  none,
  row,
}: {
  title: string;
  /** What is looked for, in words: "invite links". */
  what: string;
  button: string;
  lookup: StudentLookup<T>;
  find: (username: string) => void;
  /** What an empty answer says, for the student found. */
  none: (username: string) => string;
  row: (item: T) => ReactNode;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') find(name);
  };

  return (
    <section className="desk-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <form className="desk-decision" onSubmit={submit} aria-label={`Find a student's ${what}`}>
        <label htmlFor={`${id}-username`}>Student's username</label>
        <input id={`${id}-username`} value={name} maxLength={40} autoComplete="off" onChange={(event) => setName(event.target.value)} />
        <Button type="submit" variant="secondary" icon={<Search aria-hidden="true" size={18} />}>
          {button}
        </Button>
      </form>
      {lookup.state === 'loading' ? (
        <p className="muted">Looking…</p>
      ) : lookup.state === 'error' ? (
        <p role="alert">{lookup.message}</p>
      ) : lookup.state === 'ready' && lookup.data.rows.length === 0 ? (
        <p className="muted">{none(lookup.data.username)}</p>
      ) : lookup.state === 'ready' ? (
        <ul className="desk-list" aria-label={`${lookup.data.username}'s ${what}`}>
          {lookup.data.rows.map(row)}
        </ul>
      ) : null}
    </section>
  );
}
