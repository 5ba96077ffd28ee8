// Post-build (npm run build, after `vite build`): renders the public pages a
// visitor lands on (src/app/prerender.tsx) into dist/prerendered/<page>.html,
// each the app shell dist/index.html with the page's HTML in #root and its
// title. The server sends them to visitors without a session and the browser
// hydrates them (docs/product.md#prerendered-pages).
// It also writes dist/signed-in/<page>.html for each page of a fixed path that a
// signed-in athlete may open: the app shell with hints to fetch, beside the
// entry, the session (GET /api/user) and the page's own chunks, which the
// server sends to a browser that may be signed in (docs/product.md#signed-in-pages-in-the-browser).
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
const { PRERENDERED, ROUTES, paths, render } = await import(pathToFileURL(join(out, 'prerender.js')).href);

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

// Signed-in shells. Which module each route loads: router.tsx names it in the
// route's line (`path: paths.x, ... import('...')`); every route must be found.
const manifestFile = join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
rmSync(join(dist, '.vite'), { recursive: true, force: true }); // never served
const routerSource = readFileSync(join(web, 'src', 'app', 'router.tsx'), 'utf8');
const moduleOf = new Map();
for (const m of routerSource.matchAll(/path: paths\.(\w+),[^\n]*?import\('([^']+)'\)/g)) {
  if (!(m[1] in paths)) throw new Error(`prerender: router.tsx names paths.${m[1]}, which paths.ts lacks`);
  moduleOf.set(paths[m[1]], m[2]);
}
if (moduleOf.size !== new Set(ROUTES.map((r) => r.path)).size) {
  throw new Error(`prerender: found the module of ${moduleOf.size} routes in router.tsx, ${ROUTES.length} declared`);
}
const inShell = new Set([...shell.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
/** The JS chunks a source module needs (its own and its static imports), minus the shell's. */
function chunksOf(spec) {
  const src = spec.replace(/^@\//, 'src/').replace(/^\.\//, 'src/app/');
  const key = [`${src}.tsx`, `${src}.ts`].find((k) => manifest[k]);
  if (!key) throw new Error(`prerender: no chunk in the manifest for ${spec}`);
  const files = new Set();
  const visit = (k) => {
    const c = manifest[k];
    if (!c || files.has(c.file)) return;
    files.add(c.file);
    for (const i of c.imports ?? []) visit(i);
  };
  visit(key);
  return [...files].filter((f) => f.endsWith('.js') && !inShell.has(f));
}
const signedInDir = join(dist, 'signed-in');
rmSync(signedInDir, { recursive: true, force: true });
mkdirSync(signedInDir);
let shells = 0;
for (const route of ROUTES) {
  // A path with parameters would need the server to match patterns; a guest page sends a signed-in athlete away.
  if (route.path.includes(':') || route.access === 'guest') continue;
  const hints = [
    // credentials: 'include' and an Accept header, as lib/api-client.ts asks for it.
    '<link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials">',
    ...chunksOf(moduleOf.get(route.path)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ];
  const html = shell.replace('</head>', `  ${hints.join('\n    ')}\n  </head>`);
  const file = join(signedInDir, route.path === '/' ? 'index.html' : `${route.path.slice(1)}.html`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
  shells++;
}
console.log(`prerender: ${shells} signed-in shells -> dist/signed-in/`);
