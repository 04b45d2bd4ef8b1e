// What the service worker precaches: the files of the build these globs match. vite.config.ts hands
// them to vite-plugin-pwa, and `npm run check:catalogue` asks the same question of a bundled game.

export const PRECACHE = {
  globPatterns: ['**/*.{js,css,html,svg,png,webp,json,webmanifest,woff2}'],
  // Source maps are for developers; install screenshots are only read by the browser's install dialog.
  globIgnores: ['**/*.map', 'screenshots/**'],
  maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
};

/** A glob of the shapes above as a regular expression: '**' any folders, '*' within a name, {a,b} either. */
function globRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i]!;
    if (glob.startsWith('**/', i)) {
      out += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      out += '.*';
      i += 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '{') out += '(?:';
    else if (c === '}') out += ')';
    else if (c === ',') out += '|';
    else out += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** Whether a file of the build (its path from the output folder, e.g. 'games/snake/index.html') is precached. */
export function isPrecached(file: string, bytes: number): boolean {
  if (bytes > PRECACHE.maximumFileSizeToCacheInBytes) return false;
  if (PRECACHE.globIgnores.some((glob) => globRegExp(glob).test(file))) return false;
  return PRECACHE.globPatterns.some((glob) => globRegExp(glob).test(file));
}
