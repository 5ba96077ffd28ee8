// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Architecture rules (bulletproof-react): features never import each other or
// src/app (except the route table @/app/paths); no barrel (index.ts) files.

const src = resolve(process.cwd(), 'src'); // vitest runs from web/

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

/** The src-relative target of an import, or null for packages. */
function target(file: string, spec: string): string | null {
  if (spec.startsWith('@/')) return spec.slice(2);
  if (spec.startsWith('.')) return relative(src, resolve(file, '..', spec)).split(sep).join('/');
  return null;
}

describe('architecture boundaries', () => {
  const all = files(src);

  it('features do not import other features or src/app (except @/app/paths)', () => {
    const problems: string[] = [];
    for (const file of all) {
      const rel = relative(src, file).split(sep).join('/');
      const m = /^features\/([^/]+)\//.exec(rel);
      if (!m) continue;
      for (const spec of imports(file)) {
        const t = target(file, spec);
        if (!t) continue;
        const other = /^features\/([^/]+)/.exec(t);
        if (other && other[1] !== m[1]) problems.push(`${rel} imports ${spec}`);
        if (t.startsWith('app/') && t !== 'app/paths') problems.push(`${rel} imports ${spec}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('components/ and lib/ do not import features or app', () => {
    const problems: string[] = [];
    for (const file of all) {
      const rel = relative(src, file).split(sep).join('/');
      if (!/^(components|lib)\//.test(rel)) continue;
      for (const spec of imports(file)) {
        const t = target(file, spec);
        if (t && /^(features|app)\//.test(t)) problems.push(`${rel} imports ${spec}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('reads the signed-in user one way: useSessionUser()', () => {
    const problems = all
      .filter((f) => !/\.test\.tsx?$/.test(f) && !f.endsWith(`lib${sep}session.ts`))
      .filter((f) => /useQuery\(\s*userQueryOptions\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(src, f));
    expect(problems).toEqual([]);
  });

  it('has no barrel files', () => {
    const barrels = all.filter((f) => /[\\/]index\.tsx?$/.test(f)).map((f) => relative(src, f));
    expect(barrels).toEqual([]);
  });
});
