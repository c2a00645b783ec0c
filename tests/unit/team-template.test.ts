import { describe, expect, it } from 'vitest';
import { lockedFlags, SaveTeamTemplateSchema, storedTeamTemplate } from '../../src/schemas/team-template.ts';
import {
  changedLockedField,
  changedTemplateFields,
  DEFAULT_TEAM_TEMPLATE,
  lockChanges,
  lockedFormFields,
  LOCKABLE_TEMPLATE_FIELDS,
  templatedFields,
  type CardTemplateFields,
  type TeamTemplate,
} from '../../src/team-template.ts';

// The merge rule of a team's template (src/team-template.ts): what a team card shows of each field, what a
// save of a team card may send for a locked field, and what a template save records.

const ADDRESS = {
  street: '1 Brand Street',
  city: 'Valencia',
  region: null,
  postalCode: '46001',
  country: 'Spain',
};

const template: TeamTemplate = {
  values: {
    layout: 'compact',
    font: 'lora',
    colours: { backgroundColour: '#0F766E', fontColour: '#FFFFFF', iconColour: '#FFFFFF' },
    logo: '/media/team-logo.png',
    company: 'Acme',
    website: 'https://acme.example',
    address: ADDRESS,
  },
  locked: [],
};

const ownCard: CardTemplateFields = {
  layout: 'dark',
  font: 'inter',
  colours: { backgroundColour: '#111111', fontColour: '#EEEEEE', iconColour: '#DDDDDD' },
  logo: '/media/own-logo.png',
  company: 'Own Company',
  website: 'https://own.example',
  address: { street: 'Own Street', city: null, region: null, postalCode: null, country: null },
};

const bareCard: CardTemplateFields = {
  layout: null,
  font: null,
  colours: { backgroundColour: '#111111', fontColour: '#EEEEEE', iconColour: '#DDDDDD' },
  logo: null,
  company: null,
  website: null,
  address: null,
};

describe('templatedFields', () => {
  it("shows an unlocked field as the card's own, and the design (layout, font, logo) as the template's", () => {
    const { layout, font, logo } = template.values;
    expect(templatedFields(ownCard, template)).toEqual({ ...ownCard, layout, font, logo });
  });

  it("shows the template's value where the card has none (a card always has its colours)", () => {
    expect(templatedFields(bareCard, template)).toEqual({
      ...template.values,
      colours: bareCard.colours,
    });
  });

  it("shows every locked field as the template's, whatever the card has", () => {
    const locked = { ...template, locked: LOCKABLE_TEMPLATE_FIELDS };
    expect(templatedFields(ownCard, locked)).toEqual(template.values);
    expect(templatedFields(bareCard, locked)).toEqual(template.values);
  });

  it('shows a locked field the template leaves empty as empty on every card (the team chose none)', () => {
    const noCompany = { values: { ...template.values, company: null }, locked: ['company' as const] };
    expect(templatedFields(ownCard, noCompany).company).toBeNull();
    expect(templatedFields(ownCard, noCompany).website).toBe(ownCard.website);
  });

  it('is the same applied twice (the preview applies it to a card already shown through it)', () => {
    const some = { ...template, locked: ['company', 'colours'] as const };
    const once = templatedFields(bareCard, some);
    expect(templatedFields(once, some)).toEqual(once);
  });
});

describe('changedLockedField', () => {
  const stored = {
    company: 'Own Company',
    website: null,
    address: null,
    colours: { backgroundColour: '#111111', fontColour: '#EEEEEE', iconColour: '#DDDDDD' },
  };
  const locked: TeamTemplate = { ...template, locked: ['company', 'colours', 'address'] };

  it('lets a locked field be sent as stored or as the template shows it', () => {
    expect(changedLockedField(locked, stored, stored)).toBeNull();
    expect(changedLockedField(locked, stored, { ...stored, company: 'Acme', address: ADDRESS })).toBeNull();
  });

  it('names the first locked field sent otherwise, in the order of the form', () => {
    expect(changedLockedField(locked, stored, { ...stored, company: 'Mine' })).toBe('company');
    expect(
      changedLockedField(locked, stored, {
        ...stored,
        company: 'Mine',
        colours: { ...stored.colours, iconColour: '#000000' },
      }),
    ).toBe('colours');
    expect(changedLockedField(locked, stored, { ...stored, address: { ...ADDRESS, city: 'Madrid' } })).toBe(
      'address',
    );
  });

  it('lets an unlocked field change freely', () => {
    expect(changedLockedField(locked, stored, { ...stored, website: 'https://mine.example' })).toBeNull();
    expect(changedLockedField(DEFAULT_TEAM_TEMPLATE, stored, { ...stored, company: 'Mine' })).toBeNull();
  });
});

describe('lockedFormFields', () => {
  it("names the vCard form's locked fields with the template's values, and nothing else", () => {
    expect(lockedFormFields(null)).toEqual({});
    expect(lockedFormFields({ ...template, locked: ['company', 'website'] })).toEqual({
      company: 'Acme',
      website: 'https://acme.example',
    });
    expect(lockedFormFields({ ...template, locked: ['colours'] })).toEqual({
      colours: template.values.colours,
    });
  });
});

describe('what a template save records', () => {
  it('names the fields changed, and those locked and unlocked, in the template order', () => {
    expect(changedTemplateFields(template.values, template.values)).toEqual([]);
    expect(
      changedTemplateFields(template.values, {
        ...template.values,
        website: null,
        colours: { ...template.values.colours, fontColour: '#000000' },
        address: { ...ADDRESS },
      }),
    ).toEqual(['colours', 'website']);
    expect(lockChanges(['company', 'colours'], ['website', 'colours', 'address'])).toEqual({
      locked: ['website', 'address'],
      unlocked: ['company'],
    });
  });
});

describe('the template form and its stored form', () => {
  it('takes each lock as a checkbox, every field named and nothing else', () => {
    const input = {
      layout: 'dark',
      font: 'system',
      backgroundColour: '#0f766e',
      fontColour: '#FFFFFF',
      iconColour: '#FFFFFF',
      logo: null,
      company: ' ',
      website: '',
      address: { street: '', city: '', region: '', postalCode: '', country: '' },
      locked: lockedFlags(['company']),
      baseVersion: 1,
    };
    const parsed = SaveTeamTemplateSchema.parse(input);
    expect(parsed).toMatchObject({ backgroundColour: '#0F766E', company: null, address: null });
    expect(
      SaveTeamTemplateSchema.safeParse({ ...input, locked: { ...input.locked, photo: true } }).success,
    ).toBe(false);
    const { company: _left, ...missingOne } = input.locked;
    expect(SaveTeamTemplateSchema.safeParse({ ...input, locked: missingOne }).success).toBe(false);
    // the design is not lockable: every team card shows the template's
    expect(
      SaveTeamTemplateSchema.safeParse({ ...input, locked: { ...input.locked, layout: true } }).success,
    ).toBe(false);
  });

  it('reads a damaged or older stored template field by field, falling back to the default', () => {
    expect(storedTeamTemplate(null, null)).toEqual(DEFAULT_TEAM_TEMPLATE);
    expect(
      storedTeamTemplate({ layout: 'sideways', company: 'Acme', logo: 'http://evil.example/x.png' }, [
        'website',
        'nonsense',
        // locked before the design stopped being lockable: it is the template's on every card anyway
        'logo',
        'company',
      ]),
    ).toEqual({
      values: { ...DEFAULT_TEAM_TEMPLATE.values, company: 'Acme' },
      locked: ['company', 'website'],
    });
  });
});
