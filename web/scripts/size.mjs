// Prints the gzip size of the entry chunk(s) loaded by dist/index.html and of
// every other JS/CSS chunk. Exits non-zero if the entry JS exceeds 100 KB gzip or
// any other chunk exceeds 60 KB gzip. Run after `npm run build`.
// The README states the landing page's JS as this script prints it; a README
// that says otherwise fails the check (`npm run size -- --fix` rewrites it).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ENTRY_LIMIT = 100 * 1024;
const CHUNK_LIMIT = 60 * 1024;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const indexFile = join(dist, 'index.html');
if (!existsSync(indexFile)) {
  console.error('size: dist/index.html not found; run `npm run build` first');
  process.exit(2);
}
const html = readFileSync(indexFile, 'utf8');
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';

// Everything index.html loads up front: module script, modulepreloads, stylesheets.
const entry = new Set();
for (const m of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)) {
  entry.add(m[1]);
}
let failed = false;
let entryTotal = 0;
let cssTotal = 0;
console.log('Entry (loaded by index.html):');
for (const f of entry) {
  const size = gz(f);
  if (f.endsWith('.js')) entryTotal += size;
  else cssTotal += size;
  console.log(`  ${kb(size)}  ${f}`);
}
console.log(`  ${kb(entryTotal)}  TOTAL entry JS gzip (limit ${ENTRY_LIMIT / 1024} KB)`);
console.log(`  ${kb(cssTotal)}  entry CSS gzip (not limited)`);
if (entryTotal > ENTRY_LIMIT) {
  console.error('FAIL: entry exceeds limit');
  failed = true;
}

const readme = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'README.md');
const stated = /(Landing page initial JavaScript: \*\*)([\d.]+)( KB gzip\*\*)/;
const measured = (entryTotal / 1024).toFixed(1);
const text = readFileSync(readme, 'utf8');
const said = text.match(stated);
if (!said) {
  console.error('FAIL: README.md no longer states the landing page JavaScript ("Landing page initial JavaScript: **N KB gzip**")');
  failed = true;
} else if (said[2] !== measured) {
  if (process.argv.includes('--fix')) {
    writeFileSync(readme, text.replace(stated, `$1${measured}$3`));
    console.log(`README.md: landing page JavaScript ${said[2]} -> ${measured} KB`);
  } else {
    console.error(`FAIL: README.md says the landing page JavaScript is ${said[2]} KB gzip; it is ${measured} KB (npm run size -- --fix)`);
    failed = true;
  }
}

console.log('Other chunks (lazy):');
const others = readdirSync(join(dist, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f) && !entry.has('assets/' + f))
  .map((f) => ({ f: 'assets/' + f, size: gz('assets/' + f) }))
  .sort((a, b) => b.size - a.size);
// The barcode decoder (ZXing) is fetched only when a browser without
// BarcodeDetector decodes a photo of a barcode (docs/nutrition-foods.md#barcodes):
// it never loads with a page, so it has a limit of its own.
const ONDEMAND_LIMIT = 130 * 1024;
const onDemand = (f) => f.endsWith('.js') && /MultiFormatReader/.test(readFileSync(join(dist, f), 'utf8'));
for (const { f, size } of others) {
  const limit = onDemand(f) ? ONDEMAND_LIMIT : CHUNK_LIMIT;
  const over = size > limit;
  if (over) failed = true;
  console.log(`  ${kb(size)}  ${f}${over ? `  <-- over ${limit / 1024} KB` : limit !== CHUNK_LIMIT ? '  (barcode decoder, on demand)' : ''}`);
}
process.exit(failed ? 1 : 0);
