import { useEffect, useState } from 'react';
import { fetchProofImage } from '../../data/queries/fetchProofImage.ts';
import type { DataSource } from '../../data/source.ts';

/** A score's proof, read from the private bucket and shown from memory; its object URL is freed when it goes. */
export function ProofImage({ data, objectName, alt }: { data: DataSource; objectName: string; alt: string }) {
  const [shown, setShown] = useState<{ url: string } | { error: string } | null>(null);

  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    void fetchProofImage(data, objectName).then(({ data: blob, error }) => {
      if (cancelled) return;
      if (error) {
        setShown({ error: error.message });
        return;
      }
      url = URL.createObjectURL(blob);
      setShown({ url });
    });
    return () => {
      cancelled = true;
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [data, objectName]);

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
