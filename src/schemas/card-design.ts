import { z } from 'zod';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '../social-profiles.ts';
import { baseVersion } from './edit-version.ts';
import { LeadFormSettingsSchema } from './lead.ts';
import { CardColoursSchema, CardFieldsSchema, colour, photoPath } from './vcard.ts';

// A vCard's design (customBranding, Pro+; docs/decisions/015-what-each-plan-feature-is.md): how its public
// page is laid out and dressed. Stored with the vCard; the three card colours stay the vCard's own (every
// plan has them), the design adds the rest. An account whose plan lacks customBranding is shown
// FREE_DESIGN, with what it saved kept for when the plan comes back.

export const CARD_LAYOUTS = ['centred', 'left', 'compact', 'dark'] as const;
export type CardLayout = (typeof CARD_LAYOUTS)[number];

/** 'system' is the device's own font (no download); the others are served from this server (/fonts). */
export const CARD_FONTS = ['system', 'inter', 'montserrat', 'lora', 'jetbrainsMono'] as const;
export type CardFont = (typeof CARD_FONTS)[number];

export const BUTTON_STYLES = ['filled', 'outline', 'rounded', 'square'] as const;
export type ButtonStyle = (typeof BUTTON_STYLES)[number];

/** 'gradient' runs from the card's background colour to the accent colour; 'image' shows coverImage. */
export const COVER_KINDS = ['none', 'gradient', 'image'] as const;
export type CoverKind = (typeof COVER_KINDS)[number];

export const CardDesignSchema = z.object({
  layout: z.enum(CARD_LAYOUTS),
  font: z.enum(CARD_FONTS),
  buttonStyle: z.enum(BUTTON_STYLES),
  cover: z.enum(COVER_KINDS),
  /** The cover's second colour (the gradient's end). */
  accentColour: colour,
  /** An uploaded photo of this user (/media/ path); used when cover is 'image'. */
  coverImage: photoPath,
  /** An uploaded photo of this user shown beside the card's photo, or null. */
  logo: photoPath,
});
export type CardDesign = z.output<typeof CardDesignSchema>;
export type CardDesignValues = z.input<typeof CardDesignSchema>;

/** The card's three colours (the vCard's own, shared with the vCard form) beside its design. */
export type CardDesignColours = z.output<typeof CardColoursSchema>;

/**
 * The design screen: one vCard's colours and design, saved together (and previewed unsaved), and the
 * version of the vCard they were based on.
 */
export const SaveCardDesignSchema = z.object({
  vcardId: z.uuid(),
  colours: CardColoursSchema,
  design: CardDesignSchema,
  baseVersion,
});
export type SaveCardDesignInput = z.output<typeof SaveCardDesignSchema>;

/** The design of every card whose plan has no customBranding: today's centred page. */
export const FREE_DESIGN: CardDesign = {
  layout: 'centred',
  font: 'system',
  buttonStyle: 'filled',
  cover: 'none',
  accentColour: '#1E3A8A',
  coverImage: null,
  logo: null,
};

/**
 * A stored design as the page uses it: a row written by an older version, or damaged, falls back field
 * by field to FREE_DESIGN instead of breaking the page.
 */
export function storedDesign(value: unknown): CardDesign {
  if (!value || typeof value !== 'object') return FREE_DESIGN;
  const merged = { ...FREE_DESIGN, ...(value as Record<string, unknown>) };
  const parsed = CardDesignSchema.safeParse(merged);
  return parsed.success ? parsed.data : FREE_DESIGN;
}

const fields = CardFieldsSchema.shape;

/**
 * The vCard editor's unsaved fields, for its preview (nothing is stored from them): a field that would
 * not save yet (half-typed) shows as empty rather than refusing the whole preview.
 */
export const PreviewCardFieldsSchema = z.object({
  name: fields.name.catch(''),
  company: fields.company.catch(null),
  department: fields.department.catch(null),
  position: fields.position.catch(null),
  email: fields.email.catch(null),
  phone: fields.phone.catch(null),
  workPhone: fields.workPhone.catch(null),
  address: fields.address.catch(null),
  website: fields.website.catch(null),
  photo: fields.photo.catch(null),
  socialLinks: z.object(
    Object.fromEntries(
      SOCIAL_PLATFORMS.map((platform) => [platform, fields.socialLinks.shape[platform].catch(null)]),
    ) as Record<SocialPlatform, z.ZodCatch<z.ZodType<string | null, string | undefined>>>,
  ),
  otherLink: fields.otherLink.catch({ label: null, url: null }),
  /** The "Share your contact back" settings as set in the form; left out or not valid yet: the saved ones. */
  leadForm: LeadFormSettingsSchema.optional().catch(undefined),
});
export type PreviewCardFields = z.output<typeof PreviewCardFieldsSchema>;

/**
 * POST /api/designs/preview: a vCard of the signed-in person drawn as its public page, with unsaved
 * colours and either the design screen's unsaved design or the vCard editor's unsaved fields (each left
 * out: the saved one, and the design its plan shows).
 */
export const CardPreviewSchema = z.object({
  vcardId: z.uuid(),
  colours: CardColoursSchema,
  design: CardDesignSchema.optional(),
  card: PreviewCardFieldsSchema.optional(),
});
export type CardPreviewInput = z.input<typeof CardPreviewSchema>;
