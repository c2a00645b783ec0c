import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { PARTIAL_HEX_COLOUR_PATTERN, isCompleteHexColour } from '../../src/colour.ts';
import { ThemeColourSchema } from '../../src/schemas/profile.ts';
import {
  emptyVcardForm,
  savedSocialLinks,
  URL_MAX_LENGTH,
  VcardFormSchema,
  type VcardFormValues,
} from '../../src/schemas/vcard.ts';

// Spec section 5, vCard form and colour: each rule answers with its own message.

function problems(overrides: Partial<VcardFormValues>): string[] {
  const result = VcardFormSchema.safeParse({ ...emptyVcardForm(), name: 'Ana', ...overrides });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('vCard form', () => {
  it('accepts a complete card and turns blanks into null', () => {
    const parsed = VcardFormSchema.parse({
      ...emptyVcardForm(),
      name: '  Ana López ',
      email: '',
      website: 'https://ana.example/a?b=1,2',
      photo: '/media/0123456789abcdef0123456789abcdef.jpg',
    });
    expect(parsed).toMatchObject({
      name: 'Ana López',
      email: null,
      company: null,
      website: 'https://ana.example/a?b=1,2',
      backgroundColour: '#00C2FF',
      fontColour: '#FFFFFF',
      iconColour: '#FFFFFF',
    });
  });

  it.each([
    [{ name: '' }, M.vcardNameRequired],
    [{ name: '   ' }, M.vcardNameRequired],
    [{ name: 'a'.repeat(101) }, M.vcardNameTooLong],
    [{ company: 'a'.repeat(101) }, M.vcardFieldTooLong],
    [{ position: 'a'.repeat(101) }, M.vcardFieldTooLong],
    [{ givenName: 'a'.repeat(101) }, M.vcardFieldTooLong],
    [{ familyName: 'a'.repeat(101) }, M.vcardFieldTooLong],
    [{ socialLinks: { ...emptyVcardForm().socialLinks, whatsapp: '600 123 456' } }, M.whatsappInvalid],
    [{ socialLinks: { ...emptyVcardForm().socialLinks, mastodon: '@ana' } }, M.mastodonInvalid],
    [{ socialLinks: { ...emptyVcardForm().socialLinks, github: 'github.com/ana' } }, M.urlScheme],
    [{ otherLink: { label: 'Portfolio', url: '' } }, M.socialUrlRequired],
    [{ otherLink: { label: '', url: 'https://ana.example' } }, M.socialLabelRequired],
    [{ otherLink: { label: 'a'.repeat(31), url: 'https://ana.example' } }, M.socialLabelTooLong],
    [{ otherLink: { label: 'Portfolio', url: 'ftp://ana.example' } }, M.urlScheme],
    [{ email: 'not-an-email' }, M.vcardEmailInvalid],
    [{ email: `${'a'.repeat(250)}@x.com` }, M.vcardEmailTooLong],
    [{ phone: '1'.repeat(21) }, M.vcardPhoneTooLong],
    [{ phone: 'not a phone' }, M.vcardPhoneInvalid],
    [{ workPhone: '+34 12' }, M.vcardPhoneInvalid],
    [{ website: 'javascript:alert(1)' }, M.urlScheme],
    [{ website: 'ftp://files.example' }, M.urlScheme],
    [{ website: 'www.example.com' }, M.urlScheme],
    [{ website: `https://x.example/${'a'.repeat(URL_MAX_LENGTH)}` }, M.urlTooLong],
    [{ backgroundColour: '#12345' }, M.colourInvalid],
    [{ fontColour: 'red' }, M.colourInvalid],
    [{ iconColour: '#GGGGGG' }, M.colourInvalid],
    [{ photo: 'https://elsewhere.example/me.jpg' }, M.photoInvalid],
    [{ photo: '/media/../../etc/passwd' }, M.photoInvalid],
  ] as const)('%j → %s', (overrides, message) => {
    expect(problems(overrides as Partial<VcardFormValues>)).toEqual([message]);
  });

  it('checks every social link and keeps only the filled ones', () => {
    const socialLinks = { ...emptyVcardForm().socialLinks, tiktok: 'data:text/html,hi' };
    expect(problems({ socialLinks })).toEqual([M.urlScheme]);
    const parsed = VcardFormSchema.parse({
      ...emptyVcardForm(),
      name: 'Ana',
      socialLinks: { ...emptyVcardForm().socialLinks, youtube: 'https://youtube.com/@ana', facebook: ' ' },
    });
    expect(savedSocialLinks(parsed.socialLinks)).toEqual([
      { platform: 'youtube', url: 'https://youtube.com/@ana' },
    ]);
  });

  it('accepts exactly the limit: 100 characters where the message says "at most 100"', () => {
    const hundred = 'a'.repeat(100);
    expect(problems({ name: hundred, givenName: hundred, familyName: hundred, position: hundred })).toEqual(
      [],
    );
  });

  it('stores the new platforms as addresses and the labelled link last', () => {
    const parsed = VcardFormSchema.parse({
      ...emptyVcardForm(),
      name: 'Ana',
      givenName: ' Ana ',
      familyName: '',
      socialLinks: {
        ...emptyVcardForm().socialLinks,
        github: 'https://github.com/ana',
        whatsapp: '+34 600 123 456',
        mastodon: '@ana@mastodon.social',
        threads: 'https://www.threads.com/@ana',
        telegram: 'https://t.me/ana',
      },
      otherLink: { label: 'Portfolio', url: 'https://ana.example/work' },
    });
    expect(parsed).toMatchObject({ givenName: 'Ana', familyName: null });
    expect(savedSocialLinks(parsed.socialLinks, parsed.otherLink)).toEqual([
      { platform: 'github', url: 'https://github.com/ana' },
      { platform: 'mastodon', url: 'https://mastodon.social/@ana' },
      { platform: 'threads', url: 'https://www.threads.com/@ana' },
      { platform: 'telegram', url: 'https://t.me/ana' },
      { platform: 'whatsapp', url: 'https://wa.me/34600123456' },
      { platform: 'other', url: 'https://ana.example/work', label: 'Portfolio' },
    ]);
  });
});

describe('colour', () => {
  it('lets the hex field hold # and up to 6 hex digits, applied when complete', () => {
    expect(PARTIAL_HEX_COLOUR_PATTERN.test('#')).toBe(true);
    expect(PARTIAL_HEX_COLOUR_PATTERN.test('#00c2')).toBe(true);
    expect(PARTIAL_HEX_COLOUR_PATTERN.test('#00C2FF0')).toBe(false);
    expect(PARTIAL_HEX_COLOUR_PATTERN.test('00C2FF')).toBe(false);
    expect(isCompleteHexColour('#00c2f')).toBe(false);
    expect(isCompleteHexColour('#00c2ff')).toBe(true);
  });

  it('stores a colour upper-case and refuses an incomplete one', () => {
    expect(ThemeColourSchema.parse({ themeColour: '#9333ea' })).toEqual({ themeColour: '#9333EA' });
    expect(ThemeColourSchema.safeParse({ themeColour: '#9333' }).error?.issues[0]?.message).toBe(
      M.colourInvalid,
    );
  });
});
