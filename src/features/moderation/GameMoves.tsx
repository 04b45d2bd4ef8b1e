import { useReportedGame } from '../../state/moderation.ts';

/** A reported game's moves, read when the moderator opens them: who played what, in order. */
export function GameMoves({ matchId }: { matchId: number }) {
  const game = useReportedGame(matchId);
  if (game.state === 'loading') return <p className="muted">Reading the moves…</p>;
  if (game.state === 'error') return <p role="alert">The moves could not be read ({game.message}).</p>;
  const { firstPlayer, secondPlayer, moves } = game.data;
  const names = new Map([
    [firstPlayer.id, firstPlayer.username],
    [secondPlayer.id, secondPlayer.username],
  ]);
  return moves.length === 0 ? (
    <p className="muted" data-testid="desk-game-moves">
      No move was made.
    </p>
  ) : (
    <ol className="desk-moves" data-testid="desk-game-moves" aria-label={`Moves of ${firstPlayer.username} v ${secondPlayer.username}`}>
      {moves.map((move) => (
        <li key={move.ply}>
          {names.get(move.player) ?? 'a former player'}: <code>{move.move}</code>
        </li>
      ))}
    </ol>
  );
}
