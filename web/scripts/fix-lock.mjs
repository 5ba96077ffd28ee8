// The npm registry reachable on the project's machines does not serve some
// platform-only optional packages (e.g. @tailwindcss/oxide-darwin-arm64), so
// `npm install` leaves them out of package-lock.json and `npm ci` then refuses
// the lock file ("Missing: ... from lock file"). This adds lock entries for the
// missing optional platform packages, with their os/cpu, so `npm ci` skips them
// here and installs them by version on machines that need them.
// Run after `npm install` changes the lock file: node scripts/fix-lock.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pkgs = lock.packages;

// Platform from a package-name suffix like "darwin-arm64", "linux-arm-gnueabihf", "wasm32-wasi".
function platform(name) {
  const s = name.slice(name.lastIndexOf('/') + 1);
  if (/wasm32/.test(s)) return { cpu: ['wasm32'] };
  const os = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'sunos', 'aix'].find((o) => s.includes(`-${o}-`) || s.startsWith(`${o}-`));
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'riscv64', 'ppc64', 's390x', 'loong64'].find((c) => new RegExp(`-${c}(-|$)`).test(s));
  if (!os || !cpu) return null;
  const out = { cpu: [cpu], os: [os] };
  if (/-gnu/.test(s)) out.libc = ['glibc'];
  if (/-musl/.test(s)) out.libc = ['musl'];
  return out;
}

let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  if (!path || !meta.optionalDependencies) continue;
  const base = path.replace(/[^/]+(\/[^/]+)?$/, '').replace(/\/$/, ''); // parent node_modules dir
  for (const [dep, version] of Object.entries(meta.optionalDependencies)) {
    const nested = `${path}/node_modules/${dep}`;
    const hoisted = `${base ? base + '/' : ''}${dep}`.replace(/^(?!node_modules)/, 'node_modules/');
    if (pkgs[nested] || pkgs[hoisted] || pkgs[`node_modules/${dep}`]) continue;
    const plat = platform(dep);
    if (!plat || !/^\d+\.\d+\.\d+/.test(version)) continue;
    pkgs[`node_modules/${dep}`] = {
      version,
      ...plat,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
    };
    added++;
    console.log(`fix-lock: added node_modules/${dep}@${version}`);
  }
}
if (added) {
  lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)));
  writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
}
console.log(`fix-lock: ${added} entr${added === 1 ? 'y' : 'ies'} added`);
