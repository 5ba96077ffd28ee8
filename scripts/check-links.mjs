#!/usr/bin/env node
// Checks every link to a file of this repo: Markdown links in *.md files and the
// references to the docs (a path under docs/ and a section) in code comments. A link must name a file that
// exists and, with a #fragment, a heading of that file (GitHub's anchor rules).
// Run by `make test` ("doc links"); exits 1 listing each broken link.
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const skipDirs = new Set(['.git', 'node_modules', 'dist', 'bin', 'data', 'test-results', 'testdata', 'playwright-report']);
const codeExt = /\.(go|ts|tsx|mjs|sh|sql|yaml)$/;

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (skipDirs.has(name)) continue;
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) walk(path, out);
    else if (name.endsWith('.md') || codeExt.test(name)) out.push(path);
  }
  return out;
}

// GitHub's heading anchors: lower case, punctuation dropped (letters, digits,
// spaces, hyphens and underscores kept), spaces to hyphens, repeats numbered.
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map();
function anchors(file) {
  if (!anchorCache.has(file)) {
    const seen = new Map();
    const set = new Set();
    let fenced = false;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*```/.test(line)) fenced = !fenced;
      const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!m) continue;
      const base = slug(m[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      set.add(n === 0 ? base : `${base}-${n}`);
    }
    anchorCache.set(file, set);
  }
  return anchorCache.get(file);
}

const broken = [];
function check(from, target, base) {
  const [pathPart, fragment] = target.split('#');
  const file = pathPart ? resolve(base, decodeURIComponent(pathPart)) : from;
  if (!existsSync(file)) {
    broken.push(`${relative(root, from)}: ${target}: no such file`);
    return;
  }
  if (fragment && file.endsWith('.md') && !anchors(file).has(decodeURIComponent(fragment).toLowerCase())) {
    broken.push(`${relative(root, from)}: ${target}: no such section in ${relative(root, file)}`);
  }
}

for (const file of walk(root)) {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.md')) {
    const body = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
    for (const m of body.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target) || target.startsWith('//')) continue;
      check(file, target, dirname(file));
    }
  } else {
    // Code points at the rules as docs/<file>.md#section, from the repository root.
    for (const m of text.matchAll(/\bdocs\/[\w./-]+\.md(#[\w\p{L}-]+)?/gu)) {
      check(file, m[0], root);
    }
  }
}

if (broken.length) {
  console.error(`${broken.length} broken link(s):\n${broken.join('\n')}`);
  process.exit(1);
}
console.log('doc links: every link names a file and section that exist');
