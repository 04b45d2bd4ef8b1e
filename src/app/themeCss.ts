// The text of the theme style element (style#portal-theme) for each theme. Pure, so the build can
// write the default theme into index.html and the first paint, before any script, has its colours.
import { THEMES, type ThemeName } from '../domain/layout.ts';

export const THEME_STYLE_ID = 'portal-theme';

// Colours the spec leaves open, chosen for readable contrast on each theme's background.
const EXTRAS: Record<ThemeName, { text: string; muted: string; surface: string; border: string; link: string; focus: string; positive: string }> = {
  light: {
    text: '#0f172a',
    muted: '#475569',
    surface: '#ffffff',
    border: '#cbd5e1',
    link: '#1e3a8a',
    focus: '#2761a3',
    positive: '#15803d',
  },
  'dark-green': {
    text: '#ecf5e4',
    muted: '#b9cfa8',
    surface: '#243818',
    border: '#3d5a28',
    link: '#c5e8a6',
    focus: '#a3e26f',
    positive: '#9be07a',
  },
};

/** The whole text of the theme style element for one theme. */
export function themeCss(theme: ThemeName): string {
  const extras = EXTRAS[theme];
  if (theme === 'light') {
    const t = THEMES.light;
    return `:root{--primary:${t.primary};--secondary:${t.secondary};--accent:${t.accent};--menu:${t.menu};--main-padding:${t.padding};--text:${extras.text};--muted:${extras.muted};--surface:${extras.surface};--border:${extras.border};--link:${extras.link};--focus:${extras.focus};--positive:${extras.positive};color-scheme:light}
body{background-color:${t.secondary};background-image:url("/backgrounds/light.svg");background-attachment:fixed}`;
  }
  const t = THEMES['dark-green'];
  return `:root{--primary:${t.primary};--secondary:${t.secondary};--accent:${t.accent};--menu:${t.menu};--main-padding:${t.padding};--text:${extras.text};--muted:${extras.muted};--surface:${extras.surface};--border:${extras.border};--link:${extras.link};--focus:${extras.focus};--positive:${extras.positive};color-scheme:dark}
body{background-color:${t.background};background-image:url("/backgrounds/green.svg")}`;
}
