import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX_BYTES, fileNameText } from '../../src/file-name.ts';
import { qrDownloadName } from '../../src/schemas/link.ts';
import { vcfContentDisposition } from '../../server/public-profile/vcf.ts';

// Download names keep whole emoji: Chromium writes "_" for the zero-width joiner of an emoji sequence
// (seen with an <a download> and with Content-Disposition), so a joined emoji is written as its parts.
const DEVELOPER = '👩🏽‍💻'; // woman, medium skin tone, joiner, laptop
const DEVELOPER_PARTS = '👩🏽💻';
const FAMILY = '👨‍👩‍👧';
const RAINBOW_FLAG = '🏳️‍🌈'; // white flag, variation selector, joiner, rainbow

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('fileNameText', () => {
  it('writes a joined emoji as its parts, never with anything between them', () => {
    expect(fileNameText(`${DEVELOPER} Dev`)).toBe(`${DEVELOPER_PARTS} Dev`);
    expect(fileNameText(FAMILY)).toBe('👨👩👧');
    // the variation selector is part of the flag and stays
    expect(fileNameText(RAINBOW_FLAG)).toBe('🏳️🌈');
    expect(fileNameText('José, 王小明, 🇪🇸')).toBe('José, 王小明, 🇪🇸');
  });

  it('cuts a long name between grapheme clusters, under the byte limit', () => {
    // 4 + 4 + 3 + 4 bytes per developer without its joiner: 15
    const long = fileNameText(DEVELOPER.repeat(40));
    expect(bytes(long)).toBeLessThanOrEqual(FILE_NAME_MAX_BYTES);
    expect(long).toBe(DEVELOPER_PARTS.repeat(Math.floor(FILE_NAME_MAX_BYTES / bytes(DEVELOPER_PARTS))));
    // a skin tone is never separated from its person, a flag's letters never split
    expect(fileNameText('👍🏿'.repeat(30), 14)).toBe('👍🏿'.repeat(1));
    expect(fileNameText('🇪🇸🇲🇽', 12)).toBe('🇪🇸');
    expect(fileNameText('é'.normalize('NFD').repeat(5), 5)).toBe('é'.normalize('NFD'));
  });
});

describe('download names', () => {
  it('names a QR code with its emoji whole', () => {
    expect(qrDownloadName(`${DEVELOPER} Dev team`, 'png')).toBe(`${DEVELOPER_PARTS}_Dev_team.png`);
    expect(qrDownloadName(`${'語'.repeat(100)}`, 'svg')).toBe(`${'語'.repeat(66)}.svg`);
  });

  it('names a .vcf with its emoji whole, in the UTF-8 name', () => {
    expect(vcfContentDisposition(`Ana ${DEVELOPER}`)).toBe(
      `attachment; filename="Ana.vcf"; filename*=UTF-8''Ana%20${encodeURIComponent(DEVELOPER_PARTS)}.vcf`,
    );
  });
});
