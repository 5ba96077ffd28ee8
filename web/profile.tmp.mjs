// Profile a signed-in page load: CPU profile (Chrome), 4x CPU throttle, prints top self-time by source file (sourcemapped if maps present).
import { chromium } from 'playwright-core';
import fs from 'node:fs';
const [base, path, cookieStr] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new','--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
await ctx.addCookies(cookieStr.split(' ').map((c) => { const [n, v] = c.split('='); return { name: n, value: v, url: base }; }));
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(base + path, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
const { profile } = await cdp.send('Profiler.stop');
fs.writeFileSync('/tmp/prof.cpuprofile', JSON.stringify(profile));
// self time per node
const dt = {}; const ids = profile.samples; const deltas = profile.timeDeltas;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
for (let i = 0; i < ids.length; i++) { dt[ids[i]] = (dt[ids[i]] || 0) + (deltas[i] || 0); }
const agg = {};
for (const [id, t] of Object.entries(dt)) { const n = byId.get(+id); const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.replace(base, '')}:${cf.lineNumber}:${cf.columnNumber}`; agg[key] = (agg[key] || 0) + t; }
const top = Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, 40);
for (const [k, t] of top) console.log((t / 1000).toFixed(1).padStart(8), 'ms', k);
await browser.close();
// Map top frames through source maps in dist/assets when present: aggregate self time by original source file.
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
const maps = {};
const byFile = {};
for (const [id, t] of Object.entries(dt)) {
  const cf = byId.get(+id).callFrame;
  const m = cf.url.match(/\/assets\/([^/?]+\.js)$/);
  let key = cf.url ? cf.url.replace(base, '') : `(${cf.functionName || 'program'})`;
  if (m && fs.existsSync(`dist/assets/${m[1]}.map`)) {
    maps[m[1]] ??= new TraceMap(fs.readFileSync(`dist/assets/${m[1]}.map`, 'utf8'));
    const pos = originalPositionFor(maps[m[1]], { line: cf.lineNumber + 1, column: cf.columnNumber });
    key = (pos.source || key).replace(/^.*node_modules\//, 'nm/').replace(/^(\.\.\/)+/, '') + (pos.name ? ' ' + pos.name : '');
  }
  byFile[key] = (byFile[key] || 0) + t;
}
console.log('--- by original source');
for (const [k, t] of Object.entries(byFile).sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log((t / 1000).toFixed(1).padStart(8), 'ms', k);
