// The Chromium every browser suite drives (the end-to-end tests and the browser benchmarks). Browsers
// cannot be downloaded by Playwright on the machines we target: this is the system Chromium, never a
// branded channel, with the flags that keep it from reaching out to the network on its own.
export const chromiumLaunchOptions = {
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
};
