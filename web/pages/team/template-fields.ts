import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { postalAddressFields } from '#src/postal-address.ts';
import { lockedFlags, type SaveTeamTemplateValues } from '#src/schemas/team-template.ts';
import {
  LOCKABLE_TEMPLATE_FIELDS,
  type LockableTemplateField,
  type TemplateField,
} from '#src/team-template.ts';
import type { ConflictField } from '../../components/conflict/field-diff.ts';
import type { Versioned } from '../../components/conflict/edit-conflict.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { FONT_NAMES, LAYOUT_NAMES } from '../card-design/design-names.ts';

// The team's card template (src/team-template.ts) as its form and the team's log name it.

export type TeamTemplateView = RouterOutputs['teams']['template'];

/** The name of each field of the template. */
export const TEMPLATE_FIELD_NAMES: Record<TemplateField, MessageDescriptor> = {
  layout: msg`Layout`,
  colours: msg`Colours`,
  font: msg`Font`,
  logo: msg`Logo`,
  company: msg`Company`,
  website: msg`Website`,
  address: msg`Postal address`,
};

const LOCK_NAMES = { true: msg`Locked`, false: msg`Not locked` };

/** The comparison's name of each field's lock. */
const TEMPLATE_LOCK_LABELS: Record<LockableTemplateField, MessageDescriptor> = {
  colours: msg`Colours locked`,
  company: msg`Company locked`,
  website: msg`Website locked`,
  address: msg`Postal address locked`,
};

/** Every field of the template form, for the comparison of two versions. */
export const TEMPLATE_CONFLICT_FIELDS: readonly ConflictField[] = [
  { path: 'layout', label: msg`Layout`, kind: { names: LAYOUT_NAMES } },
  { path: 'font', label: msg`Font`, kind: { names: FONT_NAMES } },
  { path: 'backgroundColour', label: msg`Background colour`, kind: 'colour' },
  { path: 'fontColour', label: msg`Font colour`, kind: 'colour' },
  { path: 'iconColour', label: msg`Icon colour`, kind: 'colour' },
  { path: 'logo', label: msg`Logo`, kind: 'photo' },
  { path: 'company', label: msg`Company` },
  { path: 'website', label: msg`Website` },
  { path: 'address.street', label: msg`Street` },
  { path: 'address.postalCode', label: msg`Postal code` },
  { path: 'address.city', label: msg`City` },
  { path: 'address.region', label: msg`State or region` },
  { path: 'address.country', label: msg`Country` },
  ...LOCKABLE_TEMPLATE_FIELDS.map((field) => ({
    path: `locked.${field}`,
    label: TEMPLATE_LOCK_LABELS[field],
    kind: { names: LOCK_NAMES },
  })),
];

/** The form's values of a stored template: blank fields where it has none. */
export function templateFormValues(template: TeamTemplateView): SaveTeamTemplateValues {
  const { values } = template;
  return {
    layout: values.layout,
    font: values.font,
    ...values.colours,
    logo: values.logo,
    company: values.company ?? '',
    website: values.website ?? '',
    address: postalAddressFields(values.address),
    locked: lockedFlags(template.locked),
    baseVersion: template.version,
  };
}

/** A stored template as a version of the form. */
export function storedTemplateForm(template: TeamTemplateView): Versioned<SaveTeamTemplateValues> {
  return { values: templateFormValues(template), version: template.version };
}
