import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/support/chromium.ts';

// The suite runs the portal exactly as `npm start` does, on a throw-away data folder, so every run
// starts from a fresh database. Workers inherit the folder through the environment.
// Ports can be moved (E2E_PORT; E2E_BACKEND_PORT for the backends tests run themselves) so two suites
// can run side by side.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
process.env.E2E_PORT ??= '4173';
process.env.E2E_BACKEND_PORT ??= '54329';
const appUrl = `http://127.0.0.1:${process.env.E2E_PORT}`;

// The system Chromium (see chromiumLaunchOptions), never a branded channel.
const desktopChrome = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 2,
  retries: 0,
  // What the tests assert is behaviour; how fast it happens is measured by the benchmarks. These budgets
  // only stop a test that hangs, and are set for a shared two-core machine under the suite's own load,
  // where the same test has been seen to take three times as long as on a quiet one (a page's first
  // render after a reload past 5 s, a fresh backend's start past 30 s).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: appUrl,
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: desktopChrome }],
  webServer: {
    command: [
      'node scripts/start.mjs',
      `--port ${process.env.E2E_PORT}`,
      `--data-dir ${join(process.env.E2E_DATA_DIR, 'data')}`,
      `--out-dir ${join(process.env.E2E_DATA_DIR, 'dist')}`,
    ].join(' '),
    url: appUrl,
    // The variant layout runs only on configured hosts. The suite's pages use 127.0.0.1, so naming the other
    // loopback name here changes nothing for them, and lets a test reach the same server as a configured host.
    // The suite signs up a few hundred students from this one address: a real class has a device each.
    env: { VITE_VARIANT_HOSTS: 'localhost', AUTH_RATE_LIMITS: JSON.stringify({ sign_in_sign_ups: 5000, token_verifications: 5000 }) },
    // Never reuse a server left running: it may serve an older build or another database.
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
