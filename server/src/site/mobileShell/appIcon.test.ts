import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawAppIcon } from './appIcon';
import { PNG_SIGNATURE, encodePng } from './pngImage';

const COLOURS = { background: '#c8102e', mark: '#ffffff' };

/** The RGBA pixel at (x, y) of a PNG written by encodePng (unfiltered rows). */
function pixel(png: Buffer, x: number, y: number): number[] {
  const width = png.readUInt32BE(16);
  const idatLength = png.readUInt32BE(33);
  const rows = zlib.inflateSync(png.subarray(41, 41 + idatLength));
  const offset = y * (width * 4 + 1) + 1 + x * 4;
  return [...rows.subarray(offset, offset + 4)];
}

describe('encodePng', () => {
  it('writes a PNG with its size, RGBA 8 bits, and the pixels given', () => {
    const png = encodePng(2, 1, new Uint8Array([255, 0, 0, 255, 0, 0, 255, 128]));
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([2, 1, 8, 6]);
    expect(pixel(png, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(png, 1, 0)).toEqual([0, 0, 255, 128]);
  });

  it('refuses a raster that does not match the size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(4))).toThrow(RangeError);
    expect(() => encodePng(0, 2, new Uint8Array(0))).toThrow(RangeError);
  });
});

describe('drawAppIcon', () => {
  it('maskable: full bleed in the background colour, the white mark at the centre', () => {
    const png = drawAppIcon(64, 'maskable', COLOURS);
    expect(png.readUInt32BE(16)).toBe(64);
    expect(pixel(png, 0, 0)).toEqual([0xc8, 0x10, 0x2e, 255]);
    // Inside the play triangle.
    expect(pixel(png, 32, 32)).toEqual([255, 255, 255, 255]);
  });

  it('any: a rounded square, transparent in the corners', () => {
    const png = drawAppIcon(64, 'any', COLOURS);
    expect(pixel(png, 0, 0)[3]).toBe(0);
    expect(pixel(png, 32, 2)).toEqual([0xc8, 0x10, 0x2e, 255]);
  });

  it('refuses a colour that is not #rrggbb', () => {
    expect(() => drawAppIcon(8, 'any', { background: 'red', mark: '#ffffff' })).toThrow(RangeError);
  });
});
