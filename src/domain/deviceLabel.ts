// What a student reads to tell two saves apart (issue 18): "Chrome on ChromeOS", "Safari on iPhone".
// Built from the browser's user agent once per save; a browser it does not know is "a browser", a
// system it does not know is left out, so the label never shows raw user-agent text.

const SYSTEMS: [RegExp, string][] = [
  [/CrOS/, 'ChromeOS'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

// Order matters: Edge and Opera say Chrome too, Chrome says Safari, and iOS browsers say Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

export function deviceLabel(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'a browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system === undefined ? browser : `${browser} on ${system}`;
}

/**
 * The name of the other copy's device beside "this device": a second Chromebook of the same make is
 * "another Chrome on ChromeOS", so two copies never read alike.
 */
export function otherDeviceName(theirLabel: string, thisLabel: string): string {
  return theirLabel === thisLabel ? `another ${theirLabel}` : theirLabel;
}
