import { describe, expect, it } from 'vitest';
import {
  differsIn,
  fieldDifferences,
  mergeChoices,
  suggestedChoices,
  type ConflictField,
} from '../../web/components/conflict/field-diff.ts';

// The comparison behind an edit conflict: which fields differ between the person's values and the newer
// version, which side each suggests, and what a choice field by field keeps.

const FIELDS: readonly ConflictField[] = [
  { path: 'name', label: 'Name' },
  { path: 'position', label: 'Position' },
  { path: 'company', label: 'Company' },
  { path: 'socialLinks.github', label: 'GitHub' },
];

const base = {
  name: 'Grace',
  position: 'Engineer',
  company: '',
  socialLinks: { github: '' },
  baseVersion: 1,
};

describe('fieldDifferences', () => {
  it('lists only the fields that differ, in the form order, suggesting the newer value where the person left the field alone', () => {
    const mine = { ...base, company: 'US Navy', socialLinks: { github: 'grace' } };
    const theirs = { ...base, position: 'Rear Admiral', socialLinks: { github: 'ghopper' }, baseVersion: 2 };
    const differences = fieldDifferences(FIELDS, { base, mine, theirs });
    expect(differences.map((difference) => [difference.field.path, difference.suggested])).toEqual([
      ['position', 'theirs'],
      ['company', 'mine'],
      ['socialLinks.github', 'mine'],
    ]);
    expect(differences[0]).toMatchObject({ mine: 'Engineer', theirs: 'Rear Admiral' });
  });

  it('finds nothing when both changed a field to the same value, or the newer version changed no field of the form', () => {
    const mine = { ...base, position: 'Rear Admiral' };
    const theirs = { ...base, position: 'Rear Admiral', baseVersion: 2 };
    expect(fieldDifferences(FIELDS, { base, mine, theirs })).toEqual([]);
    expect(differsIn(FIELDS, base, { ...base, baseVersion: 5, design: 'new' })).toBe(false);
    expect(differsIn(FIELDS, base, { ...base, socialLinks: { github: 'x' } })).toBe(true);
  });
});

describe('mergeChoices', () => {
  it('takes the newer value only in the fields chosen so, nested ones included, and keeps the rest of the person’s values', () => {
    const mine = { ...base, position: 'Admiral', company: 'US Navy', socialLinks: { github: 'grace' } };
    const theirs = { ...base, position: 'Rear Admiral', company: 'Navy', socialLinks: { github: 'ghopper' } };
    const differences = fieldDifferences(FIELDS, { base, mine, theirs });
    const chosen = {
      ...suggestedChoices(differences),
      company: 'theirs' as const,
      'socialLinks.github': 'theirs' as const,
    };
    expect(mergeChoices(mine, theirs, chosen)).toEqual({
      ...mine,
      company: 'Navy',
      socialLinks: { github: 'ghopper' },
    });
    // the person's values are not changed in place
    expect(mine.socialLinks.github).toBe('grace');
  });
});
