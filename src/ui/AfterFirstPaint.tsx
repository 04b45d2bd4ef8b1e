import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders its children in a render of their own, after the content around it has been committed and
 * painted. The home page's first screen (the featured game, the picks) is its largest paint; the rows and
 * the full list below it are some fifty tiles that a slow phone takes longer to render than the first
 * screen itself. Until then it holds a viewport's height, so the footer appears nowhere it would move from.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  // On mount useDeferredValue returns the initial value, then renders again with `true` in the background.
  const shown = useDeferredValue(true, false);
  return shown ? children : <div className="after-first-paint" aria-hidden="true" data-testid="after-first-paint" />;
}
