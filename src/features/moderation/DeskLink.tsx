import { Link } from 'react-router-dom';
import { fetchModeratorAccess } from '../../data/queries/fetchModeratorAccess.ts';
import { useServerRead } from '../../state/useServerRead.ts';

/**
 * The way to the moderation desk, for moderators only: an operator appoints them, and without this
 * they would have to be told the address. Offline or not a moderator, nothing shows.
 */
export function DeskLink({ userId }: { userId: string }) {
  const [access] = useServerRead(`moderator:${userId}`, fetchModeratorAccess);
  if (access.state !== 'ready' || !access.data) return null;
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
