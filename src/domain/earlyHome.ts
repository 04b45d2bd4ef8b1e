// Whether a visit certainly opens on the default layout's home page, decided before any React has loaded
// (src/early.ts starts that page's reads and chunk with the HTML when it does).
import { chooseLayout, VARIANT_FLAG_VALUE, type LayoutInput } from './layout.ts';

export interface EarlyVisit extends Omit<LayoutInput, 'flag'> {
  pathname: string;
  /** A deployment that features one app shows that app's page at `/` (config.featuredApp). */
  featuredApp: string | undefined;
}

/**
 * True only when `/` is the default layout's game list whatever the site-redesign flag turns out to be:
 * the flag is known once analytics has answered, long after this is asked, so the flag that would turn
 * the variant on is assumed.
 */
export function opensOnDefaultHome({ pathname, featuredApp, ...layout }: EarlyVisit): boolean {
  if (pathname !== '/' || featuredApp !== undefined) return false;
  return chooseLayout({ ...layout, flag: VARIANT_FLAG_VALUE }).layout === 'default';
}
