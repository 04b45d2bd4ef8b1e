// A form sent in the moments before the data runtime has loaded waits for it rather than being refused:
// on a Chromebook busy starting the portal, a student who types fast can press "Create account" first.
// PortalProvider announces the runtime here as it arrives (or that it never will).
import type { DataSource } from '../data/source.ts';

/** How long a sent form waits for the runtime before it says the portal is still starting. */
export const RUNTIME_WAIT_MS = 15_000;

let announce: (data: DataSource | null) => void = () => undefined;
const arrival = new Promise<DataSource | null>((resolve) => {
  announce = resolve;
});

/** Called once by PortalProvider: the runtime's data source, or null when the runtime could not load. */
export function announceRuntime(data: DataSource | null): void {
  announce(data);
}

/** `known` when there is one, else the runtime's data source once it has loaded; null if it has not within `ms`. */
export function dataWhenLoaded(known: DataSource | null, ms: number = RUNTIME_WAIT_MS): Promise<DataSource | null> {
  if (known !== null) return Promise.resolve(known);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    void arrival.then((data) => {
      clearTimeout(timer);
      resolve(data);
    });
  });
}
