import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { localeFromAcceptLanguage, type Locale } from '../../src/i18n.ts';
import { serverPaths } from '../../src/routes.ts';
import { CheckoutSchema } from '../../src/schemas/billing.ts';
import type { Auth } from '../auth/auth.ts';
import { toFetchHeaders } from '../lib/request-headers.ts';
import type { StripeConfig } from '../config.ts';
import { AppError, HTTP_STATUS_FOR } from '../lib/errors.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { acceptFormBodies } from '../lib/form-body.ts';
import { renderBadRequest, renderDemoCheckout, renderDemoPortal, renderSignInNeeded } from './demo-pages.ts';
import {
  DEMO_CHECKOUT_PATH,
  DEMO_PORTAL_PATH,
  cancelDemoSubscription,
  demoSubscriptionOf,
  payDemoCheckout,
  previewDemoCheckout,
  resumeDemoSubscription,
} from './demo.ts';
import { checkoutReturnPathOf, languageOf } from './service.ts';
import { processStripeEvent } from './stripe-events.ts';
import { stripeClient, stripeSdk } from './stripe-client.ts';

// Plain routes of billing: with Stripe, its signed webhook; without, the demo checkout and portal pages.

export const STRIPE_WEBHOOK_PATH = serverPaths.stripeWebhook;

export async function registerBillingRoutes(app: FastifyInstance, deps: AppDeps, auth: Auth): Promise<void> {
  if (deps.config.stripe) await registerStripeWebhook(app, deps, deps.config.stripe);
  else await registerDemoPages(app, deps, auth);
}

/**
 * POST /api/webhooks/stripe: the signature is checked on the raw body (constructEvent, with Stripe's
 * default tolerance for the signed timestamp), then the event is applied in one transaction with its id.
 * A refused delivery is a security event: logged as a warning, without the body, and nothing changes.
 */
async function registerStripeWebhook(app: FastifyInstance, deps: AppDeps, stripeConfig: StripeConfig) {
  await app.register(async (scope) => {
    // this route alone reads its body as bytes: the signature covers them exactly
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const refuse = (reason: string) => {
        request.log.warn(
          { security: 'stripe_webhook_refused', reason, req: request },
          'refused a Stripe webhook',
        );
        return reply
          .status(HTTP_STATUS_FOR.validation_failed)
          .send({ reason: 'validation_failed', message: 'Invalid signature' });
      };
      if (typeof signature !== 'string' || signature === '') return refuse('missing signature');
      if (!Buffer.isBuffer(request.body)) return refuse('missing body');
      const stripe = await stripeClient(stripeConfig);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, stripeConfig.webhookSecret);
      } catch {
        return refuse('bad signature or timestamp');
      }
      // constructEvent refuses only old timestamps; one from the future is as suspect
      if (signedInTheFuture(signature, (await stripeSdk()).webhooks.DEFAULT_TOLERANCE))
        return refuse('timestamp in the future');
      const result = await processStripeEvent(deps, stripeConfig, event);
      const details = { stripeEvent: event.id, type: event.type, ...result };
      if (result.outcome === 'ignored' && result.reason !== 'unhandled_type') {
        request.log.warn(details, 'Stripe event ignored');
      } else {
        request.log.info(details, 'Stripe event handled');
      }
      return reply.send({ received: true });
    });
  });
}

/** True when a Stripe-Signature header's signed time (t=) lies more than `toleranceSeconds` ahead. */
export function signedInTheFuture(
  signature: string,
  toleranceSeconds: number,
  now: Date = new Date(),
): boolean {
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  return Number.isFinite(signedAt) && signedAt - now.getTime() / 1000 > toleranceSeconds;
}

/** The demo billing (no Stripe keys): pages of the signed-in person, in their language. */
async function registerDemoPages(app: FastifyInstance, deps: AppDeps, auth: Auth) {
  async function signedIn(request: FastifyRequest, reply: FastifyReply) {
    const session = await auth.api.getSession({ headers: toFetchHeaders(request.headers) });
    if (session) return { userId: session.user.id, locale: await languageOf(deps, session.user.id) };
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    await sendPage(reply, 401, locale, renderSignInNeeded(locale));
    return null;
  }

  await app.register(async (scope) => {
    // the pages' plain HTML forms
    acceptFormBodies(scope);

    scope.get<{ Querystring: Record<string, string> }>(DEMO_CHECKOUT_PATH, async (request, reply) => {
      const person = await signedIn(request, reply);
      if (!person) return reply;
      const input = CheckoutSchema.safeParse(request.query);
      if (!input.success) return sendPage(reply, 400, person.locale, renderBadRequest(person.locale));
      return sendPage(
        reply,
        200,
        person.locale,
        renderDemoCheckout(person.locale, {
          ...input.data,
          charge: await previewDemoCheckout(deps, person.userId, input.data),
        }),
      );
    });

    scope.post<{ Body: Record<string, string> }>(DEMO_CHECKOUT_PATH, async (request, reply) => {
      const person = await signedIn(request, reply);
      if (!person) return reply;
      const input = CheckoutSchema.safeParse(request.body);
      if (!input.success) return sendPage(reply, 400, person.locale, renderBadRequest(person.locale));
      if (request.body.action !== 'pay') {
        return reply.redirect(await checkoutReturnPathOf(deps, person.userId, 'cancelled'), 303);
      }
      try {
        await payDemoCheckout(deps, person.userId, input.data);
      } catch (error) {
        if (!(error instanceof AppError) || error.reason !== 'already_subscribed') throw error;
        request.log.warn(
          { userId: person.userId, reason: error.reason, ...input.data },
          'billing request refused',
        );
        return sendPage(
          reply,
          409,
          person.locale,
          renderDemoCheckout(person.locale, { ...input.data, charge: null }),
        );
      }
      return reply.redirect(await checkoutReturnPathOf(deps, person.userId, 'success'), 303);
    });

    scope.get(DEMO_PORTAL_PATH, async (request, reply) => {
      const person = await signedIn(request, reply);
      if (!person) return reply;
      return sendPage(
        reply,
        200,
        person.locale,
        renderDemoPortal(person.locale, await demoSubscriptionOf(deps, person.userId)),
      );
    });

    scope.post<{ Body: Record<string, string> }>(DEMO_PORTAL_PATH, async (request, reply) => {
      const person = await signedIn(request, reply);
      if (!person) return reply;
      const action = request.body.action;
      if (action === 'cancel') await cancelDemoSubscription(deps, person.userId);
      else if (action === 'renew') await resumeDemoSubscription(deps, person.userId);
      else return sendPage(reply, 400, person.locale, renderBadRequest(person.locale));
      return reply.redirect(DEMO_PORTAL_PATH, 303);
    });
  });
}

/**
 * The pages post their forms to this origin: with the app's usual Referrer-Policy (no-referrer) a browser
 * sends `Origin: null` with them, which the origin check refuses.
 */
function sendPage(reply: FastifyReply, status: number, locale: Locale, html: string) {
  return reply
    .status(status)
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('content-language', locale)
    .type('text/html; charset=utf-8')
    .send(html);
}
