import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { drawQr, qrDesignInEffect, type QrDesign } from '../../src/qr-design.ts';
import type { QrDownloadFormat, ResetQrDesignInput, SaveQrDesignInput } from '../../src/schemas/qr-design.ts';
import { printedQrUrl, qrDownloadName } from '../../src/schemas/link.ts';
import { planInEffectOf } from '../access/plan-gate.ts';
import { refusedEdit } from '../lib/edit-versions.ts';
import { AppError } from '../lib/errors.ts';
import { emitLinkEvent } from '../links/events.ts';
import { LINK_COLUMNS, readLinkRecord } from '../links/present.ts';
import { assertOwnPhoto } from '../media/service.ts';
import { releaseUnusedPhotos } from '../media/references.ts';
import { qrCodeAccount } from '../access/team-access.ts';
import type { AppDeps, ServiceContext } from '../lib/app-deps.ts';
import { vcardPageUrl } from '../../src/card-address.ts';
import { qrPdf, qrPng, qrSvgFile } from '../qr-images/render.ts';
import { scannabilityProblem } from '../qr-images/scannability.ts';
import { logoOf } from '../qr-images/printed-scans.ts';
import { announceWrite } from '../lib/after-write.ts';

// The QR studio (customBranding): a QR code's design is saved on its link after the
// scannability check, and every image of that code (My QR Codes, downloads, the vCard's public page) is
// drawn from it through src/qr-design.ts. Every query filters by the signed-in user.

async function ownQrLink(db: Kysely<Database>, userId: string, id: string) {
  const link = await db
    .selectFrom('links')
    .select(['id', 'code', 'chosen_code', 'domain', 'title', 'vcard_id', 'qr_design', 'version'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', 'qr')
    .executeTakeFirst();
  if (!link) throw new AppError('not_found');
  return link;
}

/** The refusal of a studio edit of link `id` whose `baseVersion` is no longer the link's (or gone). */
function refusedStudioEdit(ctx: ServiceContext, id: string) {
  return refusedEdit(() => readLinkRecord(ctx.db, ctx.config.publicUrl, ctx.user.id, id, 'qr'));
}

/**
 * Saves a QR code's design, edited from `baseVersion` of its link, after checking that it scans: for a
 * vCard's own code, both as the short link (My QR Codes, downloads) and as the page address its public page
 * shows. Returns the design and the link's new version. Throws not_found, edit_conflict (a newer version
 * saved meanwhile, told before the scan check and again after it), validation_failed (field photo: a logo
 * that is not this user's upload) and the qr_* reasons; nothing is stored then.
 */
export async function saveQrDesign(
  ctx: ServiceContext,
  input: SaveQrDesignInput,
): Promise<{ design: QrDesign; version: number }> {
  const link = await ownQrLink(ctx.db, ctx.user.id, input.id);
  const { design, baseVersion } = input;
  // before the scan check, which takes a second or more
  if (link.version !== baseVersion) throw await refusedStudioEdit(ctx, link.id);
  if (design.logo) await assertOwnPhoto(ctx.db, ctx.user.id, design.logo);
  const logo = await logoOf(ctx, design);
  if (design.logo && !logo) throw new AppError('validation_failed', { field: 'photo' });
  const checks = [scannabilityProblem(printedQrUrl(ctx.config.publicUrl, link), design, logo)];
  if (link.vcard_id) {
    checks.push(scannabilityProblem(vcardPageUrl(ctx.config.publicUrl, link.vcard_id), design, logo, 'page'));
  }
  const problem = (await Promise.all(checks)).find((found) => found !== null);
  if (problem) throw new AppError(problem);
  // a new printed code meanwhile is a new version too: the check above read the old one
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('links')
      .set({ qr_design: JSON.stringify(design) })
      .where('id', '=', link.id)
      .where('user_id', '=', ctx.user.id)
      .where('version', '=', baseVersion)
      .returning(LINK_COLUMNS)
      .executeTakeFirst();
    if (row) await emitLinkEvent(ctx, trx, 'link.updated', row);
    return row;
  });
  if (!updated) throw await refusedStudioEdit(ctx, link.id);
  await releaseUnusedPhotos(ctx, [link.qr_design?.logo ?? null]);
  // 'links' redraws My QR Codes; the public pages' cache also drops the owner's pages on it
  announceWrite(ctx, ctx.user.id, 'links');
  return { design, version: updated.version };
}

/**
 * Back to the plain code, from `baseVersion` of the link: the design (and its logo, when nothing else uses
 * it) is removed; returns the link's new version. A newer version saved meanwhile: edit_conflict with the
 * QR code as it is now, and nothing changes.
 */
export async function resetQrDesign(
  ctx: ServiceContext,
  input: ResetQrDesignInput,
): Promise<{ version: number }> {
  const link = await ownQrLink(ctx.db, ctx.user.id, input.id);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('links')
      .set({ qr_design: null })
      .where('id', '=', link.id)
      .where('user_id', '=', ctx.user.id)
      .where('version', '=', input.baseVersion)
      .returning(LINK_COLUMNS)
      .executeTakeFirst();
    if (row) await emitLinkEvent(ctx, trx, 'link.updated', row);
    return row;
  });
  if (!updated) throw await refusedStudioEdit(ctx, link.id);
  await releaseUnusedPhotos(ctx, [link.qr_design?.logo ?? null]);
  announceWrite(ctx, ctx.user.id, 'links');
  return { version: updated.version };
}

export interface QrFile {
  body: Buffer | string;
  contentType: string;
  fileName: string;
}

const CONTENT_TYPES: Record<QrDownloadFormat, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

/**
 * A QR code of the user (or of a team card they may edit) as a file: PNG of `size` px, SVG or PDF (vector), in the design in effect (the
 * plain one when the plan no longer includes the saved design). Throws not_found.
 */
export async function qrCodeFile(
  deps: AppDeps,
  userId: string,
  request: { id: string; format: QrDownloadFormat; size: number },
): Promise<QrFile> {
  // one's own code, or a team card's that one may edit: drawn in its account's plan
  const account = await qrCodeAccount(deps.db, userId, request.id);
  const [link, plan] = await Promise.all([
    ownQrLink(deps.db, account, request.id),
    planInEffectOf(deps, account),
  ]);
  const design = qrDesignInEffect(plan, link.qr_design);
  const drawing = drawQr(printedQrUrl(deps.config.publicUrl, link), design);
  const logo = await logoOf(deps, design);
  const body =
    request.format === 'png'
      ? await qrPng(drawing, logo, request.size)
      : request.format === 'svg'
        ? qrSvgFile(drawing, logo)
        : await qrPdf(drawing, logo, link.title);
  return {
    body,
    contentType: CONTENT_TYPES[request.format],
    fileName: qrDownloadName(link.title, request.format),
  };
}
