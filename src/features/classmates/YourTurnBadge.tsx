import { useYourTurn } from '../../state/yourTurn.ts';

/** Beside "Friends" in the header: the games that wait for the student, on every page. */
export function YourTurnBadge() {
  const waiting = useYourTurn();
  if (waiting === null || waiting === 0) return null;
  return (
    <span className="badge badge-hot nav-badge" data-testid="your-turn">
      {waiting}
      <span className="visually-hidden"> {waiting === 1 ? 'game waits for you' : 'games wait for you'}</span>
    </span>
  );
}
