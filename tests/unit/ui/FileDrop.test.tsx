// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileDrop } from '../../../src/ui/FileDrop.tsx';
import { stage, type Stage } from './render.ts';

let view: Stage;
afterEach(() => view.unmount());

function Proof({ onFile, disabled }: { onFile: (file: File | null) => void; disabled?: boolean }) {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <FileDrop
      label="Proof picture"
      accept="image/*"
      chosen={chosen}
      disabled={disabled}
      onFile={(file) => {
        setChosen(file?.name ?? null);
        onFile(file);
      }}
    />
  );
}

function render(disabled = false) {
  const onFile = vi.fn();
  view = stage();
  view.render(<Proof onFile={onFile} disabled={disabled} />);
  const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  const zone = view.container.querySelector('.file-drop') as HTMLElement;
  return { onFile, input, zone };
}

/** A drag event carrying files, as a browser sends one (happy-dom's DragEvent has no DataTransfer of its own). */
function drag(type: string, files: File[]): Event {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: { files, types: ['Files'] } });
  return event;
}

const picture = () => new File([new Uint8Array([137, 80, 78, 71])], 'score-1180.png', { type: 'image/png' });

describe('FileDrop', () => {
  it('is the real file input, focusable and labelled, so a keyboard opens the picker as the browser does', () => {
    const { input, zone } = render();
    // The input sits inside its label: its name is the label's text, and the zone is the click target.
    expect(input.closest('label')).toBe(zone);
    expect(zone.textContent).toContain('Proof picture');
    expect(input.accept).toBe('image/*');
    expect(input.tabIndex).not.toBe(-1);
    input.focus();
    expect(document.activeElement).toBe(input);
    const hint = document.getElementById(input.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Drop a picture here, or click to choose one');
  });

  it('takes a file dropped on it, shows its name and marks the zone while one is over it', () => {
    const { onFile, zone } = render();
    act(() => {
      zone.dispatchEvent(drag('dragover', [picture()]));
    });
    expect(zone.dataset.over).toBe('true');
    const dropped = drag('drop', [picture()]);
    act(() => {
      zone.dispatchEvent(dropped);
    });
    // Dropped here, not opened by the browser as a page of its own.
    expect(dropped.defaultPrevented).toBe(true);
    expect(zone.dataset.over).toBe('false');
    expect(onFile).toHaveBeenCalledTimes(1);
    expect((onFile.mock.calls[0]![0] as File).name).toBe('score-1180.png');
    expect(zone.querySelector('.file-drop-chosen')?.textContent).toBe('score-1180.png');
  });

  it('takes a file chosen in the picker', () => {
    const { onFile, input, zone } = render();
    Object.defineProperty(input, 'files', { value: [picture()], configurable: true });
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(zone.querySelector('.file-drop-chosen')?.textContent).toBe('score-1180.png');
  });

  it('is marked invalid and described by the error while the form has one about the file', () => {
    view = stage();
    view.render(<FileDrop label="Proof image" chosen={null} onFile={() => {}} errorId="proof-error" />);
    const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain('proof-error');
    view.render(<FileDrop label="Proof image" chosen={null} onFile={() => {}} />);
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.getAttribute('aria-describedby')?.split(' ')).not.toContain('proof-error');
  });

  it('takes nothing while disabled', () => {
    const { onFile, input, zone } = render(true);
    expect(input.disabled).toBe(true);
    act(() => {
      zone.dispatchEvent(drag('dragover', [picture()]));
      zone.dispatchEvent(drag('drop', [picture()]));
    });
    expect(zone.dataset.over).toBe('false');
    expect(onFile).not.toHaveBeenCalled();
  });
});
