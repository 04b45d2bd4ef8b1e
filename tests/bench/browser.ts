// What the browser benchmarks share: the Chromium the end-to-end suite drives, production builds made
// with Vite in the benchmark's own process, and one static server for every build (Vite's preview
// server, the one `npm start` serves the portal with) on a free loopback port.
import { chromium, type Browser } from '@playwright/test';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';

export const PORTAL_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...chromiumLaunchOptions, headless: true });
}

/**
 * A production build of the Vite project configured by `configFile` into outDir. `env` holds its
 * VITE_* settings: Vite reads them from the environment, as `npm start` passes them.
 */
export async function buildSite(configFile: string, outDir: string, env: Record<string, string> = {}): Promise<void> {
  Object.assign(process.env, env);
  await build({ configFile, root: dirname(configFile), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}

export interface Site {
  url: string;
  close(): Promise<void>;
}

/** Serves a build on 127.0.0.1; every route without a file gets index.html, as a single-page app needs. */
export async function serve(outDir: string): Promise<Site> {
  const server = await preview({
    configFile: false,
    root: outDir,
    logLevel: 'silent',
    appType: 'spa',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true },
  });
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error(`the preview server of ${outDir} reported no address`);
  return { url: url.replace(/\/$/, ''), close: () => server.close() };
}
