import { ImageUp } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';

/**
 * A big target for a file (a score's proof picture): drop it on, or click, tap or press Enter/Space
 * to choose one. The real file input stays in the page, focusable and labelled, so a keyboard and a
 * screen reader use it as they would the browser's own; it is only drawn differently.
 */
export function FileDrop({
  label,
  hint,
  accept,
  name,
  onFile,
  chosen,
  disabled,
  testId,
}: {
  label: string;
  hint?: string;
  accept?: string;
  name?: string;
  onFile: (file: File | null) => void;
  /** The name of the file chosen, to show; null when none. */
  chosen: string | null;
  disabled?: boolean;
  testId?: string;
}) {
  const [over, setOver] = useState(false);
  const hintId = useId();

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    onFile(event.dataTransfer.files[0] ?? null);
  };

  return (
    <label
      className="file-drop"
      data-over={over ? 'true' : 'false'}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <ImageUp aria-hidden="true" size={32} />
      <span className="file-drop-title">{label}</span>
      <span className="file-drop-hint" id={hintId}>
        {hint ?? 'Drop a picture here, or click to choose one'}
      </span>
      {chosen !== null && <span className="file-drop-chosen">{chosen}</span>}
      <input
        type="file"
        name={name}
        accept={accept}
        disabled={disabled}
        aria-describedby={hintId}
        data-testid={testId}
        onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
      />
    </label>
  );
}
