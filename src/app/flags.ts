import { useSyncExternalStore } from 'react';
import { getRemoteFlag, subscribeRemoteFlag } from '../state/analytics.ts';
import { getOverride, subscribeOverride } from './override.ts';

function subscribeBoth(listener: () => void): () => void {
  const offOverride = subscribeOverride(listener);
  const offRemote = subscribeRemoteFlag(listener);
  return () => {
    offOverride();
    offRemote();
  };
}

/**
 * The value of the site-redesign feature flag, or undefined when unknown: the tester's local
 * override wins over the value PostHog reports (src/state/analytics.ts).
 */
export function siteRedesignFlag(): string | undefined {
  return getOverride().flag ?? getRemoteFlag();
}

/** siteRedesignFlag, kept current in a component. */
export function useSiteRedesignFlag(): string | undefined {
  return useSyncExternalStore(subscribeBoth, siteRedesignFlag);
}
