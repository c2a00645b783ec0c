import { z } from 'zod';
import type { Locale } from '../i18n.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { multiLineText, singleLineText } from '../text.ts';

// Contact exchange ("Share your contact back"): the form a card's page shows its visitors, as its owner
// sets it up, and what a visitor sends through it. The page's form (no JavaScript), the lead route and the
// owner's settings all read these schemas.

/** The fields a visitor may fill in, in the form's order. */
export const LEAD_FIELDS = ['name', 'email', 'phone', 'company', 'note'] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

/** How the form shows a field: left out, offered, or required. */
export const LEAD_FIELD_MODES = ['hidden', 'optional', 'required'] as const;
export type LeadFieldMode = (typeof LEAD_FIELD_MODES)[number];

export const LEAD_NAME_MAX_LENGTH = 100;
export const LEAD_EMAIL_MAX_LENGTH = 254;
export const LEAD_PHONE_MAX_LENGTH = 30;
export const LEAD_COMPANY_MAX_LENGTH = 100;
export const LEAD_NOTE_MAX_LENGTH = 1000;
export const LEAD_CONSENT_MAX_LENGTH = 1000;

/** The owner's choice of how they hear of new leads: an e-mail each, or one a day with the day's. */
export const LEAD_NOTIFICATIONS = ['each', 'digest'] as const;
export type LeadNotification = (typeof LEAD_NOTIFICATIONS)[number];

/** The longest automatic deletion the owner may choose, in days (ten years). */
export const LEAD_RETENTION_MAX_DAYS = 3650;

/**
 * A visitor may send this many leads per card page in the window from one address, and a card takes at most
 * `perCard` from everyone in the window (a flood from many addresses).
 */
export const LEAD_RATE_LIMIT = { perAddress: 5, perCard: 60, windowMinutes: 60 } as const;

/** E-mails of single leads an account's owner is sent per hour at most; the leads beyond are in the digest. */
export const LEAD_MAILS_PER_HOUR = 10;

/**
 * The least time between the page being made and its form being sent: a person reads and types for longer,
 * a bot posts at once. A few seconds only, as the page may come from the page cache (made earlier).
 */
export const LEAD_MIN_SECONDS = 3;

/** How long a page's form token is accepted: far longer than a page is cached, a working day of an event. */
export const LEAD_TOKEN_HOURS = 12;

/** Digits, spaces and the signs phone numbers are written with; 5 to 20 digits. */
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const PHONE_DIGITS = { min: 5, max: 20 } as const;

export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(value) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

/**
 * The settings of a card's form, as stored (vcards.lead_form) and as the vCard form edits them. A form that
 * asks for neither an e-mail nor a phone is refused (leadFormReachable), the message on the e-mail's field.
 */
export const LeadFormSettingsSchema = z
  .object({
    enabled: z.boolean(),
    fields: z.object({
      name: z.enum(LEAD_FIELD_MODES),
      email: z.enum(LEAD_FIELD_MODES),
      phone: z.enum(LEAD_FIELD_MODES),
      company: z.enum(LEAD_FIELD_MODES),
      note: z.enum(LEAD_FIELD_MODES),
    }),
    /** The consent text the visitor agrees to; blank: the product's, in the page's language. */
    consentText: multiLineText()
      .max(LEAD_CONSENT_MAX_LENGTH, M.leadConsentTooLong)
      .transform((value) => value || null)
      .nullable(),
  })
  .refine(leadFormReachable, { path: ['fields', 'email'], message: M.leadFormUnreachable });
export type LeadFormSettings = z.infer<typeof LeadFormSettingsSchema>;

/**
 * The consent a visitor gives when the card's owner wrote none, in the page's language, naming the card's
 * person: the page shows it, the receipt keeps it as shown, the vCard form offers it as the example.
 */
export function defaultLeadConsent(locale: Locale, cardName: string): string {
  return DEFAULT_CONSENT[locale](cardName);
}

const DEFAULT_CONSENT: Record<Locale, (name: string) => string> = {
  en: (name) =>
    `I agree that ${name} keeps the details I share here and may contact me about them. I can ask for them to be erased at any time.`,
  es: (name) =>
    `Acepto que ${name} guarde los datos que comparto aquí y pueda contactarme sobre ellos. Puedo pedir que se borren en cualquier momento.`,
};

/** A card's form before its owner set it up: off, and when turned on, name and e-mail asked for. */
export const DEFAULT_LEAD_FORM: LeadFormSettings = {
  enabled: false,
  fields: { name: 'required', email: 'required', phone: 'optional', company: 'optional', note: 'optional' },
  consentText: null,
};

/** The settings stored for a card (null or unreadable: the default, off). */
export function leadFormOf(stored: unknown): LeadFormSettings {
  const parsed = LeadFormSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_LEAD_FORM;
}

/** A form that asks for nothing a visitor can be reached at is refused: a lead must name a way back. */
export function leadFormReachable(settings: { fields: Record<'email' | 'phone', LeadFieldMode> }): boolean {
  return settings.fields.email !== 'hidden' || settings.fields.phone !== 'hidden';
}

/** What a visitor sends: each field as typed (blank: not given); which are needed is the card's rule. */
export const LeadValuesSchema = z.object({
  name: singleLineText()
    .max(LEAD_NAME_MAX_LENGTH, M.leadNameTooLong)
    .transform((value) => value || null),
  email: singleLineText()
    .max(LEAD_EMAIL_MAX_LENGTH, M.leadEmailTooLong)
    .refine((value) => value === '' || z.email().safeParse(value).success, M.leadEmailInvalid)
    .transform((value) => value || null),
  phone: singleLineText()
    .max(LEAD_PHONE_MAX_LENGTH, M.leadPhoneTooLong)
    .refine((value) => value === '' || isPhoneNumber(value), M.leadPhoneInvalid)
    .transform((value) => value || null),
  company: singleLineText()
    .max(LEAD_COMPANY_MAX_LENGTH, M.leadCompanyTooLong)
    .transform((value) => value || null),
  note: multiLineText()
    .max(LEAD_NOTE_MAX_LENGTH, M.leadNoteTooLong)
    .transform((value) => value || null),
});
export type LeadValues = z.infer<typeof LeadValuesSchema>;

/** The message of each field a card requires and the visitor left blank. */
export const LEAD_REQUIRED_MESSAGES: Record<LeadField, string> = {
  name: M.leadNameRequired,
  email: M.leadEmailRequired,
  phone: M.leadPhoneRequired,
  company: M.leadCompanyRequired,
  note: M.leadNoteRequired,
};

/** The fields the card requires that the visitor left blank, in the form's order. */
export function missingLeadFields(
  settings: LeadFormSettings,
  values: Readonly<Record<LeadField, string | null>>,
): LeadField[] {
  return LEAD_FIELDS.filter((field) => settings.fields[field] === 'required' && values[field] === null);
}

/** The fields a visitor gave (the receipt's list), in the form's order. */
export function givenLeadFields(values: LeadValues): LeadField[] {
  return LEAD_FIELDS.filter((field) => values[field] !== null);
}

/** The account's choices about its leads (the leads page's settings). */
export const LeadSettingsSchema = z.object({
  notification: z.enum(LEAD_NOTIFICATIONS),
  /** Leads older than this are deleted each night; null: kept until erased. */
  retentionDays: z
    .number()
    .int(M.leadRetentionInvalid)
    .min(1, M.leadRetentionInvalid)
    .max(LEAD_RETENTION_MAX_DAYS, M.leadRetentionInvalid)
    .nullable(),
});
export type LeadSettings = z.infer<typeof LeadSettingsSchema>;
