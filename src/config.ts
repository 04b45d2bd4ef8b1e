// The only module that reads import.meta.env: everything else imports `config`, so a
// deployment's settings are listed, typed and defaulted in one place.
import { parseVariantHosts } from './domain/layout.ts';

export interface PortalConfig {
  /** Base URL of the Supabase (or embedded local) backend; the page's own origin when none is configured. */
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Hostnames allowed to show the variant layout; none by default. */
  variantHosts: string[];
  posthogKey: string | undefined;
  posthogHost: string | undefined;
  /** When set, this deployment features one app: `/` shows that app's detail page. */
  featuredApp: string | undefined;
  /** Other addresses where the portal is served, shown on the mirrors page. */
  mirrors: string[];
  /** A UTC time source answering JSON { utc } (or a Date header); the backend's server-time function by default. */
  timeUrl: string;
  /** The main site the portal belongs to; its info pages are linked from src/links.ts. */
  mainSiteUrl: string | undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function csv(value: unknown): string[] {
  return (text(value) ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

const env = import.meta.env;

/**
 * Without a configured URL the API is on the page's own origin, as `npm start` serves it: whichever
 * address a device opened the portal at (127.0.0.1, the laptop's address on the class network, a
 * name), the API is reached there too.
 */
const supabaseUrl = text(env.VITE_SUPABASE_URL) ?? (typeof window === 'undefined' ? '' : window.location.origin);

export const config: PortalConfig = {
  supabaseUrl,
  supabaseAnonKey: text(env.VITE_SUPABASE_ANON_KEY) ?? '',
  variantHosts: parseVariantHosts(text(env.VITE_VARIANT_HOSTS)),
  posthogKey: text(env.VITE_POSTHOG_KEY),
  posthogHost: text(env.VITE_POSTHOG_HOST),
  featuredApp: text(env.VITE_FEATURED_APP),
  mirrors: csv(env.VITE_MIRRORS),
  timeUrl: text(env.VITE_TIME_URL) ?? `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/server-time`,
  mainSiteUrl: text(env.VITE_MAIN_SITE_URL),
};
