import { useCallback } from 'react';

/** The proof image the form holds, drawn from the file itself; its object URL lives as long as the image. */
export function ProofPreview({ file }: { file: File }) {
  const show = useCallback(
    (img: HTMLImageElement | null) => {
      if (img === null) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return (
    <figure className="proof-preview" data-testid="proof-preview">
      <img ref={show} alt={`Proof: ${file.name}`} />
      <figcaption>{file.name}</figcaption>
    </figure>
  );
}
