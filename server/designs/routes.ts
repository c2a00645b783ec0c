import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { can } from '../../src/plans.ts';
import { serverPaths } from '../../src/routes.ts';
import { CardDesignSchema } from '../../src/schemas/card-design.ts';
import { CardColoursSchema } from '../../src/schemas/vcard.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser } from '../auth/session-user.ts';
import { requireFeature } from '../billing/plan-gate.ts';
import { AppError } from '../lib/errors.ts';
import { qrSvg } from '../public-profile/qr.ts';
import { renderProfilePage } from '../public-profile/render.ts';
import { findProfileByVcardId } from '../public-profile/service.ts';
import { pageLocale } from '../public-profile/texts.ts';
import type { AppDeps } from '../trpc/context.ts';
import { vcardPageUrl } from '../vcards/service.ts';

// GET /api/designs/preview?vcard={id}&design={json} – the design screen's live preview: the owner's vCard
// rendered by the public page's own renderer with the unsaved colours and design, shown in a phone-sized
// frame of the dashboard (the only page allowed to frame it). Not a view, never cached, never indexed.

const PreviewQuerySchema = z.object({
  vcard: z.uuid(),
  design: z.string().transform((value, context) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'design' });
      return z.NEVER;
    }
  }),
});

const PreviewSchema = z.object({ colours: CardColoursSchema, design: CardDesignSchema });

export async function registerDesignRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  auth: Auth,
  security: Record<string, string>,
): Promise<void> {
  const headers = {
    ...security,
    // the dashboard frames it; everything else of the policy stays
    'content-security-policy': (security['content-security-policy'] ?? '').replace(
      "frame-ancestors 'none'",
      "frame-ancestors 'self'",
    ),
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex',
  };

  app.get(serverPaths.designPreview, async (request, reply) => {
    const user = await requireSessionUser(auth, request);
    const plan = await requireFeature(deps, user.id, 'customBranding');
    const query = PreviewQuerySchema.safeParse(request.query);
    const preview = query.success ? PreviewSchema.safeParse(query.data.design) : null;
    if (!query.success || !preview?.success) throw new AppError('validation_failed');
    const profile = await findProfileByVcardId(deps.db, query.data.vcard);
    if (!profile || profile.userId !== user.id) throw new AppError('not_found');
    const { colours, design } = preview.data;
    const pageUrl = vcardPageUrl(deps.config.publicUrl, query.data.vcard);
    const html = renderProfilePage({
      profile: {
        ...profile,
        card: {
          ...profile.card,
          colours: {
            background: colours.backgroundColour,
            font: colours.fontColour,
            icon: colours.iconColour,
          },
        },
      },
      locale: pageLocale(request.headers['accept-language'], profile.language),
      pageUrl,
      publicUrl: deps.config.publicUrl,
      qrSvg: await qrSvg(pageUrl, profile.qrDesign),
      design,
      adFree: can(plan, 'adFree'),
    });
    return reply.headers(headers).send(html);
  });
}
