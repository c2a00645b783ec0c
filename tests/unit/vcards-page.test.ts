import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '#server/app-router.ts';
import { cardAddressPath } from '#src/card-address.ts';
import { DEFAULT_LEAD_FORM } from '#src/schemas/lead.ts';
import { emptyVcardForm, VcardFormSchema } from '#src/schemas/vcard.ts';
import { ERROR_REASON_TEXT, VALIDATION_MESSAGE_TEXT } from '#web/lib/error-messages.ts';
import { vcardFormValues, type StoredVcard } from '#src/vcard-form.ts';
import { vcardSaveFailure } from '#web/pages/vcards/vcard-save-failure.ts';

const stored: StoredVcard = {
  name: 'Ada Lovelace',
  given_name: null,
  family_name: null,
  company: 'Analytical Engines',
  department: null,
  position: null,
  email: 'ada@example.com',
  phone: null,
  work_phone: null,
  address: null,
  website: 'https://ada.example.com',
  photo: null,
  social_links: [
    { platform: 'linkedin', url: 'https://linkedin.com/in/ada' },
    { platform: 'myspace', url: 'https://myspace.com/ada' },
  ],
  background_color: '#9333EA',
  font_color: '#FFFFFF',
  icon_color: '#F59E0B',
  leadForm: DEFAULT_LEAD_FORM,
};

describe('vcardFormValues', () => {
  it('turns null columns into blank fields and keeps the colours', () => {
    const values = vcardFormValues(stored, 'en');
    expect(values).toMatchObject({
      name: 'Ada Lovelace',
      company: 'Analytical Engines',
      position: '',
      phone: '',
      photo: null,
      backgroundColour: '#9333EA',
      fontColour: '#FFFFFF',
      iconColour: '#F59E0B',
    });
  });

  it('shows the department, the work phone and each part of the address, and saves them again', () => {
    const values = vcardFormValues(
      {
        ...stored,
        department: 'Research',
        work_phone: '+44 20 7946 0000',
        address: { street: '12 St James’s Square', city: 'London', region: null, postalCode: 'SW1Y 4LB' },
      },
      'en',
    );
    expect(values).toMatchObject({
      department: 'Research',
      workPhone: '+44 20 7946 0000',
      address: {
        street: '12 St James’s Square',
        city: 'London',
        region: '',
        postalCode: 'SW1Y 4LB',
        country: '',
      },
    });
    const parsed = VcardFormSchema.parse(values);
    expect(parsed.address).toEqual({
      street: '12 St James’s Square',
      city: 'London',
      region: null,
      postalCode: 'SW1Y 4LB',
      country: null,
    });
    // a card without an address stores none
    expect(VcardFormSchema.parse(vcardFormValues(stored, 'en')).address).toBeNull();
  });

  it('gives every platform a field, filled from the stored links, and drops unknown platforms', () => {
    const { socialLinks } = vcardFormValues(stored, 'en');
    expect(socialLinks).toEqual({ ...emptyVcardForm().socialLinks, linkedin: 'https://linkedin.com/in/ada' });
  });

  it('suggests given and family name for a card saved without them, and keeps saved ones', () => {
    const spanish = { ...stored, name: 'Juan García López' };
    expect(vcardFormValues(spanish, 'es')).toMatchObject({ givenName: 'Juan', familyName: 'García López' });
    expect(vcardFormValues(spanish, 'en')).toMatchObject({ givenName: 'Juan García', familyName: 'López' });
    const saved = { ...spanish, given_name: 'Juan García', family_name: null };
    expect(vcardFormValues(saved, 'es')).toMatchObject({ givenName: 'Juan García', familyName: '' });
  });

  it('shows a WhatsApp number and a Mastodon address as typed, and the labelled link', () => {
    const values = vcardFormValues(
      {
        ...stored,
        social_links: [
          { platform: 'whatsapp', url: 'https://wa.me/34600123456' },
          { platform: 'mastodon', url: 'https://mastodon.social/@ana' },
          { platform: 'github', url: 'https://github.com/ana' },
          { platform: 'other', url: 'https://ana.example/portfolio', label: 'Portfolio' },
        ],
      },
      'en',
    );
    expect(values.socialLinks).toMatchObject({
      whatsapp: '+34600123456',
      mastodon: '@ana@mastodon.social',
      github: 'https://github.com/ana',
    });
    expect(values.otherLink).toEqual({ label: 'Portfolio', url: 'https://ana.example/portfolio' });
    // and saved again, they are stored the same
    const parsed = VcardFormSchema.parse(values);
    expect(parsed.socialLinks.whatsapp).toBe('https://wa.me/34600123456');
    expect(parsed.socialLinks.mastodon).toBe('https://mastodon.social/@ana');
  });

  it('gives values the shared schema accepts as they are', () => {
    const parsed = VcardFormSchema.parse(vcardFormValues(stored, 'en'));
    expect(parsed.position).toBeNull();
    expect(parsed.socialLinks.linkedin).toBe('https://linkedin.com/in/ada');
  });
});

describe('cardAddressPath', () => {
  it("is the account's page for the primary card and the card's own page for the others", () => {
    expect(cardAddressPath('a', 'a', '12345678')).toBe('/12345678');
    expect(cardAddressPath('b', 'a', '12345678')).toBe('/vcard/b');
  });

  it('has no page without a username', () => {
    expect(cardAddressPath('a', 'a', null)).toBeNull();
  });
});

function refused(reason: string, extra: Record<string, unknown> = {}) {
  return TRPCClientError.from<AppRouter>({
    error: {
      message: reason,
      code: -32600,
      data: { code: 'FORBIDDEN', httpStatus: 403, path: 'vcards.create', reason, ...extra },
    },
  });
}

describe('vcardSaveFailure', () => {
  it('says Limit Reached when the plan has no room', () => {
    const failure = vcardSaveFailure(
      refused('limit_reached', { meta: { resource: 'vcards', limit: 1 } }),
      'create',
    );
    expect(failure.toast?.title.message).toBe('Limit Reached');
    expect(failure.toast?.description.message).toBe(
      'Upgrade your plan to create more digital cards and QR codes.',
    );
  });

  it('names the first field the server rejected, and returns them all to mark', () => {
    const fieldErrors = [
      { path: 'email', message: 'validation.vcard.email_invalid' },
      { path: 'website', message: 'validation.url.scheme' },
    ];
    const failure = vcardSaveFailure(refused('validation_failed', { fieldErrors }), 'update');
    expect(failure.toast?.title.message).toBe('Validation Error');
    expect(failure.toast?.description).toBe(VALIDATION_MESSAGE_TEXT['validation.vcard.email_invalid']);
    expect(failure.fieldErrors).toEqual(fieldErrors);
  });

  it("says which save failed, with the reason's text when there is one", () => {
    const notFound = vcardSaveFailure(refused('not_found'), 'update');
    expect(notFound.toast?.title.message).toBe('Failed to update vCard. Please try again.');
    expect(notFound.toast?.description).toBe(ERROR_REASON_TEXT.not_found);
    expect(vcardSaveFailure(refused('internal'), 'create').toast?.title.message).toBe(
      'Failed to create vCard. Please try again.',
    );
  });
});
