import { createContext, useContext, useLayoutEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { config } from '../config.ts';
import { chooseLayout, type LayoutChoice, type ThemeName } from '../domain/layout.ts';
import { siteRedesignFlag, useSiteRedesignFlag } from './flags.ts';
import { getOverride, subscribeOverride } from './override.ts';
import { THEME_STYLE_ID, themeCss } from './themeCss.ts';

/** Keeps exactly one theme style element in <head>, rewriting its text when the theme changes. */
function useThemeStyle(theme: ThemeName): void {
  useLayoutEffect(() => {
    let style = document.getElementById(THEME_STYLE_ID);
    if (!(style instanceof HTMLStyleElement)) {
      style = document.createElement('style');
      style.id = THEME_STYLE_ID;
      document.head.append(style);
    }
    style.textContent = themeCss(theme);
  }, [theme]);
}

const LayoutContext = createContext<LayoutChoice | null>(null);

function choose(flag: string | undefined, forced: ReturnType<typeof getOverride>): LayoutChoice {
  return chooseLayout({ hostname: window.location.hostname, variantHosts: config.variantHosts, flag, forced });
}

/** The layout and theme as they stand now, for work before the first render (LayoutProvider keeps them current after). */
export function layoutNow(): LayoutChoice {
  return choose(siteRedesignFlag(), getOverride());
}

export function LayoutProvider({ children }: { children: ReactNode }) {
  const flag = useSiteRedesignFlag();
  const forced = useSyncExternalStore(subscribeOverride, getOverride);
  const { layout, theme } = choose(flag, forced);
  const value = useMemo(() => ({ layout, theme }), [layout, theme]);
  useThemeStyle(value.theme);
  return <LayoutContext value={value}>{children}</LayoutContext>;
}

export function useLayoutChoice(): LayoutChoice {
  const value = useContext(LayoutContext);
  if (value === null) throw new Error('useLayoutChoice needs a LayoutProvider above it');
  return value;
}
