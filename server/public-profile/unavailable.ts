import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type Locale } from '../../src/i18n.ts';
import { TAPCARD_BRANDING, type Branding } from '../branding/branding.ts';
import { pageLocale } from './texts.ts';

// The small page that stands in for a card or short link that cannot be shown (unknown, offline, or not
// loadable right now), in the visitor's language, with the same headers wherever it is sent.

/** Seconds a client should wait before retrying a page that could not be loaded. */
const RETRY_AFTER_SECONDS = 30;

export type UnavailablePageSender<S extends number> = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: S,
  /** The language of the owner, when known: the page's language if the visitor asks for none of ours. */
  ownerLanguage?: Locale,
  /**
   * Whose brand the page carries when it is sent for a white-label account (server/branding/branding.ts); a
   * brand still being read is waited for, and Tapcard's stands in when it cannot be read.
   */
  branding?: Branding | Promise<Branding>,
) => FastifyReply | Promise<FastifyReply>;

/**
 * Sends the page `render` makes: Tapcard's rendered once per language and status, a customer's (white
 * label: few pages, each with its own name and logo) each time.
 */
export function unavailablePageSender<S extends number>(
  render: (locale: Locale, status: S, branding: Branding) => string,
): UnavailablePageSender<S> {
  const pages = new Map<string, Buffer>();
  const send: UnavailablePageSender<S> = (
    request,
    reply,
    status,
    ownerLanguage = DEFAULT_LOCALE,
    branding = TAPCARD_BRANDING,
  ) => {
    if (branding instanceof Promise) {
      return branding
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'the brand of a page could not be read');
          return TAPCARD_BRANDING;
        })
        .then((read) => send(request, reply, status, ownerLanguage, read));
    }
    const locale = pageLocale(request.headers['accept-language'], ownerLanguage);
    const key = `${locale}|${status}|${branding.kind === 'tapcard' && branding.adFree ? 'ad-free' : ''}`;
    let html = branding.kind === 'tapcard' ? pages.get(key) : undefined;
    if (!html) {
      html = Buffer.from(render(locale, status, branding));
      if (branding.kind === 'tapcard') pages.set(key, html);
    }
    reply
      .status(status)
      // a temporary state: nobody keeps it, and search engines leave it out
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('content-language', locale)
      .header('vary', 'accept-language');
    if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.type('text/html; charset=utf-8').send(html);
  };
  return send;
}
