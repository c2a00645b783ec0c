import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '../../src/i18n.ts';
import type { LeadPostAnswer } from '../../src/lead-form.ts';
import { serverPaths } from '../../src/routes.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { acceptFormBodies } from '../lib/form-body.ts';
import { hostBranding, onCustomDomain, servesOwner } from './card-host.ts';
import { renderUnavailablePage } from './render.ts';
import {
  findProfileByVcardId,
  isVcardId,
  pageBranding,
  pageFeatures,
  type PublicProfile,
} from './service.ts';
import { pageLocale } from './texts.ts';
import { unavailablePageSender } from './unavailable.ts';
import { captureLead, LEAD_FORM_FIELDS, takesLeads, type LeadOutcome } from '../leads/capture.ts';
import type { LeadFormKit } from '../leads/form-kit.ts';
import { leadFormElementHtml } from '../leads/form.ts';
import {
  leadNoteHtml,
  renderLeadFormPage,
  renderLeadNotePage,
  type LeadNote,
  type LeadPageContext,
} from './lead-pages.ts';

// The post of a card's "Share your contact back" form (server/leads/capture.ts), on every address the card
// is served on. A plain form post, no script needed: the answer is a page (the form again, or a note), and
// a lead that is stored is answered with a redirect to the thank-you page, so reloading it sends nothing
// twice. Public pages send no referrer, so a browser posts with `Origin: null`: taken, as a post with no
// Origin, only with the page's form token; a post from another site's page is refused. The form's script
// (web/lead-form.ts) sends the same post asking for JSON: the answer is then the HTML that takes the form's
// place on the card's page (the form again, or the note), with the same status.

/** The form's fields are short: anything larger is no post of this form. */
const LEAD_BODY_LIMIT = 16 * 1024;

const NO_STORE = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

/** The status of each note a post can end with (a stored lead's, for the form's script). */
const NOTE_STATUS: Record<LeadNote, number> = { sent: 200, refused: 403, closed: 403, rate_limited: 429 };

/** The form's script asks for JSON; a plain post (a browser's) accepts HTML. */
function wantsJson(request: FastifyRequest): boolean {
  return /^application\/json\b/.test(request.headers.accept ?? '');
}

