// Both commands start here so a fresh clone needs nothing but Node: install exactly what the
// lockfile pins when node_modules is missing or holds other versions than the lockfile.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Whether node_modules holds every package of the lockfile at its version. Optional packages are
 * skipped: the lockfile lists every platform's native builds, and only this platform's are installed.
 * Compared by content, not by date: a lockfile touched without a change must not reinstall everything.
 */
function installedMatchesLock() {
  const installedFile = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installedFile)) return false;
  const installed = readJson(installedFile).packages ?? {};
  const locked = readJson(join(root, 'package-lock.json')).packages ?? {};
  return Object.entries(locked).every(([path, entry]) => path === '' || entry.optional || installed[path]?.version === entry.version);
}

/** One plain line instead of npm's engine warnings, one per package, when Node is older than the project wants. */
function checkNode() {
  const wanted = /(\d+)/.exec(readJson(join(root, 'package.json')).engines?.node ?? '')?.[1];
  const major = Number(process.versions.node.split('.')[0]);
  if (wanted && major < Number(wanted)) {
    console.log(
      `Node.js ${process.versions.node} runs the portal, but it is made for Node.js ${wanted} or newer, which the ` +
        `Supabase client will soon require: install it with \`nvm install\` in this folder (it reads .nvmrc).`,
    );
  }
}

export function ensureDeps() {
  checkNode();
  if (installedMatchesLock()) return;
  console.log('Installing dependencies from package-lock.json ...');
  // `npm ci`, as every deploy pipeline runs it: exactly the lockfile, never a silent re-resolve.
  // Errors only: the Node version was named above, once, instead of a warning per package.
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci failed: see the output above.');
    process.exit(result.status ?? 1);
  }
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}
