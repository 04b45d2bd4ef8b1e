// Renders public/icons/icon.svg to the PNG icons the web manifest lists. Run it after editing the
// SVG: `node scripts/make-icons.mjs`. It uses the system Chromium because browsers cannot be
// downloaded by the test tool on the machines we target.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const iconsDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const svg = await readFile(`${iconsDir}icon.svg`, 'utf8');
const svgUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

// A maskable icon may be cropped to a circle of 80% of its size: the artwork sits inside that safe
// zone on a full-bleed background of the icon's own colour.
const targets = [
  { file: 'icon-192.png', size: 192, scale: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, scale: 1, background: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.72, background: '#1e3a8a' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--headless'],
});
try {
  for (const { file, size, scale, background } of targets) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = Math.round(size * scale);
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">` +
        `<img src="${svgUrl}" width="${inner}" height="${inner}"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: `${iconsDir}${file}`, omitBackground: background === 'transparent' });
    await page.close();
    console.log(`wrote public/icons/${file}`);
  }
} finally {
  await browser.close();
}
