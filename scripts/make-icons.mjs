// Renders public/icons/icon.svg to the PNG icons the web manifest lists, and to public/favicon.ico
// (browsers and crawlers ask for /favicon.ico whatever the page says). Run it after editing the
// SVG: `node scripts/make-icons.mjs`. It uses the system Chromium because browsers cannot be
// downloaded by the test tool on the machines we target.
import { readFile, writeFile } from 'node:fs/promises';
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
async function render(size, scale, background) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = Math.round(size * scale);
  await page.setContent(
    `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">` +
      `<img src="${svgUrl}" width="${inner}" height="${inner}"></body></html>`,
  );
  await page.locator('img').evaluate((img) => img.decode());
  const png = await page.screenshot({ omitBackground: background === 'transparent' });
  await page.close();
  return png;
}

/** An .ico holding PNG images (every browser since 2007 reads PNG entries): a 6-byte header, 16 bytes per entry. */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}

try {
  for (const { file, size, scale, background } of targets) {
    await writeFile(`${iconsDir}${file}`, await render(size, scale, background));
    console.log(`wrote public/icons/${file}`);
  }
  const favicon = [];
  for (const size of [16, 32, 48]) favicon.push({ size, png: await render(size, 1, 'transparent') });
  await writeFile(fileURLToPath(new URL('../public/favicon.ico', import.meta.url)), ico(favicon));
  console.log('wrote public/favicon.ico');
} finally {
  await browser.close();
}
