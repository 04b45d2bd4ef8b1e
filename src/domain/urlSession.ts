import { NO_URL_SESSION } from './messages.ts';

export interface UrlSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  /** 'recovery' when it came from a password-reset mail. */
  type: string | null;
}

export type UrlSessionResult = { ok: true; session: UrlSession } | { ok: false; message: string };

/**
 * The session an auth redirect put in the URL, in the fragment (implicit flow) or the query. It needs
 * the access token, the expiry, the refresh token and the token type; an error the server put there
 * (an expired link) is passed on in its own words.
 */
export function sessionFromUrl(href: string): UrlSessionResult {
  const url = new URL(href);
  const params = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash);
  for (const [key, value] of url.searchParams) if (!params.has(key)) params.set(key, value);

  const description = params.get('error_description');
  if (description) return { ok: false, message: description.replace(/\+/g, ' ') };

  const access = params.get('access_token');
  const refresh = params.get('refresh_token');
  const tokenType = params.get('token_type');
  const expiresIn = Number(params.get('expires_in'));
  const expiresAtParam = Number(params.get('expires_at'));
  const hasExpiry = (Number.isFinite(expiresIn) && expiresIn > 0) || (Number.isFinite(expiresAtParam) && expiresAtParam > 0);
  if (!access || !refresh || !tokenType || !hasExpiry) return { ok: false, message: NO_URL_SESSION };

  const now = Math.floor(Date.now() / 1000);
  const expiresAt = expiresAtParam > 0 ? expiresAtParam : now + expiresIn;
  return {
    ok: true,
    session: {
      access_token: access,
      refresh_token: refresh,
      expires_in: expiresIn > 0 ? expiresIn : Math.max(expiresAt - now, 0),
      expires_at: expiresAt,
      token_type: tokenType,
      type: params.get('type'),
    },
  };
}
