import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes dist/route-chunks.json: for each route pattern of src/app/router.tsx,
 * the page's chunk and the chunks it imports statically, beyond the entry's.
 * The server names them in the app shell as <link rel="modulepreload">, so a
 * signed-in page's code downloads beside the entry instead of after it
 * (docs/product.md#first-data-with-the-html).
 *
 * Routes are read from the router's source: each `{ path: paths.X, ...
 * page: page(() => import('Y')) }` row, X looked up in src/app/paths.ts.
 * A row that does not parse fails the build, so the map cannot go stale.
 */
export function routeChunks(root: string): Plugin {
  const src = resolve(root, 'src');
  return {
    name: 'hyrox-route-chunks',
    // The browser's build only (not prerender.mjs's server-side one).
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    generateBundle(_options, bundle) {
      const paths = new Map<string, string>();
      for (const m of readFileSync(resolve(src, 'app/paths.ts'), 'utf8').matchAll(/^\s+(\w+): '([^']+)',$/gm)) paths.set(m[1], m[2]);
      const router = readFileSync(resolve(src, 'app/router.tsx'), 'utf8');
      const rows = [...router.matchAll(/\{ path: paths\.(\w+),.*page: page\(\(\) => import\('([^']+)'\)\) \}/g)];
      const declared = router.match(/\{ path: paths\./g)?.length ?? 0;
      if (rows.length === 0 || rows.length !== declared) {
        this.error(`route-chunks: ${rows.length} of ${declared} routes of src/app/router.tsx parsed`);
      }
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry && c.name === 'index');
      if (!entry) return this.error('route-chunks: no entry chunk');
      const inEntry = closure(entry.fileName);
      const map: Record<string, string[]> = {};
      for (const [, key, spec] of rows) {
        const path = paths.get(key);
        const base = spec.startsWith('@/') ? resolve(src, spec.slice(2)) : resolve(src, 'app', spec);
        const module = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(f));
        const chunk = module && byModule.get(module);
        if (!path || !chunk) return this.error(`route-chunks: no chunk for paths.${key} (${spec})`);
        map[path] = [...closure(chunk.fileName)].filter((f) => !inEntry.has(f)).map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-chunks.json', source: JSON.stringify(map) });
    },
  };
}
