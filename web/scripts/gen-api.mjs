// Generates src/lib/api-types.ts from ../api/openapi.yaml with openapi-typescript.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const spec = join(root, '..', 'api', 'openapi.yaml');
if (!existsSync(spec)) {
  console.error(`gen:api: ${spec} not found`);
  process.exit(1);
}
execFileSync(
  process.execPath,
  [join(root, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'), spec, '-o', join(root, 'src', 'lib', 'api-types.ts')],
  { stdio: 'inherit' },
);
