import { z } from 'zod';
import { fileNameText } from '../file-name.ts';
import { LINK_RULES_MAX, RULE_DEVICES } from '../link-lifecycle.ts';
import { DOMAIN_MAX_LENGTH } from '../domains.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { serverPaths } from '../routes.ts';
import { singleLineText, toSingleLine } from '../text.ts';
import { isHttpUrl } from '../url.ts';
import { chosenNameProblem } from '../username.ts';
import { baseVersion } from './edit-version.ts';

// Short links (spec section 5 "QR code form" and "Links page"): the rules shared by the QR code
// dialog, the links page and the links.* procedures. Every destination is http(s)
// (docs/decisions/006-short-links-and-qr-codes.md).

export const LINK_TITLE_MAX_LENGTH = 100;
export const LINK_URL_MAX_LENGTH = 500;
export const LINK_ICON_MAX_LENGTH = 50;

/** A destination: a URL ('Must be a valid URL'), http or https only, at most 500 characters. */
const destination = singleLineText()
  // an empty destination says so once, not once more for not being a URL
  .min(1, { error: M.linkUrlInvalid, abort: true })
  .max(LINK_URL_MAX_LENGTH, M.linkUrlTooLong)
  .refine((value) => URL.canParse(value), M.linkUrlInvalid)
  .refine((value) => !URL.canParse(value) || isHttpUrl(value), M.urlScheme);

const title = singleLineText().min(1, M.linkTitleRequired).max(LINK_TITLE_MAX_LENGTH, M.linkTitleTooLong);

const CODE_MESSAGE = {
  required: M.linkCodeRequired,
  reserved: M.linkCodeReserved,
  format: M.linkCodeFormat,
  lookalike: M.linkCodeLookalike,
} as const;

const codeText = singleLineText()
  .max(64, M.linkCodeFormat)
  .transform((value) => value.toLowerCase());

function refuseBadCode(code: string, ctx: z.RefinementCtx<string>) {
  const problem = chosenNameProblem(code);
  if (problem) ctx.addIssue({ code: 'custom', message: CODE_MESSAGE[problem] });
}

/**
 * A chosen short-link code (customLinks, `/l/{code}`): the rules and reservations of a chosen username
 * (src/username.ts), kept in lowercase because chosen codes are found in any case (server/links/resolve.ts).
 */
const chosenCode = codeText.superRefine(refuseBadCode);

/** The same, or an empty field for no chosen code (null). */
const optionalChosenCode = codeText
  .superRefine((code, ctx) => {
    if (code !== '') refuseBadCode(code, ctx);
  })
  .transform((code) => code || null);

/** Create New QR dialog: title, destination, an optional icon name and an optional chosen code. */
export const QrCodeFormSchema = z.object({
  title,
  url: destination,
  icon: singleLineText()
    .max(LINK_ICON_MAX_LENGTH, M.linkIconTooLong)
    .transform((value) => value || null)
    .prefault(''),
  // empty: a random code (every plan); a chosen one needs customLinks, checked by the service
  code: optionalChosenCode.default(null),
  /**
   * The custom domain the code is printed with (customDomain): one of the account's verified domains, which
   * the service checks; empty: the main address.
   */
  domain: singleLineText()
    .max(DOMAIN_MAX_LENGTH, M.linkDomainUnusable)
    .transform((value) => value.toLowerCase() || null)
    .default(null),
  /** The version an edit of a saved QR code was based on (none for a new one). */
  baseVersion: baseVersion.optional(),
});
export type QrCodeFormValues = z.input<typeof QrCodeFormSchema>;
export type QrCodeInput = z.output<typeof QrCodeFormSchema>;

/** Edit a QR code: its title and destination change; its code changes only through ChooseLinkCodeSchema. */
export const UpdateQrCodeSchema = QrCodeFormSchema.omit({ code: true }).extend({ id: z.uuid(), baseVersion });
export type UpdateQrCodeInput = z.output<typeof UpdateQrCodeSchema>;

/** Links page: title and URL both required ('Title and URL are required'), then the same URL rules. */
export const ProfileLinkFormSchema = z.object({
  title: singleLineText().min(1, M.linkTitleAndUrlRequired).max(LINK_TITLE_MAX_LENGTH, M.linkTitleTooLong),
  url: singleLineText().min(1, M.linkTitleAndUrlRequired).pipe(destination),
  /** The version an edit of a saved link was based on (none for a new one). */
  baseVersion: baseVersion.optional(),
});
export type ProfileLinkFormValues = z.input<typeof ProfileLinkFormSchema>;
export type ProfileLinkInput = z.output<typeof ProfileLinkFormSchema>;

/** Edit a profile link: its title and URL change by the same rules, its short code never does. */
export const UpdateProfileLinkSchema = ProfileLinkFormSchema.extend({ id: z.uuid(), baseVersion });
export type UpdateProfileLinkInput = z.output<typeof UpdateProfileLinkSchema>;

export const LinkIdSchema = z.object({ id: z.uuid() });

/** A new chosen code for a QR code or profile link; its earlier codes keep leading to it. */
export const ChooseLinkCodeSchema = z.object({ id: z.uuid(), code: chosenCode });
export type ChooseLinkCodeValues = z.input<typeof ChooseLinkCodeSchema>;
export type ChooseLinkCodeInput = z.output<typeof ChooseLinkCodeSchema>;

/** The links page's new order: every profile link id of the user, each once, first to last. */
export const ReorderLinksSchema = z.object({
  ids: z
    .array(z.uuid())
    .max(10_000)
    .refine((ids) => new Set(ids).size === ids.length, M.invalid),
});
export type ReorderLinksInput = z.output<typeof ReorderLinksSchema>;

