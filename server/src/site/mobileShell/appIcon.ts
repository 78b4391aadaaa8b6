import { encodePng } from './pngImage';

/**
 * 'any': a rounded square, transparent in the corners (launchers that show the icon as is);
 * 'maskable': the same mark on a full-bleed background, the mark inside the central 80 % circle
 * a launcher's mask always keeps (https://www.w3.org/TR/appmanifest/#icon-masks).
 */
export type AppIconPurpose = 'any' | 'maskable';

export interface AppIconColours {
  /** '#rrggbb' */
  background: string;
  /** '#rrggbb' */
  mark: string;
}

type Rgb = readonly [number, number, number];

function parseHexColour(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new RangeError(`not a #rrggbb colour: ${hex}`);
  return [parseInt(match[1] as string, 16), parseInt(match[2] as string, 16), parseInt(match[3] as string, 16)];
}

/** Is the point (x, y), in units of the icon's side, inside the rounded square of corner radius r? */
function insideRoundedSquare(x: number, y: number, r: number): boolean {
  const dx = Math.max(r - x, x - (1 - r), 0);
  const dy = Math.max(r - y, y - (1 - r), 0);
  return dx * dx + dy * dy <= r * r;
}

/** The mark, a live stream's play button: a ring and a triangle pointing right, centred, within radius 0.3. */
function insideMark(x: number, y: number): boolean {
  const distance = Math.hypot(x - 0.5, y - 0.5);
  if (distance <= 0.3 && distance >= 0.245) return true;
  // Triangle (0.43, 0.37), (0.43, 0.63), (0.655, 0.5).
  if (x < 0.43 || x > 0.655) return false;
  const halfHeight = 0.13 * (1 - (x - 0.43) / 0.225);
  return Math.abs(y - 0.5) <= halfHeight;
}

/** Samples per pixel side: 4 x 4 = 16 samples, smooth edges. */
const SUPERSAMPLING = 4;

/** The site's app icon as a PNG, `size` px square (192, 512, 180 for iOS), drawn from the theme's colours. */
export function drawAppIcon(size: number, purpose: AppIconPurpose, colours: AppIconColours): Buffer {
  const background = parseHexColour(colours.background);
  const mark = parseHexColour(colours.mark);
  const rgba = new Uint8Array(size * size * 4);
  const samples = SUPERSAMPLING * SUPERSAMPLING;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let inShape = 0;
      let inMark = 0;
      for (let sy = 0; sy < SUPERSAMPLING; sy += 1) {
        for (let sx = 0; sx < SUPERSAMPLING; sx += 1) {
          const x = (px + (sx + 0.5) / SUPERSAMPLING) / size;
          const y = (py + (sy + 0.5) / SUPERSAMPLING) / size;
          if (purpose === 'any' && !insideRoundedSquare(x, y, 0.22)) continue;
          inShape += 1;
          if (insideMark(x, y)) inMark += 1;
        }
      }
      const offset = (py * size + px) * 4;
      if (inShape === 0) continue;
      const markShare = inMark / inShape;
      for (let channel = 0; channel < 3; channel += 1) {
        rgba[offset + channel] = Math.round((background[channel] as number) * (1 - markShare) + (mark[channel] as number) * markShare);
      }
      rgba[offset + 3] = Math.round((255 * inShape) / samples);
    }
  }
  return encodePng(size, size, rgba);
}
