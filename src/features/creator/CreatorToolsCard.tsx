import { Clapperboard } from 'lucide-react';
import { ButtonLink } from '../../ui/Button.tsx';
import '../../ui/formCard.css';

/**
 * The way to the creator tools from a student's own pages (settings, own profile): without it the tools
 * had no link anywhere, and an applicant had to be told the address. The page behind says whether they
 * are a creator already or how to become one.
 */
export function CreatorToolsCard() {
  return (
    <section className="form-card" aria-labelledby="creator-tools-heading" data-testid="creator-tools-card">
      <h2 id="creator-tools-heading">Creator tools</h2>
      <p>Make videos about the games here? Apply to be a creator, or add your videos if you are one.</p>
      <ButtonLink variant="secondary" to="/creator" icon={<Clapperboard aria-hidden="true" size={20} />}>
        Open the creator tools
      </ButtonLink>
    </section>
  );
}
