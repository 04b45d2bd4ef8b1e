export type LayoutName = 'default' | 'variant';
export type ThemeName = 'light' | 'dark-green';

/** The site-redesign flag value that turns the variant on (on variant hosts only). */
export const VARIANT_FLAG_VALUE = 'test';

export interface ThemeStyle {
  primary: string;
  secondary: string;
  accent: string;
  menu: string;
  padding: string;
  background?: string;
}

export const THEMES = {
  light: {
    primary: '#1e3a8a',
    secondary: '#f1f5f9',
    accent: '#2761a3',
    menu: '#1e293b',
    padding: '5.6em 0 0 0',
  },
  'dark-green': {
    primary: '#2f4a1e',
    secondary: '#243818',
    accent: '#4b7a2a',
    menu: '#15210d',
    background: '#1d2c13',
    padding: '2rem 2rem 0 2rem',
  },
} as const satisfies Record<ThemeName, ThemeStyle>;

export interface LayoutInput {
  hostname: string;
  variantHosts: readonly string[];
  /** The site-redesign feature flag value; null/undefined while unknown. */
  flag: string | null | undefined;
  /** Developer and test override; wins over host and flag. */
  forced?: { layout?: LayoutName; flag?: string } | undefined;
}

export interface LayoutChoice {
  layout: LayoutName;
  theme: ThemeName;
}

/** Lowercased, without port or the root dot: 'Games.Example.com.:8080' -> 'games.example.com'. */
export function normalizeHost(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    name = end === -1 ? name : name.slice(0, end + 1);
  } else {
    const colon = name.indexOf(':');
    if (colon !== -1) name = name.slice(0, colon);
  }
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** The variant hosts from configuration text such as 'a.example, B.example:443,'. */
export function parseVariantHosts(csv: string | null | undefined): string[] {
  return (csv ?? '')
    .split(',')
    .map(normalizeHost)
    .filter((host) => host !== '');
}

export function chooseLayout({ hostname, variantHosts, flag, forced }: LayoutInput): LayoutChoice {
  const host = normalizeHost(hostname);
  const onVariantHost =
    forced?.layout === 'variant' || (host !== '' && variantHosts.some((entry) => normalizeHost(entry) === host));
  const effectiveFlag = forced?.flag ?? flag;
  const variantOn = onVariantHost && effectiveFlag === VARIANT_FLAG_VALUE;
  return {
    layout: forced?.layout ?? (variantOn ? 'variant' : 'default'),
    theme: variantOn ? 'dark-green' : 'light',
  };
}
