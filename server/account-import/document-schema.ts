import { z } from 'zod';
import { CardContactSchema, storedOfContact } from '../../src/card-columns.ts';
import { LOCALES } from '../../src/i18n.ts';
import { DOMAIN_MAX_LENGTH } from '../../src/domains.ts';
import { MEDIA_KEY_PATTERN, MEDIA_TYPES } from '../../src/media.ts';
import { MEDIA_FOLDER } from '../account-export/layout.ts';
import { CardDesignSchema } from '../../src/schemas/card-design.ts';
import {
  DEFAULT_LEAD_FORM,
  LEAD_COMPANY_MAX_LENGTH,
  LEAD_CONSENT_MAX_LENGTH,
  LEAD_EMAIL_MAX_LENGTH,
  LEAD_FIELDS,
  LEAD_NAME_MAX_LENGTH,
  LEAD_NOTE_MAX_LENGTH,
  LEAD_NOTIFICATIONS,
  LEAD_PHONE_MAX_LENGTH,
  LEAD_RETENTION_MAX_DAYS,
} from '../../src/schemas/lead.ts';
import { LinkLifecycleSchema, QrCodeFormSchema } from '../../src/schemas/link.ts';
import { PersonalInfoSchema, ThemeColourSchema } from '../../src/schemas/profile.ts';
import { QrDesignSchema } from '../../src/schemas/qr-design.ts';
import { VcardFormSchema } from '../../src/schemas/vcard.ts';
import { CreateWebhookSchema } from '../../src/schemas/webhook.ts';
import { HELD_LINK_CODES_MAX } from '../../src/username.ts';
import { vcardFormValues } from '../../src/vcard-form.ts';
import { isLinkCode } from '../lib/link-codes.ts';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../account-export/document.ts';

// account.json of an account export (server/account-export/document.ts), as an import reads it: every
// part is checked with the rules the dashboard's forms check it with (the vCard form, the QR code and
// lifecycle dialogs, the QR studio, the design screen), so an import stores nothing a person could not
// have saved. The reading is of EXPORT_VERSION; a newer file is refused (import_foreign), an older one
// would be read here.

const instant = z.iso.datetime().transform((value) => new Date(value));
const count = z.int().min(0).max(2_147_483_647);
/** A photo as account.json names it: its /media/{key} path, the archive's file media/{key}. */
const archivedPhoto = z.string().max(200).nullable();

/** The stored design of a QR code: a QR studio design, or none (the plain code). */
const qrDesign = QrDesignSchema.extend({ logo: archivedPhoto }).nullable();

/** A chosen code as stored (lowercase); whether it still fits the rules is the import's to judge. */
const storedChosenCode = z.string().max(64);

const LinkSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(['qr', 'profile']),
    title: QrCodeFormSchema.shape.title,
    url: QrCodeFormSchema.shape.url,
    icon: QrCodeFormSchema.shape.icon.nullable(),
    code: z.string().refine(isLinkCode),
    chosenCode: storedChosenCode.nullable(),
    chosenCodes: z.array(storedChosenCode).max(HELD_LINK_CODES_MAX),
    domain: z.string().max(DOMAIN_MAX_LENGTH).nullable(),
    order: z.int().min(0).max(1_000_000),
    qrDesign,
    enabled: z.boolean(),
    activeFrom: instant.nullable(),
    activeUntil: instant.nullable(),
    maxScans: z.unknown(),
    scansUsed: count,
    fallbackUrl: z.string().nullable(),
    rules: z.array(z.unknown()),
    scans: count,
    clicks: count,
    createdAt: instant,
  })
  // the lifecycle as its dialog checks it: an end after the start, an http(s) fallback, whole rules
  .transform(({ maxScans, fallbackUrl, rules, ...link }, ctx) => {
    const lifecycle = LinkLifecycleSchema.safeParse({
      id: link.id,
      baseVersion: 1,
      activeFrom: link.activeFrom,
      activeUntil: link.activeUntil,
      maxScans,
      fallbackUrl: fallbackUrl ?? '',
      rules,
    });
    if (!lifecycle.success) return refused(ctx, lifecycle.error);
    const { maxScans: limit, fallbackUrl: fallback, rules: checkedRules } = lifecycle.data;
    return { ...link, maxScans: limit, fallbackUrl: fallback, rules: checkedRules };
  });

