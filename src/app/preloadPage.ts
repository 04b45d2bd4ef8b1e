// The page a visit opens on is fetched before the first render. A page that suspends when the shell has
// already shown is revealed by React no sooner than 300 ms after its fallback (React throttles reveals so
// that boundaries do not pop in one by one), and its effects (the page's reads) wait as long: measured on
// the home page, the app list's read left 300 ms later than the page's render and the largest paint came
// 150 to 300 ms later than with its chunk in hand.
import type { ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes } from 'react-router-dom';
import type { LayoutName } from '../domain/layout.ts';
import { defaultRoutes, variantRoutes } from './routes.tsx';

function loaderOf(element: unknown): (() => Promise<unknown>) | null {
  const type = (element as ReactElement | null)?.type as { load?: unknown } | undefined;
  return typeof type?.load === 'function' ? (type.load as () => Promise<unknown>) : null;
}

/**
 * Loads the chunk of the page `pathname` opens in `layout`; resolves once it is there, or at once when
 * the route has no page chunk. Never rejects: a chunk that cannot load now is React.lazy's to retry.
 */
export async function preloadPage(pathname: string, layout: LayoutName): Promise<void> {
  const routes = createRoutesFromElements(layout === 'variant' ? variantRoutes : defaultRoutes);
  const matches = matchRoutes(routes, pathname) ?? [];
  const loads = matches.map((match) => loaderOf(match.route.element)).filter((load) => load !== null);
  await Promise.all(loads.map((load) => load().catch(() => undefined)));
}
