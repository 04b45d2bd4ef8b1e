/** Component name -> whether it is loading. */
export type LoadingState = Readonly<Record<string, boolean>>;

export type LoadingAction = { type: 'LOADING'; names: readonly string[] } | { type: 'DONE'; names: readonly string[] };

/** The loading labels the spec names; any other name works too. */
export const LOADING_LABELS = [
  'AppList',
  'Auth',
  'AuthIcon',
  'Profile',
  'Coins',
  'BattlePass',
  'Streak',
  'Items',
  'AppScore',
  'AppScoreForm',
  'topStreaks',
  'topTimeSpent',
  'topAppsPlayed',
  'topCoinsThisWeek',
] as const;

export const INITIAL_LOADING_STATE: LoadingState = Object.freeze({});

/**
 * LOADING marks names loading, DONE clears them. The same state object comes back when nothing
 * changes, so React skips the re-render. A name never marked needs no entry to count as not loading.
 */
export function loadingReducer(state: LoadingState, action: LoadingAction): LoadingState {
  let value: boolean;
  if (action.type === 'LOADING') value = true;
  else if (action.type === 'DONE') value = false;
  else return state;

  let next: Record<string, boolean> | null = null;
  for (const name of action.names) {
    const current = Object.hasOwn(state, name) ? state[name] : undefined;
    if (current === value || (current === undefined && !value)) continue;
    next ??= { ...state };
    // defineProperty, not assignment: a name such as '__proto__' must become an entry, not a prototype.
    Object.defineProperty(next, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return next ?? state;
}

export function isLoading(state: LoadingState): boolean {
  return Object.values(state).some((value) => value === true);
}
