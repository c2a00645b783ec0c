import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { serverPaths } from '../../src/routes.ts';
import { applePassPath, googleWalletPath } from '../../src/wallet.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { createWindowLimiter } from '../lib/window-limiter.ts';
import { addressHashOfToday } from '../analytics/unique-visitors.ts';
import { readPhoto } from '../media/service.ts';
import type { PublicCardAnswers, ShownCard } from '../public-profile/routes.ts';
import { pageFeatures } from '../public-profile/service.ts';
import { pageLocale } from '../public-profile/texts.ts';
import { vcfContentDisposition } from '../public-profile/vcf.ts';
import { applePass, passAuthenticationToken } from './apple-pass.ts';
import { passCardOf } from './card.ts';
import type { AppleSigner, WalletCredentials } from './credentials.ts';
import { googleSaveLink } from './google-pass.ts';
import { APPLE_PUSH_ORIGIN, startPassPushes, type PushTarget } from './push.ts';
import { registerDevice, unregisterDevice, updatedPasses } from './registrations.ts';
import { PASS_TEXTS } from './texts.ts';

// A card's wallet passes, public like its page and .vcf (a card whose page is not shown answers as its
// page): /vcard/{id}/card.pkpass (Apple) and /vcard/{id}/google-wallet (a redirect to Google's save page).
// And Apple's pass web service, at the webServiceURL each pass names (Apple's "Wallet Passes" web service
// reference): phones register for a pass, ask which changed, fetch the latest, and unregister.

const PKPASS_TYPE = 'application/vnd.apple.pkpass';

const PassTypeParamsSchema = z.object({ passTypeId: z.string().min(1).max(200) });
const PassParamsSchema = PassTypeParamsSchema.extend({ serialNumber: z.uuid() });
const DeviceParamsSchema = z.object({ deviceId: z.string().min(1).max(200) });
const RegistrationBodySchema = z.object({ pushToken: z.string().min(1).max(500) });

/** Posts to the log endpoint one client address may make per minute, and the lines of each that are kept. */
const WALLET_LOG_POSTS_PER_MINUTE = 6;
const WALLET_LOG_LINES = 20;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface WalletRouteOptions {
  cards: Pick<PublicCardAnswers, 'cardOf' | 'shownCardOrAnswer'>;
  credentials: WalletCredentials;
  /** The app's secret (AUTH_SECRET or the generated one): each pass's token is an HMAC of its serial with it. */
  secret: string;
  /** Where pushes go (APPLE_PASS_PUSH=on); Apple's push service unless tests give another. */
  pushTarget?: PushTarget;
}

