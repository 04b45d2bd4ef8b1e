// Where a mailed link may lead: an origin (scheme, host and port) of the site URL, of this backend
// (under any loopback name when it serves on loopback: the same server), or of a URL config.toml
// lists. Any other origin, another loopback port too (another program of the machine), gets the site
// URL: a recovery link's session travels in the fragment to wherever redirect_to points.

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

export interface RedirectRules {
  /** This backend's own address. */
  baseUrl: () => string;
  siteUrl: () => string;
  /** config.toml's site_url and additional_redirect_urls. */
  redirectUrls: readonly string[];
}

export function redirectTarget(rules: RedirectRules, requested: string | null): string {
  if (requested) {
    try {
      const url = new URL(requested);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && allowedOrigins(rules).has(url.origin)) return url.toString();
    } catch {
      // Not a URL: fall back to the site URL below.
    }
  }
  return rules.siteUrl();
}

function allowedOrigins(rules: RedirectRules): Set<string> {
  const api = new URL(rules.baseUrl());
  const origins = new Set([rules.siteUrl(), api.href, ...rules.redirectUrls].map((url) => new URL(url).origin));
  if (LOOPBACK_NAMES.includes(api.hostname)) {
    for (const name of LOOPBACK_NAMES) origins.add(`${api.protocol}//${name}${api.port ? `:${api.port}` : ''}`);
  }
  return origins;
}
