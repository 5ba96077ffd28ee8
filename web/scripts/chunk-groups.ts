import type { Plugin } from 'vite';

/**
 * The modules the entry loads (its static imports, transitively), known once
 * the module graph is built: code-splitting groups leave them out, so no group
 * moves a page's code into the landing page's entry or the entry's into a page.
 * A superset: a barrel module's re-exports count even where tree-shaking drops
 * them (lucide's barrel names every icon), which only leaves more out.
 */
export function entryModules(): { plugin: Plugin; has: (id: string) => boolean } {
  const entry = new Set<string>();
  return {
    has: (id) => entry.has(id),
    plugin: {
      name: 'entry-modules',
      apply: 'build',
      buildStart() {
        entry.clear();
      },
      buildEnd() {
        const visit = (id: string) => {
          if (entry.has(id)) return;
          entry.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
      },
    },
  };
}
