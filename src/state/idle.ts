/**
 * Runs `task` once the page has loaded and the browser is idle (at the latest `timeoutMs` after the
 * load event), so work no page waits for (analytics, the clock check, the service worker, the first
 * sync) never competes with the first render and the page's own requests on a slow device.
 * Returns the cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, Math.min(timeoutMs, 1000));
      cancel = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') {
    idle();
  } else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}

/**
 * Resolves in a later task, so work after it starts a task of its own: a phone answers a tap between
 * the two instead of after both (Lighthouse counts every task over 50 ms as blocking).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
