import { useSyncExternalStore } from 'react';
import { getOverride, subscribeOverride } from './override.ts';

/**
 * The value of the site-redesign feature flag, or undefined when unknown.
 * For now only the tester's local override sets it; the analytics service feeds it in #8.
 */
export function useSiteRedesignFlag(): string | undefined {
  return useSyncExternalStore(subscribeOverride, () => getOverride().flag);
}
