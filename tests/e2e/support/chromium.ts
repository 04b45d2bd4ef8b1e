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
    // Chromium 150 gives each navigation a new document host (RenderDocument), and that new document does
    // not get the emulated offline state: navigator.onLine read true after an offline reload, so every
    // test of what a student sees offline failed. Real connectivity is not emulated and is unaffected.
    '--disable-features=RenderDocument',
  ],
};
