// The lap mapping of a HYROX race or simulation, as the server checks it
// (docs/import.md#hyrox-races-and-simulations): one target per lap.

export const STATIONS = ['SkiErg', 'Sled Push', 'Sled Pull', 'Burpee Broad Jumps', 'Rowing', 'Farmers Carry', 'Sandbag Lunges', 'Wall Balls'] as const;

/** Every target in race order, then the Roxzone and "left out". */
export const TARGETS: { value: string; label: string }[] = [
  ...STATIONS.flatMap((s, i) => [
    { value: `run:${i + 1}`, label: `Run ${i + 1}` },
    { value: `station:${i + 1}`, label: s },
  ]),
  { value: 'roxzone', label: 'Roxzone' },
  { value: 'skip', label: 'Left out' },
];

export function targetLabel(value: string): string {
  return TARGETS.find((t) => t.value === value)?.label ?? value;
}

export type Sums = { runs: number[]; stations: (number | null)[]; roxzone: number; total: number; unmapped: number };

/** What a mapping adds up to: each run, station (null without a lap), the Roxzone and the total. */
export function sumMapping(laps: { seconds: number }[], mapping: string[]): Sums {
  const runs = Array<number>(8).fill(0);
  const stations = Array<number | null>(8).fill(null);
  let roxzone = 0;
  let unmapped = 0;
  laps.forEach((lap, i) => {
    const t = mapping[i] ?? '';
    const [kind, n] = t.split(':');
    const k = Number(n) - 1;
    if (kind === 'run' && k >= 0 && k < 8) runs[k] += lap.seconds;
    else if (kind === 'station' && k >= 0 && k < 8) stations[k] = (stations[k] ?? 0) + lap.seconds;
    else if (t === 'roxzone') roxzone += lap.seconds;
    else if (t !== 'skip') unmapped++;
  });
  const r = runs.map(Math.round);
  const s = stations.map((v) => (v === null ? null : Math.round(v)));
  const rox = Math.round(roxzone);
  const total = r.reduce((a, b) => a + b, 0) + s.reduce<number>((a, b) => a + (b ?? 0), 0) + rox;
  return { runs: r, stations: s, roxzone: rox, total, unmapped };
}

/** h:mm:ss or m:ss. */
export function clock(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
