// The harness runs one server per Playwright worker (e2e/global-setup.ts).
// Global setup publishes each server's facts as E2E_<NAME>_<slot>; a worker
// takes its slot's (TEST_PARALLEL_INDEX, 0 to workers - 1, kept when a worker
// is replaced after a failure) under the plain names the specs read.

/** How many workers, and so servers: E2E_WORKERS, else 2 (the machine's cores). */
/** The harness servers' session cache (SESSION_CACHE_MS): 200 ms, not the 2 s default. */
export const SESSION_CACHE_MS = 200;

export const harnessWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);

const names = ['E2E_BASE_URL', 'E2E_SERVER_LOG_DIR', 'E2E_DATABASE_URL', 'E2E_SERVER_LOG'];

export function useHarnessSlot(slot: string | undefined) {
  if (slot === undefined) return;
  for (const name of names) {
    const value = process.env[`${name}_${slot}`];
    if (value) process.env[name] = value;
  }
}
