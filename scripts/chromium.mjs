// The end-to-end suite drives the system Chromium: a browser cannot be downloaded by the test tool.
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function requireChromium() {
  if (existsSync(chromiumPath)) return;
  console.error(
    [
      `No Chromium found at ${chromiumPath}.`,
      'The end-to-end tests drive an installed Chromium. Install it with:',
      '  sudo apt-get install -y chromium        (Debian, Ubuntu, Chromebook Linux)',
      'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
    ].join('\n'),
  );
  process.exit(1);
}
