// Which games from other websites the offline pack can keep, and how a kept copy is shown. The pack
// saves one HTML file per game and plays it in a sandboxed frame with no network, so a game qualifies
// only when that one page holds everything it needs: scripts, styles and pictures written inside it.

/** Why a game could not be kept; each has a message for the student. */
export type PackRefusal = 'offline' | 'no-cors' | 'unreachable' | 'not-a-page' | 'needs-files' | 'storage-full' | 'unsupported';

export type PackSaveResult = { ok: true } | { ok: false; refusal: PackRefusal; files?: number };

const INLINE_URL = /^(?:data:|blob:|about:|javascript:|#)/i;

/** Elements whose attribute loads a file while the page shows; <a href> and icons only link. */
const LOADING_ATTRIBUTES: Record<string, readonly string[]> = {
  script: ['src'],
  img: ['src', 'srcset'],
  iframe: ['src'],
  frame: ['src'],
  embed: ['src'],
  object: ['data'],
  audio: ['src'],
  video: ['src', 'poster'],
  source: ['src', 'srcset'],
  track: ['src'],
  input: ['src'],
  image: ['href', 'xlink:href'],
  use: ['href', 'xlink:href'],
  feimage: ['href', 'xlink:href'],
};

/** <link rel> values that make the page load the file (the others are metadata: icon, canonical ...). */
const LOADING_LINK_RELS = new Set(['stylesheet', 'modulepreload', 'preload', 'import']);

const TAG = /<([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const STYLE_BLOCK = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)|@import\s+(?:"([^"]*)"|'([^']*)')/gi;

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    const name = (match[1] as string).toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** The URLs of a srcset: 'a.png 1x, b.png 2x' -> ['a.png', 'b.png']. */
function srcsetUrls(value: string): string[] {
  return value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter((url) => url !== '');
}

function cssUrls(css: string): string[] {
  return [...css.matchAll(CSS_URL)].map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '').trim());
}

/**
 * The other files a page loads as it shows, from its markup and its inline CSS: each distinct URL once,
 * as written. Files a script fetches while it runs cannot be seen here; the pack's help text says so.
 */
export function externalReferences(html: string): string[] {
  const markup = html.replace(/<!--[\s\S]*?-->/g, '');
  const found: string[] = [];
  for (const match of markup.matchAll(TAG)) {
    const tag = (match[1] as string).toLowerCase();
    const attributes = attributesOf(match[2] ?? '');
    const style = attributes.get('style');
    if (style !== undefined) found.push(...cssUrls(style));
    if (tag === 'link') {
      const rels = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attributes.get('href');
      if (href !== undefined && rels.some((rel) => LOADING_LINK_RELS.has(rel))) found.push(href);
      continue;
    }
    if (tag === 'input' && (attributes.get('type') ?? '').toLowerCase() !== 'image') continue;
    for (const name of LOADING_ATTRIBUTES[tag] ?? []) {
      const value = attributes.get(name);
      if (value === undefined) continue;
      found.push(...(name === 'srcset' ? srcsetUrls(value) : [value.trim()]));
    }
  }
  for (const match of markup.matchAll(STYLE_BLOCK)) found.push(...cssUrls(match[1] ?? ''));
  return [...new Set(found.filter((url) => url !== '' && !INLINE_URL.test(url)))];
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The kept page as the service worker serves it. Served from the portal, it would resolve relative links
 * against the portal; a <base> first in its head sends them to the game's own website instead, as on the
 * live page.
 */
export function packPage(html: string, pageUrl: string): string {
  const base = `<base href="${escapeAttribute(pageUrl)}">`;
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  // Before a doctype the base would switch the page to quirks mode.
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  const at = head ? head.index + head[0].length : (doctype?.[0].length ?? 0);
  return `${html.slice(0, at)}${base}${html.slice(at)}`;
}

/** What the student is told when a game cannot be kept. */
export function packRefusalMessage(title: string, refusal: PackRefusal, files = 0): string {
  switch (refusal) {
    case 'offline':
      return `You are offline. Connect to the internet to save ${title}.`;
    case 'no-cors':
      return `${title} cannot be kept offline: its website does not let other sites save a copy of it. It still plays online.`;
    case 'unreachable':
      return `${title} could not be saved: its website did not answer. Try again later.`;
    case 'not-a-page':
      return `${title} cannot be kept offline: its address does not lead to a web page the portal can save.`;
    case 'needs-files':
      return `${title} cannot be kept offline: it loads ${files === 1 ? '1 more file' : `${files} more files`} (pictures, sounds or scripts), and the offline pack keeps only games made of a single page.`;
    case 'storage-full':
      return `${title} could not be saved: this device is out of storage space.`;
    case 'unsupported':
      return `This browser cannot keep games offline, so ${title} plays online only.`;
  }
}
