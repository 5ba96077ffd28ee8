import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

// Ends the run with the spec files that took longest (where make test's time
// goes: docs/operations.md#how-long-make-test-takes), the first lines of each
// failure and the names of flaky tests (passed on a retry), so the last screen
// of a CI log says what broke; the list reporter prints them above pages of
// attachment paths.
export default class SummaryReporter implements Reporter {
  private failed: { title: string; error: string }[] = [];
  private flaky: string[] = [];
  private fileMs = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = test.location.file.split('/').pop() ?? test.location.file;
    this.fileMs.set(file, (this.fileMs.get(file) ?? 0) + result.duration);
    const title = test.titlePath().filter(Boolean).join(' › ');
    if (result.status === 'failed' || result.status === 'timedOut') {
      const error = (result.error?.message ?? result.status).split('\n').slice(0, 12).join('\n');
      this.failed.push({ title: `${title} (try ${result.retry + 1})`, error });
    } else if (result.status === 'passed' && result.retry > 0) {
      this.flaky.push(title);
    }
  }

  onEnd() {
    const slowest = [...this.fileMs].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(`\ne2e: the slowest spec files (their tests' time, all tries): ${slowest.map(([f, ms]) => `${f} ${(ms / 1000).toFixed(0)} s`).join(', ')}`);
    if (!this.failed.length && !this.flaky.length) return;
    console.log('\ne2e summary');
    for (const f of this.failed) console.log(`  FAILED ${f.title}\n${stripColours(f.error).replace(/^/gm, '    ')}`);
    for (const t of this.flaky) console.log(`  FLAKY (passed on a retry) ${t}`);
  }

  printsToStdio() {
    return false;
  }
}

const ESC = String.fromCharCode(27);
/** Drops the terminal colour codes Playwright puts in error messages. */
function stripColours(text: string) {
  return text.split(ESC).map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, ''))).join('');
}
