// The text of the theme style element (style#portal-theme) for each theme. Pure, so the build can
// write the default theme into index.html and the first paint, before any script, has its colours.
// The light theme sets only the spec's layout colours: the look's own colours, light and dark, are the
// design tokens (ui/tokens.css). The variant's dark green sets its own on top of either.
import { THEMES, type ThemeName } from '../domain/layout.ts';

export const THEME_STYLE_ID = 'portal-theme';

// The variant's colours the spec leaves open, chosen for readable contrast on its green background.
const GREEN = {
  text: '#ecf5e4',
  muted: '#b9cfa8',
  surface: '#243818',
  border: '#3d5a28',
  link: '#c5e8a6',
  focus: '#a3e26f',
  positive: '#9be07a',
};

/** The whole text of the theme style element for one theme. */
export function themeCss(theme: ThemeName): string {
  if (theme === 'light') {
    const t = THEMES.light;
    return `:root{--primary:${t.primary};--secondary:${t.secondary};--accent:${t.accent};--menu:${t.menu};--main-padding:${t.padding}}
body{background-color:${t.secondary};background-image:url("/backgrounds/light.svg");background-attachment:fixed}`;
  }
  const t = THEMES['dark-green'];
  const g = GREEN;
  // Doubled :root: as specific as the tokens' dark scheme, and later, so the green wins in either scheme.
  return `:root:root{--primary:${t.primary};--secondary:${t.secondary};--accent:${t.accent};--menu:${t.menu};--main-padding:${t.padding};--c-bg:${t.background};--c-surface:${g.surface};--c-surface-2:${t.primary};--c-border:${g.border};--c-text:${g.text};--c-muted:${g.muted};--c-brand:${t.accent};--c-brand-strong:${t.primary};--c-brand-soft:${t.primary};--c-link:${g.link};--c-focus:${g.focus};--c-mint:${g.positive};--c-nav:${t.menu};--c-nav-text:${g.text};--c-footer:${t.menu};color-scheme:dark}
:root:root body{background-color:${t.background};background-image:url("/backgrounds/green.svg")}`;
}
