// The route patterns the default layout's router declares (src/app/routes.tsx), as absolute paths: the
// specs that visit every route check their lists against these, so a new route cannot go unvisited.
import { readFileSync } from 'node:fs';

const ROUTER_SOURCE = readFileSync(new URL('../../../src/app/routes.tsx', import.meta.url), 'utf8');

export function defaultPatterns(): string[] {
  const patternsIn = (text: string) => [
    ...(/<Route index\b/.test(text) ? ['/'] : []),
    ...[...text.matchAll(/<Route path="([^"]+)"/g)].map((match) => `/${match[1]!}`),
  ];
  const defaultAt = ROUTER_SOURCE.indexOf('export const defaultRoutes');
  const variantAt = ROUTER_SOURCE.indexOf('export const variantRoutes');
  if (defaultAt < 0 || variantAt < defaultAt) throw new Error('src/app/routes.tsx no longer declares defaultRoutes, then variantRoutes');
  return [...patternsIn(ROUTER_SOURCE.slice(0, defaultAt)), ...patternsIn(ROUTER_SOURCE.slice(defaultAt, variantAt))];
}
