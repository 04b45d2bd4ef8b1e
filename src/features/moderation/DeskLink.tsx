import { Link } from 'react-router-dom';
import { useModeratorAccess } from '../../state/moderation.ts';

/**
 * The way to the moderation desk, for moderators only: an operator appoints them, and without this
 * they would have to be told the address. Offline or not a moderator, nothing shows.
 */
export function DeskLink({ userId }: { userId: string }) {
  const moderator = useModeratorAccess(userId);
  if (!moderator) return null;
  return (
    <section className="form-card" aria-labelledby="desk-heading" data-testid="desk-link">
      <h2 id="desk-heading">Moderation</h2>
      <p>Review score proofs, reported chat messages and takedown requests.</p>
      <Link className="button" to="/moderate">
        Open the moderation desk
      </Link>
    </section>
  );
}
