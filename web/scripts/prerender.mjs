// Post-build (npm run build, after `vite build`): renders the public pages a
// visitor lands on (src/app/prerender.tsx) into dist/prerendered/<page>.html,
// each the app shell dist/index.html with the page's HTML in #root and its
// title. The server sends them to visitors without a session and the browser
// hydrates them (docs/product.md#prerendered-pages).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const out = join(web, 'node_modules', '.prerender');

// The server-side bundle of the prerender entry, with the app's own Vite config
// (same aliases and asset names as the client build).
await build({
  root: web,
  logLevel: 'warn',
  build: { ssr: 'src/app/prerender.tsx', outDir: out, emptyOutDir: true, copyPublicDir: false },
});
const { PRERENDERED, render, renderSignedInShell } = await import(pathToFileURL(join(out, 'prerender.js')).href);

const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
if (!shell.includes(ROOT) || !TITLE.test(shell)) throw new Error('prerender: dist/index.html has no empty #root or no <title>');
// The stylesheet is all the first paint waits for: it goes before the scripts,
// so the browser asks for it first (Vite writes it after them).
function withStylesFirst(html) {
  const styles = html.match(/ *<link rel="stylesheet"[^>]*>\n/g) ?? [];
  const script = html.search(/ *<script type="module"/);
  if (!styles.length || script < 0) return html;
  const rest = styles.reduce((h, l) => h.replace(l, ''), html);
  const at = rest.search(/ *<script type="module"/);
  return rest.slice(0, at) + styles.join('') + rest.slice(at);
}
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const dir = join(dist, 'prerendered');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir);
for (const path of PRERENDERED) {
  const page = await render(path);
  // The page must be whole: a Suspense fallback or an inline script here would
  // mean content still loading (and the CSP allows no inline script but the theme's).
  if (/<script\b/i.test(page.html) || page.html.includes('<!--$?-->')) {
    throw new Error(`prerender: ${path} rendered a script or an unresolved Suspense boundary`);
  }
  // React puts its resource hints (the hero image's preload) first: they belong in <head>.
  const hints = page.html.match(/^(?:<link\b[^>]*>)*/)[0];
  const body = page.html.slice(hints.length);
  const html = withStylesFirst(shell)
    .replace(TITLE, `<title>${escape(page.title)}</title>`)
    .replace('</head>', hints ? `  ${hints}\n  </head>` : '</head>')
    .replace(ROOT, `<div id="root">${body}</div>`);
  const file = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
  writeFileSync(join(dir, file), html);
  console.log(`prerender: ${path} -> dist/prerendered/${file} (${(html.length / 1024).toFixed(1)} KB)`);
}

// The signed-in shell (docs/product.md#the-signed-in-shell): the app shell with the
// chrome and the loading page in #root, marked so the browser renders over it.
// Named with a leading _ : the server never answers a path with it.
{
  const body = await renderSignedInShell();
  if (/<script\b/i.test(body)) throw new Error('prerender: the signed-in shell rendered a script');
  const html = withStylesFirst(shell).replace(ROOT, `<div id="root" data-app-shell="">${body}</div>`);
  writeFileSync(join(dir, '_signed-in-shell.html'), html);
  console.log(`prerender: the signed-in shell -> dist/prerendered/_signed-in-shell.html (${(html.length / 1024).toFixed(1)} KB)`);
}
