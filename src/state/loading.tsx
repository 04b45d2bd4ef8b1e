import { createContext, useCallback, useContext, useMemo, useReducer, type ReactNode } from 'react';
import { INITIAL_LOADING_STATE, isLoading, loadingReducer, type LoadingState } from '../domain/loading.ts';

export interface LoadingContextValue {
  state: LoadingState;
  /** True while any component is loading. */
  loading: boolean;
  start: (...names: string[]) => void;
  done: (...names: string[]) => void;
}

const LoadingContext = createContext<LoadingContextValue | null>(null);

export function LoadingProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(loadingReducer, INITIAL_LOADING_STATE);
  // Stable across renders, so effects can list them as dependencies without re-running.
  const start = useCallback((...names: string[]) => dispatch({ type: 'LOADING', names }), []);
  const done = useCallback((...names: string[]) => dispatch({ type: 'DONE', names }), []);
  const value = useMemo<LoadingContextValue>(
    () => ({ state, loading: isLoading(state), start, done }),
    [state, start, done],
  );
  return <LoadingContext value={value}>{children}</LoadingContext>;
}

export function useLoading(): LoadingContextValue {
  const value = useContext(LoadingContext);
  if (value === null) throw new Error('useLoading needs a LoadingProvider above it');
  return value;
}
