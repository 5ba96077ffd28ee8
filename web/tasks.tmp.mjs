import fs from 'node:fs';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
const p = JSON.parse(fs.readFileSync('/tmp/prof.cpuprofile'));
const byId = new Map(p.nodes.map((n) => [n.id, n])); const parent = new Map();
for (const n of p.nodes) for (const c of n.children || []) parent.set(c, n.id);
const maps = {};
function orig(cf) { const m = cf.url.match(/\/assets\/([^/?]+\.js)$/); if (!m || !fs.existsSync('dist/assets/' + m[1] + '.map')) return (cf.functionName || '(anon)') + ' ' + cf.url.slice(-25); maps[m[1]] ??= new TraceMap(fs.readFileSync('dist/assets/' + m[1] + '.map', 'utf8')); const o = originalPositionFor(maps[m[1]], { line: cf.lineNumber + 1, column: cf.columnNumber }); return (o.source || '').replace(/^.*node_modules\//, 'nm/').replace(/^(\.\.\/)+/, '') + ':' + o.line + ' ' + (o.name || cf.functionName); }
let t = p.startTime; const samples = p.samples.map((id, i) => { t += p.timeDeltas[i]; return { id, t }; });
const idle = (id) => ['(idle)', '(program)', '(garbage collector)'].includes(byId.get(id).callFrame.functionName) && byId.get(id).callFrame.functionName !== '(garbage collector)';
// tasks: runs of non-idle samples with gaps < 1 ms
const tasks = []; let cur = null;
for (const s of samples) { if (byId.get(s.id).callFrame.functionName === '(idle)') { if (cur) { tasks.push(cur); cur = null; } continue; } if (!cur) cur = { start: s.t, end: s.t, ids: [] }; cur.end = s.t; cur.ids.push(s.id); }
if (cur) tasks.push(cur);
for (const task of tasks.filter((x) => x.end - x.start > 40000)) {
  const roots = {}; const selfs = {};
  for (const id of task.ids) { let c = id; const stack = []; while (c) { stack.push(c); c = parent.get(c); } stack.reverse(); const interesting = stack.slice(1).map((x) => orig(byId.get(x).callFrame)).filter((n) => n.includes('src/') ).slice(0, 2).join(' > ') || orig(byId.get(stack[1] ?? id).callFrame); roots[interesting] = (roots[interesting] || 0) + 1; const s = orig(byId.get(id).callFrame); selfs[s] = (selfs[s] || 0) + 1; }
  console.log(`task at ${((task.start - p.startTime) / 1000).toFixed(0)} ms, ${((task.end - task.start) / 1000).toFixed(0)} ms`);
  for (const [k, n] of Object.entries(roots).sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log('    via', n, k);
}
