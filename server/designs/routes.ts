import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { cardAddressPath } from '../../src/card-address.ts';
import { can } from '../../src/plans.ts';
import { serverPaths } from '../../src/routes.ts';
import { CardPreviewSchema, type PreviewCardFields } from '../../src/schemas/card-design.ts';
import { savedSocialLinks } from '../../src/schemas/vcard.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser } from '../access/session-user.ts';
import { requireFeature } from '../access/plan-gate.ts';
import { takesLeads } from '../leads/capture.ts';
import { AppError } from '../lib/errors.ts';
import { qrSvg } from '../public-profile/qr.ts';
import { renderProfilePage, type ProfilePageInput } from '../public-profile/render.ts';
import { acceptsGzip } from '../public-profile/responses.ts';
import {
  applyTeamTemplate,
  findProfileByVcardId,
  pageBranding,
  pageFeatures,
  type PublicCard,
} from '../public-profile/service.ts';
import { pageLocale } from '../public-profile/texts.ts';
import { walletProviders } from '../../src/wallet.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { cardAccount } from '../access/team-access.ts';
import { vcardPageUrl } from '../../src/card-address.ts';

// POST /api/designs/preview (src/schemas/card-design.ts CardPreviewSchema) – the live previews of the
// design screen and the vCard editor: the person's vCard (a team card too, server/access/team-access.ts, as its
// team's template shows it) rendered by the public page's own renderer with what is not saved yet, the page
// as a visitor would get it. The dashboard shows it in a phone-sized frame (srcdoc: the frame's document
// takes the dashboard's policy). Not a view, never cached, never indexed, and gzipped like the public pages
// (about 26 kB, a quarter of that sent).

const gzipAsync = promisify(gzip);

/** The card with the vCard editor's unsaved fields in place of the saved ones. */
function withTypedFields(saved: PublicCard, fields: PreviewCardFields): PublicCard {
  return {
    ...saved,
    name: fields.name,
    company: fields.company,
    department: fields.department,
    position: fields.position,
    email: fields.email,
    phone: fields.phone,
    workPhone: fields.workPhone,
    address: fields.address,
    website: fields.website,
    photo: fields.photo,
    socialLinks: savedSocialLinks(fields.socialLinks, fields.otherLink),
    leadForm: fields.leadForm ?? saved.leadForm,
  };
}

/**
 * The preview's form, as the card's page shows it but for what sends it: its frame sends no form and runs
 * no script (its sandbox allows neither), so it carries no token of a visitor's page and no script.
 */
const PREVIEW_FORM = { token: 'preview', scriptPath: null } satisfies ProfilePageInput['leadForm'];

export async function registerDesignRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  auth: Auth,
  security: Record<string, string>,
): Promise<void> {
  const headers = {
    ...security,
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex',
    vary: 'accept-encoding',
  };

  app.post(serverPaths.designPreview, async (request, reply) => {
    const user = await requireSessionUser(auth, request);
    const parsed = CardPreviewSchema.safeParse(request.body);
    if (!parsed.success) throw new AppError('validation_failed');
    const { vcardId, colours, design, card } = parsed.data;
    // an unsaved design is customBranding's; without one the card shows what its plan shows
    const plan = design ? await requireFeature(deps, user.id, 'customBranding') : null;
    // the design screen designs one's own cards; the vCard form edits any card one may (a team's too)
    const account = design ? user.id : await cardAccount(deps.db, user.id, vcardId, 'edit');
    const profile = await findProfileByVcardId(deps.db, vcardId, { withDraft: true });
    if (!profile || profile.userId !== account) throw new AppError('not_found');
    const owner = await deps.db
      .selectFrom('profiles')
      .select(['username', 'primary_vcard_id'])
      .where('id', '=', account)
      .executeTakeFirstOrThrow();
    // the address the card's page and QR code have: the account's own for the primary card
    const path = cardAddressPath(vcardId, owner.primary_vcard_id, owner.username);
    const pageUrl = path ? `${deps.config.publicUrl}${path}` : vcardPageUrl(deps.config.publicUrl, vcardId);
    const typed: PublicCard = {
      ...(card ? withTypedFields(profile.card, card) : profile.card),
      colours: { background: colours.backgroundColour, font: colours.fontColour, icon: colours.iconColour },
    };
    // a team card shows what its template locks, whatever was typed (its saved design already follows it)
    const shown = {
      ...profile,
      card: profile.teamTemplate ? applyTeamTemplate(typed, profile.teamTemplate, true) : typed,
    };
    const html = renderProfilePage({
      profile: shown,
      locale: pageLocale(request.headers['accept-language'], profile.language),
      pageUrl,
      publicUrl: deps.config.publicUrl,
      qrSvg: await qrSvg(pageUrl, profile.qrDesign),
      wallet: walletProviders(deps.config.wallet),
      ...(plan && design ? { design, adFree: can(plan, 'adFree') } : pageFeatures(profile)),
      // as the card's own address shows it
      branding: pageBranding(profile, false),
      // the form as the card's page would show it
      ...(takesLeads(shown) ? { leadForm: PREVIEW_FORM } : {}),
    });
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.headers(headers).send(html);
    return reply.headers({ ...headers, 'content-encoding': 'gzip' }).send(await gzipAsync(Buffer.from(html)));
  });
}
