/** What the browser believes about the network; outside a browser (tests, scripts) it is online. */
export function isOnline(): boolean {
  return globalThis.navigator?.onLine ?? true;
}