export function registerWalletRoutes(app: FastifyInstance, deps: AppDeps, options: WalletRouteOptions): void {
  const { cards, credentials, secret: authSecret } = options;
  const { publicUrl } = deps.config;
  const pageUrlOf = (vcardId: string) => `${publicUrl}${serverPaths.vcardPage}/${vcardId}`;
  // Apple takes a pass web service over https only
  const webServiceUrl = publicUrl.startsWith('https:') ? publicUrl + serverPaths.appleWalletService : null;

  /** The pass of a shown card, in the brand and design (its logo) its page shows. */
  const passCardFor = (shown: ShownCard) =>
    passCardOf(
      shown.card,
      { branding: shown.branding, design: pageFeatures(shown.entry.profile).design },
      pageUrlOf(shown.card.vcardId),
    );

  const localeOf = (request: FastifyRequest, shown: ShownCard) =>
    pageLocale(request.headers['accept-language'], shown.entry.profile.language);

  async function passOf(signer: AppleSigner, request: FastifyRequest, shown: ShownCard): Promise<Buffer> {
    const card = passCardFor(shown);
    return applePass(signer, {
      card,
      image: await readPhoto(deps, card.image),
      texts: PASS_TEXTS[localeOf(request, shown)],
      authSecret,
      webServiceUrl,
    });
  }

  const apple = credentials.apple;
  if (apple) {
    app.get(applePassPath(':vcardId'), async (request, reply) => {
      const shown = await cards.shownCardOrAnswer(request, reply);
      if (!shown) return reply;
      return reply
        .header('content-type', PKPASS_TYPE)
        .header('content-disposition', vcfContentDisposition(shown.card.name, 'pkpass'))
        .header('cache-control', 'no-store')
        .send(await passOf(apple, request, shown));
    });
    registerPassWebService(apple);
    if (apple.push) {
      const stop = startPassPushes(
        deps.db,
        deps.changes,
        apple,
        options.pushTarget ?? { origin: APPLE_PUSH_ORIGIN },
        app.log,
      );
      app.addHook('onClose', async () => stop());
    }
  }

  const google = credentials.google;
  if (google) {
    app.get(googleWalletPath(':vcardId'), async (request, reply) => {
      const shown = await cards.shownCardOrAnswer(request, reply);
      if (!shown) return reply;
      const locale = localeOf(request, shown);
      const link = await googleSaveLink(google, {
        card: passCardFor(shown),
        locale,
        texts: PASS_TEXTS[locale],
        publicUrl,
      });
      return reply.header('cache-control', 'no-store').redirect(link, 302);
    });
  }

  function registerPassWebService(signer: AppleSigner) {
    const base = `${serverPaths.appleWalletService}/v1`;
    const registration = `${base}/devices/:deviceId/registrations/:passTypeId/:serialNumber`;

    /** The pass of the path when its pass type is ours and the phone shows its token; else the answer sent. */
    function authorizedPass(request: FastifyRequest, reply: FastifyReply) {
      const params = PassParamsSchema.safeParse(request.params);
      if (!params.success || params.data.passTypeId !== signer.passTypeId) {
        void reply.status(404).send();
        return null;
      }
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('ApplePass ') ? header.slice('ApplePass '.length) : '';
      if (!sameSecret(token, passAuthenticationToken(authSecret, params.data.serialNumber))) {
        void reply.status(401).send();
        return null;
      }
      return params.data;
    }

    app.post(registration, async (request, reply) => {
      const pass = authorizedPass(request, reply);
      if (!pass) return reply;
      const body = RegistrationBodySchema.safeParse(request.body);
      if (!body.success) return reply.status(400).send();
      const card = await deps.db
        .selectFrom('vcards')
        .select('id')
        .where('id', '=', pass.serialNumber)
        .executeTakeFirst();
      if (!card) return reply.status(404).send();
      const device = DeviceParamsSchema.safeParse(request.params);
      if (!device.success) return reply.status(404).send();
      const registered = await registerDevice(deps.db, {
        deviceId: device.data.deviceId,
        vcardId: pass.serialNumber,
        pushToken: body.data.pushToken,
        clientAddressHash: await addressHashOfToday(deps.db, request.ip),
      });
      // a bound reached: the phone keeps its pass and asks again later
      if (registered === 'refused') return reply.status(429).header('retry-after', '3600').send();
      return reply.status(registered === 'created' ? 201 : 200).send();
    });

    app.delete(registration, async (request, reply) => {
      const pass = authorizedPass(request, reply);
      if (!pass) return reply;
      const device = DeviceParamsSchema.safeParse(request.params);
      if (!device.success) return reply.status(404).send();
      await unregisterDevice(deps.db, device.data.deviceId, pass.serialNumber);
      return reply.status(200).send();
    });

    app.get<{ Querystring: { passesUpdatedSince?: string } }>(
      `${base}/devices/:deviceId/registrations/:passTypeId`,
      async (request, reply) => {
        const params = DeviceParamsSchema.extend(PassTypeParamsSchema.shape).safeParse(request.params);
        if (!params.success || params.data.passTypeId !== signer.passTypeId) return reply.status(404).send();
        const tag = request.query.passesUpdatedSince;
        const since = tag && /^\d{1,15}$/.test(tag) ? Number(tag) : null;
        const updated = await updatedPasses(deps.db, params.data.deviceId, since);
        if (updated.serialNumbers.length === 0) return reply.status(204).send();
        return reply.header('cache-control', 'no-store').send(updated);
      },
    );

    app.get(`${base}/passes/:passTypeId/:serialNumber`, async (request, reply) => {
      const pass = authorizedPass(request, reply);
      if (!pass) return reply;
      const found = await cards.cardOf(request, pass.serialNumber);
      // a card gone, paused or beyond the plan: the phone keeps the pass it has
      if (!('entry' in found)) return reply.status(404).send();
      const modified = new Date(Math.floor(found.card.updatedAt.getTime() / 1000) * 1000);
      const since = Date.parse(request.headers['if-modified-since'] ?? '');
      if (!Number.isNaN(since) && modified.getTime() <= since) return reply.status(304).send();
      return reply
        .header('content-type', PKPASS_TYPE)
        .header('last-modified', modified.toUTCString())
        .header('cache-control', 'no-store')
        .send(await passOf(signer, request, found));
    });

    // the phone's own reports of what went wrong with a pass, written to the server's log at the level
    // APPLE_PASS_LOG_LEVEL names (silent: not at all), a few posts a minute per client (anyone may post)
    const logPosts = createWindowLimiter(WALLET_LOG_POSTS_PER_MINUTE, 60_000);
    app.post<{ Body: { logs?: unknown } }>(`${base}/log`, async (request, reply) => {
      if (!logPosts.take(request.ip)) return reply.status(429).header('retry-after', '60').send();
      const logs = Array.isArray(request.body?.logs) ? request.body.logs.slice(0, WALLET_LOG_LINES) : [];
      const level = deps.config.wallet.apple?.logLevel ?? 'info';
      if (level !== 'silent') {
        for (const line of logs)
          if (typeof line === 'string')
            request.log[level]({ walletLog: line.slice(0, 500) }, 'wallet pass log');
      }
      return reply.status(200).send();
    });
  }
}
