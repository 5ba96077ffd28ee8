import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// A local stand-in for Open Food Facts' API v2 (GET /api/v2/product/{code}.json)
// replaying internal/nutrition/testdata/off (see its README for their origin);
// the e2e server's OPENFOODFACTS_URL points here, so no test calls the real API.

const here = dirname(fileURLToPath(import.meta.url));
const replays = resolve(here, '..', '..', 'internal', 'nutrition', 'testdata', 'off');

export function startOFFReplay(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const m = /^\/api\/v2\/product\/(\d{8,14})\.json/.exec(req.url ?? '');
    let status = 200;
    let body: string;
    try {
      if (!m) throw new Error('no such path');
      body = readFileSync(join(replays, `${m[1]}.json`), 'utf8');
    } catch {
      status = 404;
      body = readFileSync(join(replays, 'notfound.json'), 'utf8');
    }
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(body);
  });
  return new Promise((ok) => {
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      server.unref();
      ok({ url: `http://127.0.0.1:${port}`, server });
    });
  });
}
