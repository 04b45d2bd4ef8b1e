/**
 * Whether a page's response headers let another site show it in a frame: X-Frame-Options and the
 * frame-ancestors directive of Content-Security-Policy. The same answer feeds /iframeCheck and
 * `npm run check:catalogue`.
 */

export type FrameVerdict = 'allowed' | 'same-origin-only' | 'denied';

export interface FrameHeaderAnalysis {
  verdict: FrameVerdict;
  /** Plain words for the verdict, naming the header that decided it. */
  reason: string;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | null {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The sources of every frame-ancestors directive (several policies may be sent; each must allow). */
function frameAncestors(csp: string): string[][] {
  const lists: string[][] = [];
  for (const policy of csp.split(',')) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name?.toLowerCase() === 'frame-ancestors') lists.push(sources.map((s) => s.toLowerCase()));
    }
  }
  return lists;
}

/**
 * The verdict for a framing page on another origin than the app (the portal framing an external app).
 * CSP frame-ancestors wins over X-Frame-Options when both are sent, as browsers do.
 */
export function analyseFrameHeaders(headers: HeaderSource): FrameHeaderAnalysis {
  const csp = header(headers, 'content-security-policy');
  const ancestors = csp === null ? [] : frameAncestors(csp);
  if (ancestors.length > 0) {
    if (ancestors.some((list) => list.length === 0 || list.includes("'none'"))) {
      return { verdict: 'denied', reason: "Content-Security-Policy says frame-ancestors 'none': no site may frame it." };
    }
    if (ancestors.every((list) => list.includes('*'))) {
      return { verdict: 'allowed', reason: 'Content-Security-Policy frame-ancestors allows every site.' };
    }
    if (ancestors.every((list) => list.length === 1 && list[0] === "'self'")) {
      return { verdict: 'same-origin-only', reason: "Content-Security-Policy frame-ancestors 'self': only its own site may frame it." };
    }
    return {
      verdict: 'same-origin-only',
      reason: `Content-Security-Policy frame-ancestors lists only some sites (${ancestors.map((l) => l.join(' ')).join('; ')}).`,
    };
  }
  const xfo = header(headers, 'x-frame-options')?.trim().toLowerCase() ?? '';
  if (xfo === 'deny') return { verdict: 'denied', reason: 'X-Frame-Options: DENY: no site may frame it.' };
  if (xfo === 'sameorigin') return { verdict: 'same-origin-only', reason: 'X-Frame-Options: SAMEORIGIN: only its own site may frame it.' };
  // ALLOW-FROM and unknown values are ignored by current browsers, so they stop nothing.
  return { verdict: 'allowed', reason: 'No X-Frame-Options or frame-ancestors header stops it from being framed.' };
}
