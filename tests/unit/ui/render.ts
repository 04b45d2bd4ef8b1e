// A small stage for the kit's components: React renders into a happy-dom document (the test file asks
// for the environment), each step inside act() so effects have run when the test looks.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Stage {
  container: HTMLElement;
  render(node: ReactNode): void;
  unmount(): void;
}

export function stage(): Stage {
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | null = createRoot(container);
  return {
    container,
    render(node) {
      act(() => root?.render(node));
    },
    unmount() {
      act(() => root?.unmount());
      root = null;
      container.remove();
    },
  };
}

/** A key pressed on the focused element, bubbling as a browser's would. */
export function press(key: string, options: { shiftKey?: boolean } = {}): void {
  const target = document.activeElement ?? document.body;
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...options }));
  });
}

export function click(element: Element): void {
  act(() => {
    (element as HTMLElement).click();
  });
}
