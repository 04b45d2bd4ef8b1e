import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The suite runs the portal exactly as `npm start` does, on a throw-away data folder, so every run
// starts from a fresh database. Workers inherit the folder through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
export const E2E_BACKEND_PORT = 54329;

// Browsers cannot be downloaded by Playwright on the machines we target: drive the system Chromium,
// never a branded channel.
const desktopChrome = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 2,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: 'http://127.0.0.1:4173',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: desktopChrome }],
  webServer: {
    command: `node scripts/start.mjs --port 4173 --backend-port ${E2E_BACKEND_PORT} --data-dir ${process.env.E2E_DATA_DIR}`,
    url: 'http://127.0.0.1:4173',
    // Never reuse a server left running: it may serve an older build or another database.
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
