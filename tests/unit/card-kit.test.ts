import { describe, expect, it } from 'vitest';
import { SIGNATURE_LAYOUTS, signatureLayoutFor, type SignatureFacts } from '../../src/card-kit.ts';
import { pngCounter } from '../../web/pages/card-kit/team-backgrounds.ts';

// The rules of the card kit that need no server (docs/decisions/027-card-everywhere.md): which signature
// layout a card gets, and how the team ZIP's progress counts the backgrounds that have arrived.

describe('signatureLayoutFor', () => {
  const facts = (photo: boolean, logo: boolean, company: boolean): SignatureFacts => ({
    photo,
    logo,
    company,
  });

  it('keeps a layout the card has everything for', () => {
    for (const layout of SIGNATURE_LAYOUTS)
      expect(signatureLayoutFor(layout, facts(true, true, true))).toBe(layout);
  });

  it('gives a card without a picture the banner, and without a company or logo too the compact one', () => {
    expect(signatureLayoutFor('classic', facts(false, false, true))).toBe('banner');
    expect(signatureLayoutFor('classic', facts(false, true, false))).toBe('classic');
    expect(signatureLayoutFor('classic', facts(false, false, false))).toBe('compact');
    expect(signatureLayoutFor('banner', facts(true, false, false))).toBe('compact');
    expect(signatureLayoutFor('compact', facts(false, false, false))).toBe('compact');
  });
});

describe('pngCounter', () => {
  const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

  it('counts each PNG signature once, one split between two chunks too', () => {
    const stream = Uint8Array.from([1, 2, ...SIGNATURE, 9, 9, 9, ...SIGNATURE, 3, ...SIGNATURE.slice(0, 3)]);
    const count = pngCounter();
    expect(count(stream.subarray(0, 5))).toBe(0);
    expect(count(stream.subarray(5, 14))).toBe(1);
    expect(count(stream.subarray(14))).toBe(2);
    expect(count(Uint8Array.from([...SIGNATURE.slice(3), 0]))).toBe(3);
  });
});
