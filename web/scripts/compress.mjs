// Post-build: write .gz and .br next to every text asset over 1 KB in dist/,
// and restore the committed placeholder dist/.gitkeep (vite empties dist/).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const exts = /\.(js|css|svg|html|json|txt|xml|webmanifest)$/;
let count = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    const st = statSync(file);
    // .vite holds the build's manifest, read by the server, never served.
    if (st.isDirectory()) {
      if (name !== '.vite') walk(file);
    } else if (exts.test(name) && st.size > 1024) {
      const data = readFileSync(file);
      writeFileSync(file + '.gz', gzipSync(data, { level: 9 }));
      writeFileSync(
        file + '.br',
        brotliCompressSync(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
      );
      count++;
    }
  }
}

walk(dist);
writeFileSync(join(dist, '.gitkeep'), '');
console.log(`compress: wrote .gz and .br for ${count} file(s) in dist/`);
