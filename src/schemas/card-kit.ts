import { z } from 'zod';
import { BACKGROUND_LAYOUTS, BACKGROUND_WIDTHS } from '../card-kit.ts';
import { LOCALES } from '../i18n.ts';

/** A card's signatures (its three layouts), in the language of the screen that shows them. */
export const CardSignaturesSchema = z.object({
  vcardId: z.uuid(),
  locale: z.enum(LOCALES),
});
export type CardSignaturesInput = z.infer<typeof CardSignaturesSchema>;

/** A background's download query: its layout, width and the language of its words. */
export const BackgroundQuerySchema = z.object({
  layout: z.enum(BACKGROUND_LAYOUTS).default('panel'),
  width: z.coerce
    .number()
    .refine((width) => (BACKGROUND_WIDTHS as readonly number[]).includes(width))
    .default(1920),
  lang: z.enum(LOCALES).optional(),
});
export type BackgroundQuery = z.infer<typeof BackgroundQuerySchema>;
