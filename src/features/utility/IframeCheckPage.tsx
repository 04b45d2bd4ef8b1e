import { useRef, useState, type FormEvent } from 'react';
import { Page } from '../../ui/Page.tsx';
import { useCatalogueApps } from '../../state/useCatalogue.ts';
import { analyseFrameHeaders, type FrameHeaderAnalysis } from '../player/framing.ts';
import '../player/player.css';

function inFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent hides window.top: that alone proves the page is framed.
    return true;
  }
}

const FRAME_TIMEOUT_MS = 8000;

type HeaderCheck = { kind: 'headers'; status: number; analysis: FrameHeaderAnalysis } | { kind: 'hidden'; reason: string };
type FrameCheck = 'loaded' | 'blocked' | 'timeout';

interface CheckResult {
  url: string;
  headers: HeaderCheck;
  frame: FrameCheck;
}

async function fetchHeaders(url: string): Promise<HeaderCheck> {
  try {
    const response = await fetch(url, { mode: 'cors', credentials: 'omit', cache: 'no-store' });
    return { kind: 'headers', status: response.status, analysis: analyseFrameHeaders(response.headers) };
  } catch {
    return {
      kind: 'hidden',
      reason: 'The site does not let other sites read its answer (CORS), or it could not be reached, so its headers are unknown.',
    };
  }
}

/**
 * Loads the URL in a hidden frame. A refused frame still fires 'load' (with the browser's error page),
 * so for the portal's own origin the document is looked at; for other sites the headers decide.
 */
function loadInFrame(host: HTMLElement, url: string): Promise<FrameCheck> {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.title = 'Frame check';
    frame.className = 'frame-probe';
    const sameOrigin = new URL(url, location.href).origin === location.origin;
    // Only the portal's own pages may keep their origin here, so that their document can be inspected.
    frame.sandbox.value = sameOrigin ? 'allow-same-origin' : '';
    const finish = (answer: FrameCheck) => {
      clearTimeout(timer);
      frame.remove();
      resolve(answer);
    };
    const timer = setTimeout(() => finish('timeout'), FRAME_TIMEOUT_MS);
    frame.addEventListener('load', () => {
      if (!sameOrigin) return finish('loaded');
      try {
        finish(frame.contentDocument?.location.href === 'about:blank' ? 'blocked' : 'loaded');
      } catch {
        finish('blocked');
      }
    });
    frame.src = url;
    host.append(frame);
  });
}

export function verdictText(result: CheckResult): { ok: boolean; text: string } {
  if (result.headers.kind === 'headers') {
    const { status, analysis } = result.headers;
    if (status >= 400) return { ok: false, text: `No: the page answered HTTP ${status}, so there is nothing to show.` };
    if (analysis.verdict === 'denied') return { ok: false, text: `No: it refuses every frame. ${analysis.reason}` };
    const sameOrigin = new URL(result.url, location.href).origin === location.origin;
    if (analysis.verdict === 'same-origin-only' && !sameOrigin) return { ok: false, text: `No: ${analysis.reason}` };
    if (result.frame === 'timeout') return { ok: false, text: 'Probably not: the headers allow it, but the page did not finish loading in time.' };
    return { ok: true, text: `Yes: it loads inside a frame. ${analysis.reason}` };
  }
  if (result.frame === 'timeout') return { ok: false, text: `Probably not: the page did not load within ${FRAME_TIMEOUT_MS / 1000} seconds.` };
  if (result.frame === 'blocked') return { ok: false, text: 'No: the page refused to load inside a frame.' };
  return {
    ok: true,
    text: `Probably yes: the frame loaded. ${result.headers.reason} Open it on a class page to be sure it shows.`,
  };
}

export default function IframeCheckPage() {
  const framed = inFrame();
  const apps = useCatalogueApps();
  const [url, setUrl] = useState('');
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<CheckResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const probeHost = useRef<HTMLDivElement>(null);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    let target: URL;
    try {
      target = new URL(url.trim(), location.href);
    } catch {
      setError('Enter a full address, like https://example.org/game/.');
      return;
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') {
      setError('Only http and https addresses can be checked.');
      return;
    }
    setError(null);
    setChecking(true);
    try {
      const [headers, frame] = await Promise.all([fetchHeaders(target.href), loadInFrame(probeHost.current ?? document.body, target.href)]);
      setResult({ url: target.href, headers, frame });
    } finally {
      setChecking(false);
    }
  };

  const verdict = result === null ? null : verdictText(result);
  return (
    <Page name="iframe-check" title="Frame check">
      <p className="page-lead">Checks whether the portal is shown inside another page (an iframe), as some school sites embed it, and whether a game's address can be shown inside the portal.</p>
      <p className="panel" data-testid="iframe-status">
        {framed ? 'The portal is running inside a frame.' : 'The portal is running in its own tab, not inside a frame.'}
      </p>
      <section className="panel player-panel frame-check" aria-labelledby="frame-check-heading">
        <h2 id="frame-check-heading">Can this app be framed?</h2>
        <form onSubmit={(event) => void check(event)} noValidate>
          <div className="field">
            <label htmlFor="frame-check-app">Pick a game from the list</label>
            <select id="frame-check-app" value="" onChange={(event) => setUrl(event.target.value)} data-testid="frame-check-app">
              <option value="">Choose…</option>
              {(apps ?? []).map((app) => (
                <option key={app.id} value={app.url}>
                  {app.title}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="frame-check-url">or enter its address</label>
            <input
              id="frame-check-url"
              type="url"
              placeholder="https://example.org/game/"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              aria-invalid={error !== null}
              data-testid="frame-check-url"
            />
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="button" disabled={checking || url.trim() === ''} data-testid="frame-check-submit">
            {checking ? 'Checking…' : 'Check'}
          </button>
        </form>
        {verdict !== null && result !== null && (
          <div className={verdict.ok ? 'form-ok' : 'form-error'} role="status" data-testid="frame-check-result">
            <p>{verdict.text}</p>
            <p className="muted frame-check-url">{result.url}</p>
          </div>
        )}
        <div ref={probeHost} aria-hidden="true" />
      </section>
    </Page>
  );
}
