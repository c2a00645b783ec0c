import { z } from 'zod';
import { canonicalTimeZone, FALLBACK_TIME_ZONE } from '../analytics.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { singleLineText } from '../text.ts';

// The owner's leads page: which leads it shows (search, card, days), the same for its erase-all and its
// CSV and .vcf downloads, so what is erased or exported is exactly what the page lists.

/** Leads on one page of the list (the next come with "Show more"). */
export const LEADS_PAGE_SIZE = 50;

export const LEAD_SEARCH_MAX_LENGTH = 100;

/** A calendar day (YYYY-MM-DD) that exists. */
const day = singleLineText()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.invalid)
  .refine((value) => {
    // every check runs: a value that failed the pattern is no date at all
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  }, M.invalid);

/**
 * The card filter's value for the leads whose card was deleted: they keep the card's name, and no card
 * (leads.vcard_id is null).
 */
export const DELETED_CARDS = 'deleted';

/**
 * The list's filters: words found in the name, e-mail, phone, company or note (any case), one card (or
 * the deleted cards), and the first and last day (both included) in the reader's time zone (the browser's,
 * as analytics has it).
 */
export const LeadFilterSchema = z
  .object({
    search: singleLineText().max(LEAD_SEARCH_MAX_LENGTH, M.invalid).default(''),
    vcardId: z
      .union([z.uuid(M.invalid), z.literal(DELETED_CARDS, M.invalid)], M.invalid)
      .nullable()
      .default(null),
    from: day.nullable().default(null),
    to: day.nullable().default(null),
    timeZone: singleLineText().transform(canonicalTimeZone).default(FALLBACK_TIME_ZONE),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: M.invalid,
    path: ['to'],
  });
export type LeadFilterInput = z.input<typeof LeadFilterSchema>;
export type LeadFilter = z.output<typeof LeadFilterSchema>;

/** leads.list: the filters and the page after `cursor` (the last lead shown). */
export const ListLeadsSchema = z.object({
  filter: LeadFilterSchema,
  cursor: z.uuid().nullish(),
});

export const LeadIdSchema = z.object({ id: z.uuid() });

/** True when the filters narrow the list (erase-all then erases only what they match). */
export function leadFilterNarrows(filter: LeadFilterInput): boolean {
  return Boolean(filter.search?.trim() || filter.vcardId || filter.from || filter.to);
}
