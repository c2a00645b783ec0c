import type { QrDesign } from '../../src/qr-design.ts';
import { mediaKeyOf, mediaTypeOf } from '../../src/media.ts';
import { printedQrUrl } from '../../src/schemas/link.ts';
import { AppError } from '../lib/errors.ts';
import type { AppDeps, ServiceContext } from '../lib/app-deps.ts';
import { readPhoto } from '../media/service.ts';
import type { LogoImage } from './render.ts';
import { scannabilityProblem } from './scannability.ts';

// A saved design must scan with whatever address it is printed with: a new printed code or domain of a
// link (server/links/service.ts) or a team's address in the code (server/teams/printed-domain.ts) is
// refused when one of its designs would not.

/** The stored logo of a design, for drawing it into files; null without one. */
export async function logoOf(deps: AppDeps, design: QrDesign): Promise<LogoImage | null> {
  const bytes = await readPhoto(deps, design.logo);
  const key = mediaKeyOf(design.logo);
  return bytes && key ? { bytes, contentType: mediaTypeOf(key) } : null;
}

/**
 * Refuses a new printed code or domain for a link whose saved design would not scan with it: a longer
 * address makes a denser symbol, and a design that saved must scan with whatever address it is printed
 * with. Throws the qr_* reason; a link without a design passes at once.
 */
export async function assertDesignScansPrinted(
  ctx: ServiceContext,
  linkId: string,
  printed: { code?: string; domain?: string | null },
) {
  const link = await ctx.db
    .selectFrom('links')
    .select(['qr_design', 'code', 'chosen_code', 'domain'])
    .where('id', '=', linkId)
    .where('user_id', '=', ctx.user.id)
    .executeTakeFirst();
  if (!link?.qr_design) return;
  await assertScansPrinted(ctx, link.qr_design, {
    code: link.code,
    chosen_code: printed.code ?? link.chosen_code,
    domain: printed.domain === undefined ? link.domain : printed.domain,
  });
}

/** A design still scans printed at the link's address (code and domain); refuses with its reason if not. */
async function assertScansPrinted(
  deps: AppDeps,
  design: QrDesign,
  printed: Parameters<typeof printedQrUrl>[1],
): Promise<void> {
  const url = printedQrUrl(deps.config.publicUrl, printed);
  const problem = await scannabilityProblem(url, design, await logoOf(deps, design));
  if (problem) throw new AppError(problem);
}

/**
 * Every designed QR code of `accountId`'s cards still scans printed with `domain` (a team's Address in the
 * code, server/teams/printed-domain.ts); the first that would not refuses the change with its reason.
 */
export async function assertCardCodesScanPrinted(deps: AppDeps, accountId: string, domain: string | null) {
  const links = await deps.db
    .selectFrom('links')
    .select(['code', 'chosen_code', 'qr_design'])
    .where('user_id', '=', accountId)
    .where('vcard_id', 'is not', null)
    .where('qr_design', 'is not', null)
    .execute();
  for (const { qr_design: design, ...link } of links) {
    if (design) await assertScansPrinted(deps, design, { ...link, domain });
  }
}