/** Passes a form schema's issues on as the import's own, under the part being read. */
function refused(ctx: z.RefinementCtx, error: z.ZodError): never {
  for (const issue of error.issues)
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
}

export type ImportedLink = z.output<typeof LinkSchema>;

/** A card as the vCard form would save it: the stored columns read back into the form's values. */
const CardSchema = z
  .object({
    id: z.uuid(),
    ...CardContactSchema.shape,
    photo: archivedPhoto,
    design: CardDesignSchema.extend({ coverImage: archivedPhoto, logo: archivedPhoto }).nullable(),
    leadForm: z.unknown(),
    qrCode: LinkSchema.nullable(),
    createdAt: instant,
    updatedAt: instant,
  })
  .transform((card, ctx) => {
    const form = VcardFormSchema.safeParse({
      ...vcardFormValues(
        // the photo is the archive's; the card gets the uploaded one's path when written
        { ...storedOfContact({ ...card, photo: null }), leadForm: DEFAULT_LEAD_FORM },
        null,
      ),
      leadForm: card.leadForm,
    });
    if (!form.success) return refused(ctx, form.error);
    return {
      id: card.id,
      fields: form.data,
      photo: card.photo,
      design: card.design,
      qrCode: card.qrCode,
      createdAt: card.createdAt,
      updatedAt: card.updatedAt,
    };
  });

export type ImportedCard = z.output<typeof CardSchema>;

const optionalText = (max: number) => z.string().max(max).nullable();

const LeadSchema = z.object({
  cardId: z.uuid().nullable(),
  cardName: z.string().max(200),
  name: optionalText(LEAD_NAME_MAX_LENGTH),
  email: optionalText(LEAD_EMAIL_MAX_LENGTH),
  phone: optionalText(LEAD_PHONE_MAX_LENGTH),
  company: optionalText(LEAD_COMPANY_MAX_LENGTH),
  note: optionalText(LEAD_NOTE_MAX_LENGTH),
  fieldsGiven: z.array(z.enum(LEAD_FIELDS)).max(LEAD_FIELDS.length),
  consentText: z.string().max(LEAD_CONSENT_MAX_LENGTH),
  consentLanguage: z.enum(LOCALES),
  receivedAt: instant,
});

export type ImportedLead = z.output<typeof LeadSchema>;

const AccountSchema = z.object({
  firstName: PersonalInfoSchema.shape.firstName.nullable(),
  lastName: PersonalInfoSchema.shape.lastName.nullable(),
  username: z.string().max(64).nullable(),
  photo: archivedPhoto,
  position: z.string().max(100).nullable(),
  company: z.string().max(100).nullable(),
  phone: z.string().max(20).nullable(),
  themeColour: ThemeColourSchema.shape.themeColour,
  language: z.enum(LOCALES),
  primaryCardId: z.uuid().nullable(),
  leadNotification: z.enum(LEAD_NOTIFICATIONS),
  leadRetentionDays: z.int().min(1).max(LEAD_RETENTION_MAX_DAYS).nullable(),
});

/** A webhook endpoint as the endpoint form saves it (without a secret: the import makes a new one). */
const WebhookSchema = z.object({
  url: CreateWebhookSchema.shape.url,
  description: CreateWebhookSchema.shape.description,
  events: CreateWebhookSchema.shape.events,
  enabled: z.boolean(),
  createdAt: instant,
});

export type ImportedWebhook = z.output<typeof WebhookSchema>;

/** What an import reads of account.json; the fields it does not take (the plan, the e-mail) are not read. */
export const AccountDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  account: AccountSchema,
  cards: z.array(CardSchema).max(10_000),
  links: z.array(LinkSchema).max(100_000),
  leads: z.array(LeadSchema).max(1_000_000),
  media: z
    .array(
      z.object({
        path: z
          .string()
          .refine(
            (path) =>
              path.startsWith(MEDIA_FOLDER) && MEDIA_KEY_PATTERN.test(path.slice(MEDIA_FOLDER.length)),
          ),
        contentType: z.enum([MEDIA_TYPES.jpg, MEDIA_TYPES.png]),
      }),
    )
    .max(10_000),
  // none in an export made before endpoints were exported; how many an account may hold is the writer's
  webhooks: z.array(WebhookSchema).max(1_000).default([]),
});

export type ImportedDocument = z.output<typeof AccountDocumentSchema>;
