import type { PostalAddress } from './postal-address.ts';
import { FREE_DESIGN, type CardFont, type CardLayout } from './schemas/card-design.ts';
import { DEFAULT_CARD_COLOURS } from './schemas/vcard.ts';

// A team's template (docs/decisions/021-teams.md): the brand its cards share. Its owner and admins set each
// field and may lock it. Team cards follow it when they are shown (public page, .vcf, the dashboard's
// preview): a locked field always shows the template's value, an unlocked one the card's own, or the
// template's where the card has none. Nothing is copied into the cards, so a template change shows on every
// card at once.

/** The fields of a template, each of which can be locked. */
export const TEMPLATE_FIELDS = [
  'layout',
  'colours',
  'font',
  'logo',
  'company',
  'website',
  'address',
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/** The template's fields that the vCard form edits (the others are the design's). */
export const CARD_FORM_TEMPLATE_FIELDS = [
  'colours',
  'company',
  'website',
  'address',
] as const satisfies readonly TemplateField[];
export type CardFormTemplateField = (typeof CARD_FORM_TEMPLATE_FIELDS)[number];

/**
 * The fields an owner or admin may lock: those a member edits on their team card's form. The design's
 * (layout, font, logo) show the template's on every team card: a team card's editor is the vCard form,
 * which has none of them, so a lock of them would change nothing (audit-E F14).
 */
export const LOCKABLE_TEMPLATE_FIELDS = CARD_FORM_TEMPLATE_FIELDS;
export type LockableTemplateField = CardFormTemplateField;

export function isLockableTemplateField(field: TemplateField): field is LockableTemplateField {
  return (LOCKABLE_TEMPLATE_FIELDS as readonly TemplateField[]).includes(field);
}

export function isTemplateField(value: unknown): value is TemplateField {
  return typeof value === 'string' && (TEMPLATE_FIELDS as readonly string[]).includes(value);
}

/** The card's three colours, as the vCard form names them. */
export interface TemplateColours {
  backgroundColour: string;
  fontColour: string;
  iconColour: string;
}

export interface TeamTemplateValues {
  layout: CardLayout;
  font: CardFont;
  colours: TemplateColours;
  /** A photo of the team's account (a /media/ path), or null. */
  logo: string | null;
  company: string | null;
  website: string | null;
  address: PostalAddress | null;
}

export interface TeamTemplate {
  values: TeamTemplateValues;
  /** The locked fields, in TEMPLATE_FIELDS order. */
  locked: readonly LockableTemplateField[];
}

/** A team's template until its admins save one: today's plain card, nothing locked. */
export const DEFAULT_TEAM_TEMPLATE: TeamTemplate = {
  values: {
    layout: FREE_DESIGN.layout,
    font: FREE_DESIGN.font,
    colours: { ...DEFAULT_CARD_COLOURS },
    logo: null,
    company: null,
    website: null,
    address: null,
  },
  locked: [],
};

/** A card's own values of the template's fields; layout and font are null for a card never designed. */
export interface CardTemplateFields {
  layout: CardLayout | null;
  font: CardFont | null;
  colours: TemplateColours;
  logo: string | null;
  company: string | null;
  website: string | null;
  address: PostalAddress | null;
}

/** What a team card shows of the template's fields. */
export type TemplatedFields = TeamTemplateValues;

/**
 * The merge rule: a locked field is the template's value (even an empty one: the team chose none); an
 * unlocked one is the card's own, or the template's where the card has none (a card always has colours).
 */
export function templatedFields(card: CardTemplateFields, template: TeamTemplate): TemplatedFields {
  const { values } = template;
  // the design is the template's on every team card (LOCKABLE_TEMPLATE_FIELDS)
  const fixed = (field: TemplateField) => !isLockableTemplateField(field) || template.locked.includes(field);
  const pick = <F extends TemplateField>(field: F, own: TemplatedFields[F] | null): TemplatedFields[F] =>
    fixed(field) ? values[field] : (own ?? values[field]);
  return {
    layout: pick('layout', card.layout),
    font: pick('font', card.font),
    colours: pick('colours', card.colours),
    logo: pick('logo', card.logo),
    company: pick('company', card.company),
    website: pick('website', card.website),
    address: pick('address', card.address),
  };
}

export type CardFormTemplateValues = Pick<TeamTemplateValues, CardFormTemplateField>;

/** Whether two values of a template field are the same (texts, null, and objects of texts). */
export function sameTemplateValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(aRecord), ...Object.keys(bRecord)]);
  return [...keys].every((key) => sameTemplateValue(aRecord[key], bRecord[key]));
}

/**
 * The first locked field a save of a team card would change, or null. A locked field may be sent as the
 * card has it stored or as the template shows it (what the form shows read-only); anything else changes it.
 */
export function changedLockedField(
  template: TeamTemplate,
  stored: CardFormTemplateValues,
  sent: CardFormTemplateValues,
): CardFormTemplateField | null {
  const locked = new Set(template.locked);
  return (
    CARD_FORM_TEMPLATE_FIELDS.find(
      (field) =>
        locked.has(field) &&
        !sameTemplateValue(sent[field], stored[field]) &&
        !sameTemplateValue(sent[field], template.values[field]),
    ) ?? null
  );
}

/** The fields whose values differ between two templates, in TEMPLATE_FIELDS order. */
export function changedTemplateFields(
  before: TeamTemplateValues,
  after: TeamTemplateValues,
): TemplateField[] {
  return TEMPLATE_FIELDS.filter((field) => !sameTemplateValue(before[field], after[field]));
}

/** The fields locked in `after` and not in `before` (`locked`), and the other way round (`unlocked`). */
export function lockChanges(
  before: readonly LockableTemplateField[],
  after: readonly LockableTemplateField[],
): { locked: LockableTemplateField[]; unlocked: LockableTemplateField[] } {
  return {
    locked: LOCKABLE_TEMPLATE_FIELDS.filter((field) => after.includes(field) && !before.includes(field)),
    unlocked: LOCKABLE_TEMPLATE_FIELDS.filter((field) => before.includes(field) && !after.includes(field)),
  };
}

/** The fields of the vCard form that a template locks, each with the template's value (none: no lock). */
export type LockedFormFields = Partial<CardFormTemplateValues>;

export function lockedFormFields(template: TeamTemplate | null | undefined): LockedFormFields {
  if (!template) return {};
  const locked: LockedFormFields = {};
  for (const field of CARD_FORM_TEMPLATE_FIELDS) {
    if (template.locked.includes(field)) Object.assign(locked, { [field]: template.values[field] });
  }
  return locked;
}
