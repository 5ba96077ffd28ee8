// A minimal FIT activity file, as a watch writes one (file_id, one run
// session, a record a second with distance and heart rate), so the e2e tests
// import a file from any day (the logs keep the past year only). The FIT
// protocol: https://developer.garmin.com/fit/protocol/

const FIT_EPOCH_S = 631065600; // 1989-12-31T00:00:00Z

const CRC_TABLE = [
  0x0000, 0xcc01, 0xd801, 0x1400, 0xf001, 0x3c00, 0x2800, 0xe401, 0xa001, 0x6c00, 0x7800, 0xb401, 0x5000, 0x9c01, 0x8801, 0x4400,
];

function crc16(bytes: Uint8Array, crc = 0): number {
  for (const byte of bytes) {
    let tmp = CRC_TABLE[crc & 0xf];
    crc = ((crc >> 4) & 0x0fff) ^ tmp ^ CRC_TABLE[byte & 0xf];
    tmp = CRC_TABLE[crc & 0xf];
    crc = ((crc >> 4) & 0x0fff) ^ tmp ^ CRC_TABLE[(byte >> 4) & 0xf];
  }
  return crc;
}

// [field number, size, base type] and the value writer per base type.
type Field = [number, number, number];
const ENUM = 0x00;
const UINT8 = 0x02;
const UINT16 = 0x84;
const UINT32 = 0x86;

class Writer {
  private bytes: number[] = [];
  u8(v: number) {
    this.bytes.push(v & 0xff);
  }
  u16(v: number) {
    this.u8(v);
    this.u8(v >> 8);
  }
  u32(v: number) {
    this.u16(v & 0xffff);
    this.u16(Math.floor(v / 0x10000));
  }
  define(local: number, global: number, fields: Field[]) {
    this.u8(0x40 | local);
    this.u8(0); // reserved
    this.u8(0); // little endian
    this.u16(global);
    this.u8(fields.length);
    for (const [num, size, type] of fields) {
      this.u8(num);
      this.u8(size);
      this.u8(type);
    }
  }
  data(local: number, fields: Field[], values: number[]) {
    this.u8(local);
    fields.forEach(([, size], i) => (size === 1 ? this.u8(values[i]) : size === 2 ? this.u16(values[i]) : this.u32(values[i])));
  }
  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

/** A run of `km` kilometres at `paceS` seconds per km from `start`. */
export function fitRun(start: Date, km: number, paceS: number): Buffer {
  const t0 = Math.floor(start.getTime() / 1000) - FIT_EPOCH_S;
  const total = km * paceS;
  const w = new Writer();
  const fileId: Field[] = [
    [0, 1, ENUM], // type: activity
    [1, 2, UINT16], // manufacturer: garmin
    [4, 4, UINT32], // time_created
  ];
  w.define(0, 0, fileId);
  w.data(0, fileId, [4, 1, t0]);
  const record: Field[] = [
    [253, 4, UINT32], // timestamp
    [5, 4, UINT32], // distance, cm
    [3, 1, UINT8], // heart_rate
  ];
  w.define(1, 20, record);
  for (let s = 0; s <= total; s++) w.data(1, record, [t0 + s, Math.round((s * 100000) / paceS), 120 + Math.floor((50 * s) / total)]);
  const session: Field[] = [
    [253, 4, UINT32], // timestamp
    [2, 4, UINT32], // start_time
    [7, 4, UINT32], // total_elapsed_time, ms
    [8, 4, UINT32], // total_timer_time, ms
    [9, 4, UINT32], // total_distance, cm
    [5, 1, ENUM], // sport: running
    [16, 1, UINT8], // avg_heart_rate
    [17, 1, UINT8], // max_heart_rate
    [11, 2, UINT16], // total_calories
  ];
  w.define(2, 18, session);
  w.data(2, session, [t0 + total, t0, total * 1000, total * 1000, km * 100000, 1, 145, 170, 70 * km]);
  return finish(w);
}

/** The file header, the messages and the file CRC. */
function finish(w: Writer): Buffer {
  const body = w.done();

  const header = new Uint8Array(14);
  const view = new DataView(header.buffer);
  view.setUint8(0, 14);
  view.setUint8(1, 0x20); // protocol 2.0
  view.setUint16(2, 2132, true); // profile 21.32
  view.setUint32(4, body.length, true);
  header.set([0x2e, 0x46, 0x49, 0x54], 8); // ".FIT"
  view.setUint16(12, crc16(header.subarray(0, 12)), true);

  const crc = crc16(body, crc16(header));
  return Buffer.concat([header, body, Buffer.from([crc & 0xff, crc >> 8])]);
}

export type Lap = { seconds: number; distanceM: number };

/** The 16 laps of a HYROX race pressed at each run and station (1 km runs, the 8 stations in order). */
export function hyroxLaps(): Lap[] {
  const stations = [265, 170, 260, 240, 280, 125, 235, 330];
  return stations.flatMap((st, i) => [
    { seconds: 270 + 5 * i, distanceM: 1000 },
    { seconds: st, distanceM: 10 * i },
  ]);
}

/** A run-sport activity made of `laps` back to back from `start`: one lap message per lap and the session. */
export function fitLapped(start: Date, laps: Lap[]): Buffer {
  const t0 = Math.floor(start.getTime() / 1000) - FIT_EPOCH_S;
  const w = new Writer();
  const fileId: Field[] = [
    [0, 1, ENUM],
    [1, 2, UINT16],
    [4, 4, UINT32],
  ];
  w.define(0, 0, fileId);
  w.data(0, fileId, [4, 1, t0]);
  const lap: Field[] = [
    [253, 4, UINT32], // timestamp
    [2, 4, UINT32], // start_time
    [7, 4, UINT32], // total_elapsed_time, ms
    [8, 4, UINT32], // total_timer_time, ms
    [9, 4, UINT32], // total_distance, cm
  ];
  w.define(1, 19, lap);
  let t = t0;
  let dist = 0;
  for (const l of laps) {
    w.data(1, lap, [t + l.seconds, t, l.seconds * 1000, l.seconds * 1000, Math.round(l.distanceM * 100)]);
    t += l.seconds;
    dist += l.distanceM;
  }
  const total = t - t0;
  const session: Field[] = [
    [253, 4, UINT32],
    [2, 4, UINT32],
    [7, 4, UINT32],
    [8, 4, UINT32],
    [9, 4, UINT32],
    [5, 1, ENUM], // sport: running
  ];
  w.define(2, 18, session);
  w.data(2, session, [t, t0, total * 1000, total * 1000, Math.round(dist * 100), 1]);
  return finish(w);
}
