// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from '../../../src/ui/Dialog.tsx';
import { click, press, stage, type Stage } from './render.ts';

/** A page with a button that opens a dialog holding a field and two buttons. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Choose a save
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Two saves of this game"
        actions={
          <>
            <button type="button">Keep this device’s</button>
            <button type="button" onClick={() => setOpen(false)}>
              Keep the other
            </button>
          </>
        }
      >
        <input aria-label="Note" />
      </Dialog>
    </>
  );
}

let view: Stage;

afterEach(() => view.unmount());

function open(): HTMLButtonElement {
  view = stage();
  view.render(<Page />);
  const opener = view.container.querySelector('button')!;
  opener.focus();
  click(opener);
  return opener;
}

const dialog = () => view.container.querySelector('dialog');
const focusedName = () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent;

describe('Dialog', () => {
  it('opens modal, named by its title, with the focus on its first control after Close', () => {
    open();
    expect(dialog()?.open).toBe(true);
    const titleId = dialog()!.getAttribute('aria-labelledby')!;
    expect(document.getElementById(titleId)?.textContent).toBe('Two saves of this game');
    expect(focusedName()).toBe('Note');
  });

  it('keeps the focus inside: Tab from the last control goes to the first, Shift+Tab from the first to the last', () => {
    open();
    const controls = [...dialog()!.querySelectorAll('button, input')] as HTMLElement[];
    expect(controls.map((c) => c.getAttribute('aria-label') ?? c.textContent)).toEqual(['Close', 'Note', 'Keep this device’s', 'Keep the other']);
    controls[3]!.focus();
    press('Tab');
    expect(focusedName()).toBe('Close');
    press('Tab', { shiftKey: true });
    expect(focusedName()).toBe('Keep the other');
  });

  it('closes on Escape and gives the focus back to the button that opened it', () => {
    const opener = open();
    press('Escape');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('gives the focus back on any way of closing: the Close button, or an action', () => {
    const opener = open();
    click(dialog()!.querySelector('[aria-label="Close"]')!);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);

    click(opener);
    const other = [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === 'Keep the other')!;
    click(other);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
