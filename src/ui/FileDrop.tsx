import { ImageUp } from 'lucide-react';
import { useId, useState, type DragEvent, type Ref } from 'react';

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
  id,
  inputRef,
  errorId,
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
  id?: string;
  /** The input itself, for a form that clears it after sending. */
  inputRef?: Ref<HTMLInputElement>;
  /** The id of the error said about the file, when there is one: the input is then marked invalid. */
  errorId?: string;
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
      data-invalid={errorId !== undefined ? 'true' : 'false'}
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
        ref={inputRef}
        id={id}
        type="file"
        name={name}
        accept={accept}
        disabled={disabled}
        aria-invalid={errorId !== undefined}
        aria-describedby={errorId === undefined ? hintId : `${hintId} ${errorId}`}
        data-testid={testId}
        onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
      />
    </label>
  );
}