/** An address a link may send visitors to instead of its destination: the destination's rules, or empty (null). */
const optionalDestination = singleLineText()
  .max(LINK_URL_MAX_LENGTH, M.linkUrlTooLong)
  .refine((value) => value === '' || URL.canParse(value), M.linkUrlInvalid)
  .refine((value) => value === '' || !URL.canParse(value) || isHttpUrl(value), M.urlScheme)
  .transform((value) => value || null);

/** The most follows a limit may allow (a Postgres integer). */
export const LINK_MAX_SCANS_LIMIT = 2_000_000_000;

/** Where visitors of a device, a language or both go instead (src/link-lifecycle.ts matchingRule). */
const LinkRuleSchema = z
  .object({
    device: z.enum(RULE_DEVICES).nullable(),
    /** A primary language subtag (`es`, `pt`), kept in lowercase; null: any language. */
    language: singleLineText()
      .regex(/^[a-zA-Z]{2,3}$/, M.linkRuleLanguageInvalid)
      .transform((value) => value.toLowerCase())
      .nullable(),
    url: singleLineText().min(1, M.linkRuleUrlRequired).pipe(destination),
  })
  .refine((rule) => rule.device !== null || rule.language !== null, {
    message: M.linkRuleConditionRequired,
    path: ['device'],
  });

/**
 * A QR code's or profile link's lifecycle and rules (src/link-lifecycle.ts): live from / until, a scan limit
 * (the service refuses one below the scans it has led on already), the fallback served when it is not live,
 * and its rules, first match wins. The dates are the dialog's; the REST API reads them from ISO strings.
 */
export const LinkLifecycleFieldsSchema = z.object({
  activeFrom: z.date().nullable(),
  activeUntil: z.date().nullable(),
  maxScans: z
    .int(M.linkMaxScansInvalid)
    .min(1, M.linkMaxScansInvalid)
    .max(LINK_MAX_SCANS_LIMIT, M.linkMaxScansInvalid)
    .nullable(),
  fallbackUrl: optionalDestination,
  rules: z.array(LinkRuleSchema).max(LINK_RULES_MAX, M.linkRulesTooMany),
});
export type LinkLifecycleFields = z.output<typeof LinkLifecycleFieldsSchema>;

/** A lifecycle's end comes after its start (either may be open): the refinement of every form that sets one. */
export const lifecycleEndsAfterStart: [
  (value: { activeFrom: Date | null; activeUntil: Date | null }) => boolean,
  { message: string; path: string[] },
] = [
  (value) => value.activeFrom === null || value.activeUntil === null || value.activeUntil > value.activeFrom,
  { message: M.linkEndBeforeStart, path: ['activeUntil'] },
];

/** The schedule dialog's save: the lifecycle and rules, edited from `baseVersion`. */
export const LinkLifecycleSchema = LinkLifecycleFieldsSchema.extend({ id: z.uuid(), baseVersion }).refine(
  ...lifecycleEndsAfterStart,
);
export type LinkLifecycleValues = z.input<typeof LinkLifecycleSchema>;
export type LinkLifecycleInput = z.output<typeof LinkLifecycleSchema>;

/** Turns a link off (its fallback, or a page saying it is off) or on again, without deleting it. */
export const LinkEnabledSchema = z.object({ id: z.uuid(), enabled: z.boolean() });
export type LinkEnabledInput = z.output<typeof LinkEnabledSchema>;

/** The query marker a QR code adds to its short URL, so that scans and clicks are told apart. */
export const QR_SCAN_MARKER = 'qr';

/**
 * The short URL of a link at an origin (the main address, or the custom domain it is printed with:
 * printedOrigin): what Copy Link copies and a profile link points to (a click).
 */
export function shortLinkUrl(origin: string, code: string): string {
  return `${origin}${serverPaths.shortLink}/${code}`;
}

/** What a QR code encodes: the short URL with the scan marker. */
export function qrScanUrl(origin: string, code: string): string {
  return `${shortLinkUrl(origin, code)}?${QR_SCAN_MARKER}`;
}

/** The origin a link is printed and copied with: the custom domain it was made for, else the main address. */
export function printedOrigin(publicUrl: string, link: { domain: string | null }): string {
  return link.domain === null ? publicUrl : `https://${link.domain}`;
}

/**
 * The code a link is shown, copied and printed with: the owner's chosen code when there is one (the random
 * one keeps working). Every place that shows a link or draws its QR code reads it from here.
 */
export function printedCode(link: { code: string; chosen_code: string | null }): string {
  return link.chosen_code ?? link.code;
}

/** What a link's QR code encodes wherever it is drawn: the dashboard, the studio's check and every download. */
export function printedQrUrl(
  publicUrl: string,
  link: { code: string; chosen_code: string | null; domain: string | null },
): string {
  return qrScanUrl(printedOrigin(publicUrl, link), printedCode(link));
}

/**
 * Download name of a QR code: the title with spaces as underscores (spec section 2), without control or
 * invisible formatting characters (stored before src/text.ts refused them), its emoji whole
 * (src/file-name.ts), never empty.
 */
export function qrDownloadName(title: string, extension: 'png' | 'svg' | 'pdf'): string {
  const base =
    fileNameText(
      toSingleLine(title)
        .trim()
        .replace(/\s+/g, '_')
        .replace(/[\\/:*?"<>|]/g, ''),
    ) || 'qr-code';
  return `${base}.${extension}`;
}
