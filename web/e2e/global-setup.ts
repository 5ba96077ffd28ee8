import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOFFReplay } from './off-replay';
import { harnessWorkers, SESSION_CACHE_MS, useHarnessSlot } from './harness';

// Starts `bin/hyrox serve` on a free port with a fresh SQLite database, after
// `bin/hyrox seed`, and waits for /readyz. Returns the teardown.

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const binary = join(repo, 'bin', 'hyrox');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`e2e: bin/hyrox serve exited with code ${child.exitCode} before it was ready.\n${log()}`);
    }
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`e2e: ${url} did not answer 200 within ${timeoutMs / 1000} s.\n${log()}`);
}

/** One harness server: `bin/hyrox serve` on its own SQLite database. */
type Harness = { baseURL: string; dir: string; databaseURL: string; logPath: string; stop: () => Promise<void> };

async function startServer(slot: number, extraEnv: Record<string, string>): Promise<Harness> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), `hyrox-e2e-${slot}-`));
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(dir, 'e2e.db')}`,
    APP_ENV: 'test',
    // A bin/hyrox support command changes what the server has cached for up to
    // this long (support.ts waitForSessionCache waits it out).
    SESSION_CACHE_MS: String(SESSION_CACHE_MS),
    PAYMENT_PROVIDER: 'sandbox',
    ...extraEnv,
  };

  const seed = spawnSync(binary, ['seed'], { env, cwd: repo, encoding: 'utf8', timeout: 60_000 });
  if (seed.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`e2e: \`bin/hyrox seed\` failed (status ${seed.status}).\n${seed.stdout ?? ''}${seed.stderr ?? ''}${seed.error ?? ''}`);
  }

  let output = '';
  const child = spawn(binary, ['serve'], { env, cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  // The whole server log also goes to a file (E2E_SERVER_LOG) so specs can
  // read what the server printed, e.g. the password-reset token of the log
  // mail sender (see readServerLog in support.ts).
  const logPath = join(dir, 'server.log');
  const logFile = createWriteStream(logPath, { flags: 'a' });
  const keep = (b: Buffer) => {
    logFile.write(b);
    output = (output + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseURL = `http://127.0.0.1:${port}`;
  const kill = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', kill);
  try {
    await waitReady(`${baseURL}/readyz`, child, 30_000, () => output.slice(-4000));
  } catch (err) {
    kill();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const stop = async () => {
    kill();
    await new Promise<void>((r) => {
      if (child.exitCode !== null) return r();
      const t = setTimeout(() => {
        child.kill('SIGKILL');
        r();
      }, 5000);
      child.once('exit', () => {
        clearTimeout(t);
        r();
      });
    });
    if (process.env.E2E_KEEP_DB) console.log(`e2e: kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };
  return { baseURL, dir, databaseURL: env.DATABASE_URL, logPath, stop };
}

export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) {
    console.log(`e2e: using the server at ${process.env.E2E_BASE_URL}`);
    return;
  }
  if (!existsSync(binary)) {
    throw new Error(`e2e: ${binary} is missing. Build it first: run \`make\` in ${repo} (builds web/ then go build -o bin/hyrox ./cmd/hyrox).`);
  }

  // What invoices print about the seller, and a tax rate (docs/billing-rules.md#invoices);
  // set here too so the support commands (sandbox advance issues renewals) use them.
  const SELLER = {
    SELLER_LEGAL_NAME: 'HYROX Training Hub Ltd',
    SELLER_ADDRESS: '1 Fleet Street; London EC4Y 1AA; United Kingdom',
    SELLER_TAX_ID: 'GB123456789',
    TAX_RATE_PERCENT: '20',
  };
  Object.assign(process.env, SELLER);
  // Barcode look-ups go to a local Open Food Facts replay (docs/nutrition-foods.md#barcodes).
  const off = await startOFFReplay();

  // One server per worker (playwright.config.ts): a spec moves the sandbox
  // clock or fills a demo account's streams on its own server only. Each
  // worker takes its slot's address (E2E_*_<slot>) as it starts.
  const servers = await Promise.all(
    Array.from({ length: harnessWorkers }, (_, slot) => startServer(slot, { ...SELLER, OPENFOODFACTS_URL: off.url })),
  );
  servers.forEach((h, slot) => {
    process.env[`E2E_BASE_URL_${slot}`] = h.baseURL;
    process.env[`E2E_SERVER_LOG_DIR_${slot}`] = h.dir;
    process.env[`E2E_DATABASE_URL_${slot}`] = h.databaseURL;
    process.env[`E2E_SERVER_LOG_${slot}`] = h.logPath;
    console.log(`e2e: bin/hyrox serve ready at ${h.baseURL} for worker ${slot} (db in ${h.dir})`);
  });
  useHarnessSlot('0'); // the runner itself (and a single worker) uses the first

  return async () => {
    off.server.close();
    await Promise.all(servers.map((h) => h.stop()));
  };
}