export async function registerLeadRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  security: Record<string, string>,
  forms: LeadFormKit,
): Promise<void> {
  const publicOrigin = new URL(deps.config.publicUrl).origin;
  const sendUnknown = unavailablePageSender<404 | 503>((locale, status, branding) =>
    renderUnavailablePage(locale, status, branding),
  );

  /** Posted from a page of this server (the main address or the host it came in on), or with no Origin. */
  function fromOwnPage(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    if (origin === undefined || origin === 'null') return true;
    try {
      const url = new URL(origin);
      return url.origin === publicOrigin || url.host === request.headers.host;
    } catch {
      return false;
    }
  }

  /** The card's page on the host the request came in on: a card subdomain serves it at its root. */
  function cardPathOf(request: FastifyRequest, vcardId: string): string {
    const host = request.cardHost;
    return host && host.domain === null ? '/' : `${serverPaths.vcardPage}/${vcardId}`;
  }

  function contextOf(request: FastifyRequest, profile: PublicProfile, locale: Locale): LeadPageContext {
    const { card } = profile;
    return {
      vcardId: card.vcardId ?? '',
      cardName: card.name,
      settings: card.leadForm,
      locale,
      colours: card.colours,
      design: pageFeatures(profile).design,
      branding: pageBranding(profile, onCustomDomain(request)),
      cardPath: cardPathOf(request, card.vcardId ?? ''),
      scriptPath: forms.scriptPath,
    };
  }

  function sendHtml(reply: FastifyReply, status: number, locale: Locale, html: string) {
    return reply
      .status(status)
      .headers(security)
      .headers(NO_STORE)
      .header('content-language', locale)
      .type('text/html; charset=utf-8')
      .send(html);
  }

  /** The card a lead path names, when this host serves it; else the answer has been sent. */
  async function cardOf(request: FastifyRequest, reply: FastifyReply, vcardId: string) {
    let profile: PublicProfile | null;
    try {
      profile = isVcardId(vcardId) ? await findProfileByVcardId(deps.db, vcardId) : null;
    } catch (error) {
      request.log.error({ err: error }, 'the card of a lead post could not be loaded');
      await sendUnknown(request, reply, 503, undefined, hostBranding(deps.db, request.cardHost));
      return null;
    }
    if (!profile || !servesOwner(request, profile.userId)) {
      await sendUnknown(request, reply, 404, undefined, hostBranding(deps.db, request.cardHost));
      return null;
    }
    return profile;
  }

  /** The outcome as a page, or for the form's script as the HTML in the form's place. */
  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    context: LeadPageContext,
    outcome: LeadOutcome,
  ) {
    const asJson = wantsJson(request);
    if (outcome.kind === 'sent' && !asJson)
      return reply.redirect(`${serverPaths.vcardPage}/${context.vcardId}/lead`, 303);
    if (outcome.kind === 'form') {
      const { token, values, errors, notice, consentTicked } = outcome;
      const form = { token, values, errors, notice, consentTicked };
      return asJson
        ? sendJson(reply, 422, { kind: 'form', html: leadFormElementHtml({ ...context, ...form }) })
        : sendHtml(reply, 422, context.locale, renderLeadFormPage(context, form));
    }
    const status = NOTE_STATUS[outcome.kind];
    if (outcome.kind === 'rate_limited') reply.header('retry-after', '3600');
    return asJson
      ? sendJson(reply, status, { kind: outcome.kind, html: leadNoteHtml(context, outcome.kind) })
      : sendHtml(reply, status, context.locale, renderLeadNotePage(context, outcome.kind));
  }

  function sendJson(reply: FastifyReply, status: number, body: LeadPostAnswer) {
    return reply.status(status).headers(security).headers(NO_STORE).send(body);
  }

  await app.register(async (scope) => {
    acceptFormBodies(scope, LEAD_BODY_LIMIT);

    scope.post<{ Params: { vcardId: string } }>(
      `${serverPaths.vcardPage}/:vcardId/lead`,
      { bodyLimit: LEAD_BODY_LIMIT },
      async (request, reply) => {
        const profile = await cardOf(request, reply, request.params.vcardId);
        if (!profile) return reply;
        const fields = stringFields(request.body);
        const posted = fields[LEAD_FORM_FIELDS.language];
        const locale = isLocale(posted)
          ? posted
          : pageLocale(request.headers['accept-language'], profile.language);
        const context = contextOf(request, profile, locale);
        if (!fromOwnPage(request)) {
          request.log.warn({ origin: request.headers.origin }, 'refused a lead posted from another site');
          return answer(request, reply, context, { kind: 'refused' });
        }
        const outcome = await captureLead(deps, forms.tokens, profile, fields, request.ip);
        return answer(request, reply, context, outcome);
      },
    );

    // where a stored lead's post leads (303): the thank-you page, in the visitor's language
    scope.get<{ Params: { vcardId: string } }>(
      `${serverPaths.vcardPage}/:vcardId/lead`,
      async (request, reply) => {
        const profile = await cardOf(request, reply, request.params.vcardId);
        if (!profile) return reply;
        const locale = pageLocale(request.headers['accept-language'], profile.language);
        const context = contextOf(request, profile, locale);
        return takesLeads(profile)
          ? sendHtml(reply, 200, locale, renderLeadNotePage(context, 'sent'))
          : sendHtml(reply, 403, locale, renderLeadNotePage(context, 'closed'));
      },
    );
  });
}

/** A posted body's string fields (a form's, or a JSON object's); anything else is left out. */
function stringFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
