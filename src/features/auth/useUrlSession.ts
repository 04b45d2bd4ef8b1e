import { useEffect, useState } from 'react';
import { setUrlSession } from '../../data/actions/setUrlSession.ts';
import type { DataSource } from '../../data/source.ts';
import { authErrorMessage } from '../../domain/authErrors.ts';
import { sessionFromUrl } from '../../domain/urlSession.ts';

export type UrlSessionState =
  | { state: 'waiting' }
  | { state: 'none' }
  | { state: 'set'; type: string | null }
  | { state: 'failed'; message: string };

/** True when the address carries auth redirect parameters (tokens or an error) worth reading. */
function carriesAuth(href: string): boolean {
  return /[#?&](access_token|refresh_token|error_description)=/.test(href);
}

/**
 * Takes the session an auth redirect put in the URL (detectSessionInUrl is off, so nothing else
 * does), signs in with it, and removes the tokens from the address bar.
 * `required` reports a URL without a session as failed ('No session defined in URL').
 */
export function useUrlSession(data: DataSource | null, required: boolean): UrlSessionState {
  const [result, setResult] = useState<UrlSessionState>({ state: 'waiting' });

  useEffect(() => {
    if (data === null) return;
    let cancelled = false;
    const href = window.location.href;
    if (!required && !carriesAuth(href)) {
      setResult({ state: 'none' });
      return;
    }
    const parsed = sessionFromUrl(href);
    // The tokens are secrets: off the address bar (and out of the history) whatever happens next.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!parsed.ok) {
      setResult({ state: 'failed', message: parsed.message });
      return;
    }
    void setUrlSession(data, parsed.session).then(({ error }) => {
      if (cancelled) return;
      setResult(error ? { state: 'failed', message: authErrorMessage(error) } : { state: 'set', type: parsed.session.type });
    });
    return () => {
      cancelled = true;
    };
  }, [data, required]);

  return result;
}
