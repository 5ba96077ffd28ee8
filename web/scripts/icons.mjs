// Draws the app's install icons (public/icons/*.png) from its own artwork,
// public/favicon.svg, in headless Chromium (CHROME_PATH or /usr/bin/chromium).
// The maskable icon puts the mark inside the 80 % safe zone on a full-bleed
// background. Run again after the favicon changes: node scripts/icons.mjs
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const pub = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = readFileSync(join(pub, 'favicon.svg'), 'utf8');
const mark = svg.replace(/<rect[^>]*\/>/, ''); // the yellow H alone
const icons = [
  { file: 'icon-192.png', size: 192, body: svg },
  { file: 'icon-512.png', size: 512, body: svg },
  { file: 'apple-touch-icon.png', size: 180, body: svg },
  { file: 'maskable-512.png', size: 512, maskable: true, body: mark },
];
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium' });
const page = await browser.newPage();
for (const { file, size, body, maskable } of icons) {
  const inner = maskable ? Math.round(size * 0.6) : size;
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:${maskable ? '#0a0a0a' : 'transparent'};display:grid;place-items:center;width:${size}px;height:${size}px">
    <div style="width:${inner}px;height:${inner}px">${body.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`);
  await page.screenshot({ path: join(pub, 'icons', file), omitBackground: !maskable });
  console.log('icons:', file);
}
await browser.close();
