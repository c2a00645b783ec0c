import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ftypBrands, HEIC_SNIFF_BYTES, isHeicByName, isHeicBytes } from '#web/lib/heic.ts';

// HEIC photos are known by their bytes (browsers other than Safari often give a .heic no type), and AVIF,
// which browsers draw themselves, is not taken for one.

/** An ftyp box with a major brand and compatible brands, then the start of a meta box. */
function ftyp(major: string, compatible: string[]): Uint8Array {
  const text = new TextEncoder();
  const size = 16 + 4 * compatible.length;
  const box = new Uint8Array(size + 8);
  new DataView(box.buffer).setUint32(0, size);
  box.set(text.encode(`ftyp${major}`), 4);
  compatible.forEach((brand, index) => box.set(text.encode(brand), 16 + 4 * index));
  box.set(text.encode('\0\0\0\x20meta'), size);
  return box;
}

const head = (bytes: Uint8Array) => bytes.subarray(0, HEIC_SNIFF_BYTES);

describe('isHeicBytes', () => {
  it('knows the fixture HEIC (made by libheif) and an iPhone’s brands', async () => {
    const fixture = await readFile(
      path.join(import.meta.dirname, '../support/fixtures/photos/quadrants.heic'),
    );
    expect(ftypBrands(head(fixture))).toEqual(['heic', 'mif1', 'heic', 'miaf']);
    expect(isHeicBytes(head(fixture))).toBe(true);
    expect(isHeicBytes(ftyp('heic', ['mif1', 'heic']))).toBe(true);
  });

  it('knows every HEVC brand, and a generic HEIF brand without an AV1 one', () => {
    for (const brand of ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']) {
      expect(isHeicBytes(ftyp(brand, [])), brand).toBe(true);
    }
    expect(isHeicBytes(ftyp('mif1', ['heic']))).toBe(true);
    expect(isHeicBytes(ftyp('msf1', ['msf1']))).toBe(true);
    expect(isHeicBytes(ftyp('mif1', ['miaf']))).toBe(true);
  });

  it('does not take an AVIF for a HEIC', async () => {
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .avif()
      .toBuffer();
    expect(ftypBrands(head(avif))).toContain('avif');
    expect(isHeicBytes(head(avif))).toBe(false);
    expect(isHeicBytes(ftyp('mif1', ['avif', 'miaf']))).toBe(false);
    expect(isHeicBytes(ftyp('avis', ['msf1']))).toBe(false);
  });

  it('does not take other files for one: JPEG, PNG, an MP4 video, text, too few bytes', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    expect(isHeicBytes(head(jpeg))).toBe(false);
    expect(isHeicBytes(head(png))).toBe(false);
    expect(isHeicBytes(ftyp('isom', ['isom', 'mp41']))).toBe(false);
    expect(isHeicBytes(new TextEncoder().encode('just some words, no image at all'))).toBe(false);
    expect(isHeicBytes(ftyp('heic', []).subarray(0, 10))).toBe(false);
    expect(isHeicBytes(new Uint8Array())).toBe(false);
  });

  it('reads brands only within the ftyp box, even when a box claims more than was read', () => {
    // the brand 'heic' right after the box (in the meta box's place) is not a brand of the file
    const box = ftyp('isom', []);
    const withHeicAfter = new Uint8Array([...box.subarray(0, 16), ...new TextEncoder().encode('heic')]);
    expect(ftypBrands(withHeicAfter)).toEqual(['isom']);
    const claimsMore = ftyp('mp41', ['isom']);
    new DataView(claimsMore.buffer).setUint32(0, 4096);
    expect(isHeicBytes(claimsMore)).toBe(false);
  });
});

describe('isHeicByName', () => {
  it('knows HEIC and HEIF types and extensions, in any case', () => {
    for (const type of ['image/heic', 'image/heif', 'image/heic-sequence', 'image/HEIF']) {
      expect(isHeicByName({ name: 'photo', type }), type).toBe(true);
    }
    for (const name of ['IMG_0001.HEIC', 'a.heic', 'b.heif', 'c.HIF']) {
      expect(isHeicByName({ name, type: '' }), name).toBe(true);
    }
    expect(isHeicByName({ name: 'heic.jpg', type: 'image/jpeg' })).toBe(false);
    expect(isHeicByName({ name: 'photo.heic.txt', type: 'text/plain' })).toBe(false);
  });
});
