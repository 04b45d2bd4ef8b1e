// The rules of the sign-in, sign-up and password forms, checked before anything is sent, and the
// plain words for what the auth server refuses. They match the server: an e-mail has the shape
// something@host.tld and a password at least 6 characters (GoTrue's default minimum).
import { NO_URL_SESSION } from '../../domain/messages.ts';

export const MIN_PASSWORD_LENGTH = 6;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_REQUIRED = 'Please enter your e-mail address.';
export const EMAIL_INVALID = 'That does not look like an e-mail address (like name@example.com).';
export const PASSWORD_REQUIRED = 'Please enter your password.';
export const PASSWORD_TOO_SHORT = `Passwords are at least ${MIN_PASSWORD_LENGTH} characters.`;
export const PASSWORDS_DIFFER = 'The two passwords are not the same.';

export const WRONG_CREDENTIALS = 'Wrong e-mail or password.';
export const ALREADY_REGISTERED = 'There is already an account with this e-mail. Sign in instead.';
export const SAME_PASSWORD = 'The new password must be different from the old one.';
export const INVALID_CODE = 'That code is not right. Check the app and try the newest code.';
export const OFFLINE = 'You are offline. Connect to the internet and try again.';

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return EMAIL_REQUIRED;
  return EMAIL_SHAPE.test(email) ? null : EMAIL_INVALID;
}

export function validatePassword(value: string): string | null {
  if (value === '') return PASSWORD_REQUIRED;
  return value.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : null;
}

/** A new password and its confirmation. */
export function validateNewPassword(password: string, confirmation: string): string | null {
  return validatePassword(password) ?? (password === confirmation ? null : PASSWORDS_DIFFER);
}

/** What to tell the student about an auth error: the known refusals in plain words, else the server's text. */
export function authErrorMessage(error: { code?: string | undefined; message: string; status?: number | undefined }): string {
  switch (error.code) {
    case 'invalid_credentials':
      return WRONG_CREDENTIALS;
    case 'user_already_exists':
    case 'email_exists':
      return ALREADY_REGISTERED;
    case 'weak_password':
      return PASSWORD_TOO_SHORT;
    case 'same_password':
      return SAME_PASSWORD;
    case 'mfa_verification_failed':
      return INVALID_CODE;
    case 'validation_failed':
      if (/email/i.test(error.message)) return EMAIL_INVALID;
  }
  // supabase-js reports an unreachable server as a fetch failure without an HTTP status.
  if (error.status === 0 || /failed to fetch|network|load failed/i.test(error.message)) return OFFLINE;
  return error.message;
}

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

/** Where to go after signing in: a path inside the portal from ?next=, never another site. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.startsWith('/auth')) return '/';
  return next;
}
