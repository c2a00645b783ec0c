import { describe, expect, it } from 'vitest';
import { acceptsGzip, etagMatches } from '../../server/public-profile/responses.ts';
import { pageLocale } from '../../server/public-profile/texts.ts';
import { vcfContentDisposition } from '../../server/public-profile/vcf.ts';

// The public page's small pure parts: language, compression and the download's file name.

describe('pageLocale', () => {
  it("takes the visitor's best language we have, else the owner's", () => {
    expect(pageLocale('es-MX,es;q=0.9,en;q=0.8', 'en')).toBe('es');
    expect(pageLocale('en-GB,en;q=0.9', 'es')).toBe('en');
    expect(pageLocale('fr-FR,fr;q=0.9', 'es')).toBe('es');
    expect(pageLocale('fr-FR,de;q=0.5,en;q=0.1', 'es')).toBe('en');
    expect(pageLocale(undefined, 'es')).toBe('es');
    expect(pageLocale('', 'en')).toBe('en');
  });
});

describe('vcfContentDisposition', () => {
  it('gives an ASCII name and the exact UTF-8 name', () => {
    expect(vcfContentDisposition('José Núñez')).toBe(
      `attachment; filename="Jose Nunez.vcf"; filename*=UTF-8''Jos%C3%A9%20N%C3%BA%C3%B1ez.vcf`,
    );
    expect(vcfContentDisposition('Zoë "Z" O\'Neil (CEO)')).toBe(
      `attachment; filename="Zoe Z O'Neil (CEO).vcf"; filename*=UTF-8''Zo%C3%AB%20Z%20O%27Neil%20%28CEO%29.vcf`,
    );
    expect(vcfContentDisposition('王小明')).toBe(
      `attachment; filename="contact.vcf"; filename*=UTF-8''%E7%8E%8B%E5%B0%8F%E6%98%8E.vcf`,
    );
    expect(vcfContentDisposition('a\r\nb;c')).toBe(
      `attachment; filename="a b c.vcf"; filename*=UTF-8''a%20b%3Bc.vcf`,
    );
  });

  it('drops control and invisible formatting characters from both names', () => {
    // a right-to-left override would show "Ana fdp.exe" as "Ana exe.pdf"
    expect(vcfContentDisposition('Ana \u202Efdp.exe\u200B\u0000\u2066x\u2069')).toBe(
      `attachment; filename="Ana fdp.exex.vcf"; filename*=UTF-8''Ana%20fdp.exex.vcf`,
    );
  });
});

describe('acceptsGzip and etagMatches', () => {
  it('reads Accept-Encoding', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('reads If-None-Match', () => {
    expect(etagMatches('W/"a", W/"b"', 'W/"b"')).toBe(true);
    expect(etagMatches('W/"a"', 'W/"b"')).toBe(false);
    expect(etagMatches(undefined, 'W/"b"')).toBe(false);
  });
});
