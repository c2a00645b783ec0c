import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import {
  ChooseLinkCodeSchema,
  LINK_ICON_MAX_LENGTH,
  LINK_TITLE_MAX_LENGTH,
  LINK_URL_MAX_LENGTH,
  ProfileLinkFormSchema,
  QrCodeFormSchema,
  qrDownloadName,
  printedOrigin,
  printedQrUrl,
  qrScanUrl,
  shortLinkUrl,
  UpdateQrCodeSchema,
  type ProfileLinkFormValues,
  type QrCodeFormValues,
} from '../../src/schemas/link.ts';

// Spec section 5, QR code form and links page: each rule answers with its own message, once, at its field;
// only http(s) destinations pass (docs/decisions/006-short-links-and-qr-codes.md).

const QR_CODE: QrCodeFormValues = { title: 'Menu', url: 'https://cafe.example/menu', icon: '' };
const PROFILE_LINK: ProfileLinkFormValues = { title: 'Portfolio', url: 'https://ana.example' };

function problems(schema: typeof QrCodeFormSchema | typeof ProfileLinkFormSchema, values: object) {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

/** A URL of exactly `length` characters. */
function urlOfLength(length: number): string {
  const base = 'https://x.example/';
  return base + 'a'.repeat(length - base.length);
}

describe('a chosen short-link code (customLinks)', () => {
  it('follows the username rules and reservations, in lowercase; an empty one is none', () => {
    expect(QrCodeFormSchema.parse({ ...QR_CODE, code: ' Spring-Menu ' }).code).toBe('spring-menu');
    expect(QrCodeFormSchema.parse({ ...QR_CODE, code: '' }).code).toBeNull();
    expect(QrCodeFormSchema.parse(QR_CODE).code).toBeNull();
    expect(ChooseLinkCodeSchema.parse({ id: crypto.randomUUID(), code: 'MENU-2026' }).code).toBe('menu-2026');
    const cases: [string, string][] = [
      ['admin', M.linkCodeReserved],
      ['WWW', M.linkCodeReserved],
      ['ab', M.linkCodeFormat],
      ['a'.repeat(31), M.linkCodeFormat],
      ['-menu', M.linkCodeFormat],
      ['menu_2026', M.linkCodeFormat],
      ['menú', M.linkCodeFormat],
      ['menu\u0000', M.textControlCharacters],
      ['XN--Pple-43d', M.linkCodeLookalike],
      ['ab--menu', M.linkCodeLookalike],
    ];
    for (const [code, message] of cases) {
      expect(problems(QrCodeFormSchema, { ...QR_CODE, code }), code).toEqual([['code', message]]);
    }
    expect(
      ChooseLinkCodeSchema.safeParse({ id: crypto.randomUUID(), code: '' }).error?.issues[0]?.message,
    ).toBe(M.linkCodeRequired);
  });

  it('the edit form never carries a code: a code changes only through links.chooseCode', () => {
    expect(
      UpdateQrCodeSchema.parse({ ...QR_CODE, id: crypto.randomUUID(), code: 'menu', baseVersion: 1 }),
    ).not.toHaveProperty('code');
  });
});

describe('QR code form', () => {
  it('trims the title, URL and icon, and stores a blank icon as none', () => {
    expect(
      QrCodeFormSchema.parse({ title: '  Menu ', url: ' https://cafe.example/menu?a=1,2 ', icon: '  ' }),
    ).toEqual({
      title: 'Menu',
      url: 'https://cafe.example/menu?a=1,2',
      icon: null,
      code: null,
      domain: null,
    });
    expect(QrCodeFormSchema.parse({ ...QR_CODE, icon: ' ☕ ' }).icon).toBe('☕');
  });

  it('accepts the longest title, URL and icon', () => {
    const longest = {
      title: 'a'.repeat(LINK_TITLE_MAX_LENGTH),
      url: urlOfLength(LINK_URL_MAX_LENGTH),
      icon: 'b'.repeat(LINK_ICON_MAX_LENGTH),
    };
    expect(QrCodeFormSchema.safeParse(longest).success).toBe(true);
  });

  it.each([
    ['no title', { title: '' }, 'title', M.linkTitleRequired],
    ['a blank title', { title: '   ' }, 'title', M.linkTitleRequired],
    [
      'a title that is too long',
      { title: 'a'.repeat(LINK_TITLE_MAX_LENGTH + 1) },
      'title',
      M.linkTitleTooLong,
    ],
    ['no URL', { url: '' }, 'url', M.linkUrlInvalid],
    ['a blank URL', { url: '   ' }, 'url', M.linkUrlInvalid],
    ['text that is not a URL', { url: 'not a url' }, 'url', M.linkUrlInvalid],
    ['a URL without a scheme', { url: 'www.example.com' }, 'url', M.linkUrlInvalid],
    ['a scheme without a host', { url: 'https://' }, 'url', M.linkUrlInvalid],
    ['a javascript: URL', { url: 'javascript:alert(1)' }, 'url', M.urlScheme],
    ['a data: URL', { url: 'data:text/html,<script>alert(1)</script>' }, 'url', M.urlScheme],
    ['an ftp: URL', { url: 'ftp://files.example/menu.pdf' }, 'url', M.urlScheme],
    ['a mailto: URL', { url: 'mailto:ana@example.com' }, 'url', M.urlScheme],
    ['a URL that is too long', { url: urlOfLength(LINK_URL_MAX_LENGTH + 1) }, 'url', M.linkUrlTooLong],
    ['an icon that is too long', { icon: 'b'.repeat(LINK_ICON_MAX_LENGTH + 1) }, 'icon', M.linkIconTooLong],
  ])('refuses %s with its message at the field', (_case, overrides, field, message) => {
    expect(problems(QrCodeFormSchema, { ...QR_CODE, ...overrides })).toEqual([[field, message]]);
  });

  it('reports every field that is wrong, each once', () => {
    expect(problems(QrCodeFormSchema, { title: '', url: '', icon: '' })).toEqual([
      ['title', M.linkTitleRequired],
      ['url', M.linkUrlInvalid],
    ]);
  });

  it('edits with the same rules and a link id', () => {
    const id = '0b5a3c9e-8d1f-4e4a-9a51-0f0e2d3c4b5a';
    const edit = { ...QR_CODE, id, baseVersion: 3 };
    expect(UpdateQrCodeSchema.parse(edit)).toMatchObject({ id, title: 'Menu', icon: null, baseVersion: 3 });
    expect(UpdateQrCodeSchema.safeParse({ ...edit, id: 'not-an-id' }).success).toBe(false);
    expect(UpdateQrCodeSchema.safeParse({ ...edit, url: 'javascript:alert(1)' }).success).toBe(false);
    expect(UpdateQrCodeSchema.safeParse({ ...QR_CODE, id }).success).toBe(false);
  });
});

describe('links page form', () => {
  it('trims the title and URL', () => {
    expect(ProfileLinkFormSchema.parse({ title: ' Portfolio ', url: ' https://ana.example ' })).toEqual(
      PROFILE_LINK,
    );
  });

  it.each([
    ['no title', { title: '' }, [['title', M.linkTitleAndUrlRequired]]],
    ['no URL', { url: '' }, [['url', M.linkTitleAndUrlRequired]]],
    [
      'neither',
      { title: '  ', url: ' ' },
      [
        ['title', M.linkTitleAndUrlRequired],
        ['url', M.linkTitleAndUrlRequired],
      ],
    ],
    [
      'a title that is too long',
      { title: 'a'.repeat(LINK_TITLE_MAX_LENGTH + 1) },
      [['title', M.linkTitleTooLong]],
    ],
    ['text that is not a URL', { url: 'portfolio' }, [['url', M.linkUrlInvalid]]],
    ['a javascript: URL', { url: 'javascript:alert(1)' }, [['url', M.urlScheme]]],
    ['a data: URL', { url: 'data:text/html,x' }, [['url', M.urlScheme]]],
    ['an ftp: URL', { url: 'ftp://files.example' }, [['url', M.urlScheme]]],
    ['a URL that is too long', { url: urlOfLength(LINK_URL_MAX_LENGTH + 1) }, [['url', M.linkUrlTooLong]]],
  ])('refuses %s with its message', (_case, overrides, expected) => {
    expect(problems(ProfileLinkFormSchema, { ...PROFILE_LINK, ...overrides })).toEqual(expected);
  });
});

describe('short URLs and download names', () => {
  it('encodes the short URL with the scan marker in the QR code, and copies it without', () => {
    expect(shortLinkUrl('https://tapcard.example', 'Ab3dE7x')).toBe('https://tapcard.example/l/Ab3dE7x');
    expect(qrScanUrl('https://tapcard.example', 'Ab3dE7x')).toBe('https://tapcard.example/l/Ab3dE7x?qr');
  });

  it('prints a code made for a custom domain with that domain, over https, in its chosen code', () => {
    const link = { code: 'Ab3dE7x', chosen_code: null, domain: 'cards.acme.example' };
    expect(printedOrigin('https://tapcard.example', link)).toBe('https://cards.acme.example');
    expect(printedQrUrl('http://127.0.0.1:3000', link)).toBe('https://cards.acme.example/l/Ab3dE7x?qr');
    expect(printedQrUrl('https://tapcard.example', { ...link, chosen_code: 'menu', domain: null })).toBe(
      'https://tapcard.example/l/menu?qr',
    );
  });

  it("takes the domain field empty as the main address, in lowercase, and refuses one longer than a domain's", () => {
    const parse = (domain: string) => QrCodeFormSchema.safeParse({ ...QR_CODE, domain });
    expect(parse('').data?.domain).toBeNull();
    expect(parse('Cards.ACME.example').data?.domain).toBe('cards.acme.example');
    expect(QrCodeFormSchema.parse(QR_CODE).domain).toBeNull();
    expect(parse('a'.repeat(254)).error?.issues[0]?.message).toBe(M.linkDomainUnusable);
  });

  it('names a download after the title, spaces as underscores', () => {
    expect(qrDownloadName('Summer  menu 2025', 'png')).toBe('Summer_menu_2025.png');
    expect(qrDownloadName(' Café / bar: "best" ', 'svg')).toBe('Café__bar_best.svg');
    expect(qrDownloadName('   ', 'png')).toBe('qr-code.png');
    expect(qrDownloadName('Menu\u202Egnp.exe\u200B\tbar\u0000', 'png')).toBe('Menugnp.exe_bar.png');
    expect(qrDownloadName('\u2066\u2069', 'svg')).toBe('qr-code.svg');
  });
});
