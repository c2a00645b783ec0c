import { z } from 'zod';
import { postalAddressParts } from '../postal-address.ts';
import {
  DEFAULT_TEAM_TEMPLATE,
  LOCKABLE_TEMPLATE_FIELDS,
  type LockableTemplateField,
  type TeamTemplate,
  type TeamTemplateValues,
} from '../team-template.ts';
import { CARD_FONTS, CARD_LAYOUTS } from './card-design.ts';
import { singleLineText } from '../text.ts';
import { baseVersion } from './edit-version.ts';
import { CardColoursSchema, CardFieldsSchema, optionalHttpUrl, photoPath } from './vcard.ts';

// The team template form (src/team-template.ts): one schema for the form and for teams.saveTemplate. Its
// fields sit side by side as the vCard form has them (the three colours, the address's parts), and follow
// the vCard form's own rules.

const cardFields = CardFieldsSchema.shape;

export const SaveTeamTemplateSchema = z.object({
  layout: z.enum(CARD_LAYOUTS),
  font: z.enum(CARD_FONTS),
  ...CardColoursSchema.shape,
  logo: photoPath,
  company: cardFields.company,
  website: optionalHttpUrl,
  address: cardFields.address,
  /** Whether each lockable field is locked (the form's checkboxes); every one named, and nothing else. */
  locked: z.strictObject(
    Object.fromEntries(LOCKABLE_TEMPLATE_FIELDS.map((field) => [field, z.boolean()])) as Record<
      LockableTemplateField,
      z.ZodBoolean
    >,
  ),
  baseVersion,
});
export type SaveTeamTemplateValues = z.input<typeof SaveTeamTemplateSchema>;
export type SaveTeamTemplateInput = z.output<typeof SaveTeamTemplateSchema>;

/** The template a save stores: its values, and its locked fields in LOCKABLE_TEMPLATE_FIELDS order. */
export function savedTeamTemplate(input: SaveTeamTemplateInput): TeamTemplate {
  return {
    values: {
      layout: input.layout,
      font: input.font,
      colours: {
        backgroundColour: input.backgroundColour,
        fontColour: input.fontColour,
        iconColour: input.iconColour,
      },
      logo: input.logo,
      company: input.company,
      website: input.website,
      address: input.address,
    },
    locked: LOCKABLE_TEMPLATE_FIELDS.filter((field) => input.locked[field]),
  };
}

/** Each field's lock as the form has it, from a template's locked fields. */
export function lockedFlags(
  locked: readonly LockableTemplateField[],
): Record<LockableTemplateField, boolean> {
  return Object.fromEntries(
    LOCKABLE_TEMPLATE_FIELDS.map((field) => [field, locked.includes(field)]),
  ) as Record<LockableTemplateField, boolean>;
}

/** The stored fields one by one: a value written by an older version, or damaged, is the default's. */
const StoredValuesSchema = z.object({
  layout: z.enum(CARD_LAYOUTS).catch(DEFAULT_TEAM_TEMPLATE.values.layout),
  font: z.enum(CARD_FONTS).catch(DEFAULT_TEAM_TEMPLATE.values.font),
  colours: CardColoursSchema.catch(DEFAULT_TEAM_TEMPLATE.values.colours),
  logo: photoPath.catch(null),
  company: singleLineText().nullable().catch(null),
  website: singleLineText().nullable().catch(null),
  address: z
    .unknown()
    .optional()
    .transform((value) => postalAddressParts(value)),
});

/** A stored template (its values and locked fields as the database keeps them) as the cards use it. */
export function storedTeamTemplate(values: unknown, locked: unknown): TeamTemplate {
  const parsed = StoredValuesSchema.safeParse(typeof values === 'object' && values !== null ? values : {});
  const lockedFields = Array.isArray(locked) ? locked : [];
  return {
    values: parsed.success ? (parsed.data satisfies TeamTemplateValues) : DEFAULT_TEAM_TEMPLATE.values,
    // a lock of a design field (saved before they stopped being lockable) means nothing now
    locked: LOCKABLE_TEMPLATE_FIELDS.filter((field) => lockedFields.includes(field)),
  };
}
