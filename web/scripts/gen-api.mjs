// Generates src/lib/api-types.ts from ../api/openapi.yaml with openapi-typescript.
// With --check it generates into a temporary file instead and fails when that
// differs from the committed src/lib/api-types.ts (run by `make test`).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const spec = join(root, '..', 'api', 'openapi.yaml');
const committed = join(root, 'src', 'lib', 'api-types.ts');
if (!existsSync(spec)) {
  console.error(`gen:api: ${spec} not found`);
  process.exit(1);
}

const generate = (out, stdio) =>
  execFileSync(process.execPath, [join(root, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'), spec, '-o', out], { stdio });

if (!process.argv.includes('--check')) {
  generate(committed, 'inherit');
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'hyrox-api-types-'));
try {
  const fresh = join(dir, 'api-types.ts');
  generate(fresh, 'pipe');
  if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
    console.error('check:api: src/lib/api-types.ts is out of date with ../api/openapi.yaml. Run `npm run gen:api` and commit the result.');
    process.exit(1);
  }
  console.log('check:api: src/lib/api-types.ts matches ../api/openapi.yaml');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
