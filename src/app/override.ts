// A tester's local override of the layout and the site-redesign flag, so both layouts and
// both themes can be seen on any host without an analytics key.
//
// Query parameters (on any page; they persist in localStorage key 'portal.override' as JSON,
// so they survive navigation and reloads):
//   ?layout=variant   force the variant layout (ignores the host check)
//   ?layout=default   force the default layout
//   ?flag=test        site-redesign flag value 'test' (dark green theme in the variant layout)
//   ?flag=control     site-redesign flag value 'control' (light theme)
//   ?layout=reset     forget every override
// The two can be combined: /?layout=variant&flag=test

export const OVERRIDE_STORAGE_KEY = 'portal.override';

export type ForcedLayout = 'default' | 'variant';

export interface LayoutOverride {
  layout?: ForcedLayout;
  flag?: string;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let current: LayoutOverride = readStored();

function readStored(): LayoutOverride {
  try {
    const raw = window.localStorage.getItem(OVERRIDE_STORAGE_KEY);
    if (raw === null) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { layout, flag } = parsed as Record<string, unknown>;
    const result: LayoutOverride = {};
    if (layout === 'default' || layout === 'variant') result.layout = layout;
    if (typeof flag === 'string' && flag !== '') result.flag = flag;
    return result;
  } catch {
    // Storage can be blocked (private mode, school policies): the portal then runs unforced.
    return {};
  }
}

function store(next: LayoutOverride): void {
  try {
    if (next.layout === undefined && next.flag === undefined) {
      window.localStorage.removeItem(OVERRIDE_STORAGE_KEY);
    } else {
      window.localStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify(next));
    }
  } catch {
    // Without storage the override still holds for this page view.
  }
}

/** The override after applying the query string `search` to `previous`. */
export function parseOverride(search: string, previous: LayoutOverride): LayoutOverride {
  const params = new URLSearchParams(search);
  const layout = params.get('layout');
  const flag = params.get('flag');
  if (layout === 'reset') return {};
  const next: LayoutOverride = { ...previous };
  if (layout === 'default' || layout === 'variant') next.layout = layout;
  if (flag !== null && flag !== '') next.flag = flag;
  return next;
}

/** Applies override parameters found in `search`; a no-op when there are none. */
export function applyOverrideFromSearch(search: string): void {
  const next = parseOverride(search, current);
  if (next.layout === current.layout && next.flag === current.flag) return;
  current = next;
  store(next);
  for (const listener of listeners) listener();
}

export function getOverride(): LayoutOverride {
  return current;
}

export function subscribeOverride(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
