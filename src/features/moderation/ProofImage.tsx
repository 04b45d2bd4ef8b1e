import { useProofImage } from '../../state/moderation.ts';

/** A score's proof, as the desk shows it beside the score. */
export function ProofImage({ objectName, alt }: { objectName: string; alt: string }) {
  const shown = useProofImage(objectName);
  if (shown === null) return <div className="desk-proof desk-proof-empty" aria-busy="true" />;
  if ('error' in shown) {
    return (
      <p className="desk-proof desk-proof-empty" role="alert">
        The proof could not be loaded ({shown.error}).
      </p>
    );
  }
  return <img className="desk-proof" src={shown.url} alt={alt} data-testid="desk-proof" />;
}
