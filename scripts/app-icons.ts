// The installed app's icons (issue 12, item 3): the top bar's mark, a white heart crossed by a pulse line, on the
// brand's colour. Drawn here at build time (scripts/offline-shell.ts) rather than kept as binary files, so the
// colour stays the theme's; a PNG is a few lines of node:zlib.
import { crc32, deflateSync } from 'node:zlib';

export type IconKind = 'any' | 'maskable';

const hex = (colour: string): [number, number, number] => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) throw new Error(`app-icons: not a #rrggbb colour: ${colour}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
};

/** The pulse across the heart, in the heart's own units (y up), as in Lucide's heart-pulse. */
const PULSE: [number, number][] = [
  [-1.4, -0.05],
  [-0.55, -0.05],
  [-0.4, 0.2],
  [-0.1, -0.75],
  [0.2, 0.55],
  [0.38, -0.05],
  [1.4, -0.05],
];
const PULSE_HALF_WIDTH = 0.11;

function distanceToPulse(x: number, y: number): number {
  let best = Infinity;
  for (let i = 1; i < PULSE.length; i += 1) {
    const [ax, ay] = PULSE[i - 1]!;
    const [bx, by] = PULSE[i]!;
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return best;
}

/** What covers a point of the unit square (0..1, y down): nothing, the background, or the white heart. */
function sample(u: number, v: number, kind: IconKind): 'none' | 'background' | 'heart' {
  // An "any" icon is a rounded square; a maskable one fills the square and keeps its mark inside the safe circle.
  if (kind === 'any') {
    const r = 0.2;
    const cx = Math.min(Math.max(u, r), 1 - r);
    const cy = Math.min(Math.max(v, r), 1 - r);
    if (Math.hypot(u - cx, v - cy) > r) return 'none';
  }
  const scale = kind === 'any' ? 3.4 : 4.6;
  const x = (u - 0.5) * scale;
  const y = -(v - 0.53) * scale;
  const inHeart = (x * x + y * y - 1) ** 3 - x * x * y ** 3 <= 0;
  return inHeart && distanceToPulse(x, y) > PULSE_HALF_WIDTH ? 'heart' : 'background';
}

/** A square RGBA PNG of `size` pixels, each pixel the average of 4 × 4 samples (smooth edges). */
export function appIcon(size: number, kind: IconKind, background: string): Buffer {
  const [br, bg, bb] = hex(background);
  const N = 4;
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py += 1) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0: none
    for (let px = 0; px < size; px += 1) {
      let heart = 0;
      let covered = 0;
      for (let sy = 0; sy < N; sy += 1) {
        for (let sx = 0; sx < N; sx += 1) {
          const s = sample((px + (sx + 0.5) / N) / size, (py + (sy + 0.5) / N) / size, kind);
          if (s !== 'none') covered += 1;
          if (s === 'heart') heart += 1;
        }
      }
      const white = covered ? heart / covered : 0;
      const o = 1 + px * 4;
      row[o] = Math.round(br + (255 - br) * white);
      row[o + 1] = Math.round(bg + (255 - bg) * white);
      row[o + 2] = Math.round(bb + (255 - bb) * white);
      row[o + 3] = Math.round((255 * covered) / (N * N));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method choice, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
