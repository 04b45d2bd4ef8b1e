import { createContext, useContext, useLayoutEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { config } from '../config.ts';
import { chooseLayout, THEMES, type LayoutChoice, type ThemeName } from '../domain/layout.ts';
import { useSiteRedesignFlag } from './flags.ts';
import { getOverride, subscribeOverride } from './override.ts';

export const THEME_STYLE_ID = 'portal-theme';

// Colours the spec leaves open, chosen for readable contrast on each theme's background.
const EXTRAS: Record<ThemeName, { text: string; muted: string; surface: string; border: string; link: string; focus: string }> = {
  light: {
    text: '#0f172a',
    muted: '#475569',
    surface: '#ffffff',
    border: '#cbd5e1',
    link: '#1e3a8a',
    focus: '#2761a3',
  },
  'dark-green': {
    text: '#ecf5e4',
    muted: '#b9cfa8',
    surface: '#243818',
    border: '#3d5a28',
    link: '#c5e8a6',
    focus: '#a3e26f',
  },
};

/** The whole text of the theme style element for one theme. */
export function themeCss(theme: ThemeName): string {
  const extras = EXTRAS[theme];
  if (theme === 'light') {
    const t = THEMES.light;
    return `:root{--primary:${t.primary};--secondary:${t.secondary};--accent:${t.accent};--menu:${t.menu};--main-padding:${t.padding};--text:${extras.text};--muted:${extras.muted};--surface:${extras.surface};--border:${extras.border};--link:${extras.link};--focus:${extras.focus};color-scheme:light}
body{background-color:${t.secondary};background-image:url("/backgrounds/light.svg");background-attachment:fixed}`;
  }
  const t = THEMES['dark-green'];
  return `:root{--primary:${t.primary};--secondary:${t.secondary};--accent:${t.accent};--menu:${t.menu};--main-padding:${t.padding};--text:${extras.text};--muted:${extras.muted};--surface:${extras.surface};--border:${extras.border};--link:${extras.link};--focus:${extras.focus};color-scheme:dark}
body{background-color:${t.background};background-image:url("/backgrounds/green.svg")}`;
}

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

export function LayoutProvider({ children }: { children: ReactNode }) {
  const flag = useSiteRedesignFlag();
  const forced = useSyncExternalStore(subscribeOverride, getOverride);
  const { layout, theme } = chooseLayout({
    hostname: window.location.hostname,
    variantHosts: config.variantHosts,
    flag,
    forced,
  });
  const value = useMemo(() => ({ layout, theme }), [layout, theme]);
  useThemeStyle(value.theme);
  return <LayoutContext value={value}>{children}</LayoutContext>;
}

export function useLayoutChoice(): LayoutChoice {
  const value = useContext(LayoutContext);
  if (value === null) throw new Error('useLayoutChoice needs a LayoutProvider above it');
  return value;
}
