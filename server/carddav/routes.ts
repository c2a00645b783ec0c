import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CARDDAV_CONTACT_FILE,
  carddavBookPath,
  carddavContactPath,
  carddavPrincipalPath,
} from '../../src/carddav.ts';
import { serverPaths } from '../../src/routes.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import type { VcfFile } from '../public-profile/cache.ts';
import type { PublicCardAnswers } from '../public-profile/routes.ts';
import { pageBranding, pageFeatures } from '../public-profile/service.ts';
import { renderSubscribePage } from '../public-profile/render.ts';
import { pageLocale } from '../public-profile/texts.ts';
import { vcfContentDisposition } from '../public-profile/vcf.ts';
import { appleContactsProfile } from './apple-profile.ts';
import { readDavRequest, type DavRequest } from './dav-request.ts';
import { href, multistatus, xmlText, type DavResource } from './multistatus.ts';
import { principalCardOf } from './service.ts';

// Contacts that stay current: a read-only CardDAV server (RFC 6352) with one address book per card, which
// iPhone, macOS Contacts and Thunderbird subscribe to, so a saved contact shows the owner's new number or
// job. Public, like the card's page and its .vcf: the contact is the very file Save contact gives, its
// ETag (and the address book's getctag) the file's hash, so a changed card is a changed ETag. A card whose
// page is not shown answers as its page does (the paused or offline page), and a contacts app keeps what it
// had. Nothing can be written (405). Paths (src/carddav.ts):
//
//   /.well-known/carddav                        → /carddav/ (RFC 6764)
//   /carddav/                                   the service: names the principal of the user name given
//   /carddav/{card id}/                         the card's principal, the home of its address book
//   /carddav/{card id}/book/                    the address book (PROPFIND, REPORT multiget and query)
//   /carddav/{card id}/book/contact.vcf         the contact (GET, HEAD, PROPFIND)

const XML_BODY_MAX_BYTES = 64 * 1024;
const DAV_HEADERS = { dav: '1, 3, addressbook', allow: 'OPTIONS, GET, HEAD, PROPFIND, REPORT' };
const MULTISTATUS_TYPE = 'application/xml; charset=utf-8';
const READ_ONLY = '<d:privilege><d:read/></d:privilege>';

/** The ETag of a contact file (and the address book's ctag): its bytes' hash, quoted. */
const etags = new WeakMap<VcfFile, string>();
function etagOf(vcf: VcfFile): string {
  let etag = etags.get(vcf);
  if (!etag) {
    etag = `"${createHash('sha256').update(vcf.body).digest('base64url').slice(0, 27)}"`;
    etags.set(vcf, etag);
  }
  return etag;
}

/** The user name of a Basic Authorization header (the password is not read: the card is public). */
function basicUserName(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  const name = decoded.split(':', 1)[0]?.trim();
  return name || null;
}

/** The decoded path a multiget href names (a path, or a URL of any host); null for one naming none. */
function pathOfHref(href: string): string | null {
  try {
    return decodeURIComponent(new URL(href, 'http://host').pathname);
  } catch {
    return null;
  }
}

function depthOf(request: FastifyRequest): 0 | 1 {
  return request.headers.depth === '0' ? 0 : 1;
}

function principalResource(vcardId: string, name: string): DavResource {
  const self = href(carddavPrincipalPath(vcardId));
  return {
    href: carddavPrincipalPath(vcardId),
    props: {
      resourcetype: { ns: 'd', xml: '<d:collection/><d:principal/>' },
      displayname: { ns: 'd', xml: xmlText(name) },
      'current-user-principal': { ns: 'd', xml: self },
      'principal-URL': { ns: 'd', xml: self },
      'addressbook-home-set': { ns: 'card', xml: self },
      'current-user-privilege-set': { ns: 'd', xml: READ_ONLY },
    },
  };
}

function bookResource(vcardId: string, name: string, etag: string): DavResource {
  return {
    href: carddavBookPath(vcardId),
    props: {
      resourcetype: { ns: 'd', xml: '<d:collection/><card:addressbook/>' },
      displayname: { ns: 'd', xml: xmlText(name) },
      getctag: { ns: 'cs', xml: xmlText(etag) },
      getetag: { ns: 'd', xml: xmlText(etag) },
      'current-user-privilege-set': { ns: 'd', xml: READ_ONLY },
      'supported-report-set': {
        ns: 'd',
        xml: ['addressbook-multiget', 'addressbook-query']
          .map((report) => `<d:supported-report><d:report><card:${report}/></d:report></d:supported-report>`)
          .join(''),
      },
      'supported-address-data': {
        ns: 'card',
        xml: '<card:address-data-type content-type="text/vcard" version="3.0"/>',
      },
    },
  };
}

function contactResource(vcardId: string, vcf: VcfFile): DavResource {
  return {
    href: carddavContactPath(vcardId),
    props: {
      resourcetype: { ns: 'd', xml: '' },
      getetag: { ns: 'd', xml: xmlText(etagOf(vcf)) },
      getcontenttype: { ns: 'd', xml: 'text/vcard; charset=utf-8' },
      getcontentlength: { ns: 'd', xml: String(vcf.body.length) },
      // a vCard's lines end in CRLF, which XML would read as LF: the CR is written as a reference
      'address-data': { ns: 'card', xml: xmlText(vcf.body.toString('utf8')).replaceAll('\r', '&#13;') },
    },
    onRequestOnly: new Set(['address-data']),
  };
}

function sendMultistatus(reply: FastifyReply, xml: string) {
  return reply.status(207).headers(DAV_HEADERS).header('content-type', MULTISTATUS_TYPE).send(xml);
}

type CardAnswers = Pick<PublicCardAnswers, 'shownCardOrAnswer' | 'contactFileOf'>;

/** The card's contact, or null once its page's answer (unavailable, redirected, unknown) is sent. */
async function contactOrAnswer(cards: CardAnswers, request: FastifyRequest, reply: FastifyReply) {
  const shown = await cards.shownCardOrAnswer(request, reply);
  if (!shown) return null;
  const vcf = await cards.contactFileOf(request, shown);
  return { vcardId: shown.card.vcardId, name: shown.card.name, vcf, entry: shown.entry };
}

type CardContact = NonNullable<Awaited<ReturnType<typeof contactOrAnswer>>>;
type ContactAnswer = (
  contact: CardContact,
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | Promise<FastifyReply>;

/** A route handler that answers with the card's contact, or with its page's answer when there is none. */
function withContact(cards: CardAnswers, answer: ContactAnswer) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const contact = await contactOrAnswer(cards, request, reply);
    if (!contact) return reply;
    return answer(contact, request, reply);
  };
}

const bodyOf = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : undefined);

/** Both spellings of a collection's path: with its slash and without (clients differ). */
const collection = (path: string) => [path, path.slice(0, -1)];

/** PROPFIND of the service's root (`root`): names the principal of the user name given, else asks for one. */
async function propfindService(
  db: AppDeps['db'],
  root: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const userName = basicUserName(request);
  const vcardId = userName && (await principalCardOf(db, userName));
  if (!vcardId) {
    return reply
      .status(401)
      .header('www-authenticate', 'Basic realm="Tapcard contacts", charset="UTF-8"')
      .send();
  }
  const dav = readDavRequest(bodyOf(request));
  if (dav.kind !== 'propfind') return reply.status(400).send();
  const principal = href(carddavPrincipalPath(vcardId));
  const resource: DavResource = {
    href: root,
    props: {
      resourcetype: { ns: 'd', xml: '<d:collection/>' },
      'current-user-principal': { ns: 'd', xml: principal },
      'principal-URL': { ns: 'd', xml: principal },
    },
  };
  return sendMultistatus(reply, multistatus([resource], dav.props));
}

/** PROPFIND of the card's principal (and, at depth 1, of its address book). */
const propfindPrincipal: ContactAnswer = (contact, request, reply) => {
  const dav = readDavRequest(bodyOf(request));
  if (dav.kind !== 'propfind') return reply.status(400).send();
  const resources = [principalResource(contact.vcardId, contact.name)];
  if (depthOf(request) === 1) {
    resources.push(bookResource(contact.vcardId, contact.name, etagOf(contact.vcf)));
  }
  return sendMultistatus(reply, multistatus(resources, dav.props));
};

/** PROPFIND of the address book (and, at depth 1, of its contact), or its REPORT query or multiget. */
const answerBook: ContactAnswer = ({ vcardId, name, vcf }, request, reply) => {
  const dav: DavRequest = readDavRequest(bodyOf(request));
  const book = bookResource(vcardId, name, etagOf(vcf));
  const file = contactResource(vcardId, vcf);
  if (request.method === 'PROPFIND' && dav.kind === 'propfind') {
    const resources = depthOf(request) === 1 ? [book, file] : [book];
    return sendMultistatus(reply, multistatus(resources, dav.props));
  }
  if (request.method === 'REPORT' && dav.kind === 'query') {
    return sendMultistatus(reply, multistatus([file], dav.props));
  }
  if (request.method === 'REPORT' && dav.kind === 'multiget') {
    // a client names the contact by its path, or by a full URL of this server; an href that is
    // no URL or path (`http://[`, a lone `%`) is named missing, as any other that is not the contact
    const asked = dav.hrefs.map((each) => ({ href: each, path: pathOfHref(each) }));
    const found = asked.some(({ path }) => path === file.href);
    const missing = asked.filter(({ path }) => path !== file.href).map(({ path, href }) => path ?? href);
    return sendMultistatus(reply, multistatus(found ? [file] : [], dav.props, missing));
  }
  return reply.status(dav.kind === 'unsupported' ? 403 : 400).send();
};

/** The contact file: its bytes (GET, HEAD; 304 when the client's ETag is current) or its properties. */
const answerContact: ContactAnswer = (contact, request, reply) => {
  const etag = etagOf(contact.vcf);
  if (request.method === 'PROPFIND') {
    const dav = readDavRequest(bodyOf(request));
    if (dav.kind !== 'propfind') return reply.status(400).send();
    return sendMultistatus(reply, multistatus([contactResource(contact.vcardId, contact.vcf)], dav.props));
  }
  if (request.headers['if-none-match'] === etag) return reply.status(304).header('etag', etag).send();
  return reply
    .header('content-type', 'text/vcard; charset=utf-8')
    .header('etag', etag)
    .header('cache-control', 'no-cache')
    .send(contact.vcf.body);
};

/** The card's subscribe page, in the visitor's language. */
function sendSubscribePage(
  publicUrl: string,
  contact: CardContact,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { profile } = contact.entry;
  const locale = pageLocale(request.headers['accept-language'], profile.language);
  const html = renderSubscribePage({
    locale,
    card: { ...profile.card, vcardId: contact.vcardId },
    publicUrl,
    design: pageFeatures(profile).design,
    branding: pageBranding(profile, false),
  });
  return reply
    .header('cache-control', 'no-cache')
    .header('content-language', locale)
    .header('vary', 'accept-language')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The configuration profile that subscribes an Apple device to the card's address book. */
function sendAppleProfile(publicUrl: string, contact: CardContact, reply: FastifyReply) {
  const profile = appleContactsProfile({ publicUrl, vcardId: contact.vcardId, name: contact.name });
  return reply
    .header('content-type', 'application/x-apple-aspen-config')
    .header('content-disposition', vcfContentDisposition(contact.name, 'mobileconfig'))
    .header('cache-control', 'no-cache')
    .send(profile);
}

export async function registerCardDavRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  cards: CardAnswers,
): Promise<void> {
  app.addHttpMethod('PROPFIND', { hasBody: true });
  app.addHttpMethod('REPORT', { hasBody: true });
  const root = `${serverPaths.carddav}/`;

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/xml', 'text/xml'],
      { parseAs: 'string', bodyLimit: XML_BODY_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    scope.route({
      method: ['GET', 'PROPFIND'],
      url: serverPaths.carddavWellKnown,
      handler: (_request, reply) => reply.redirect(root, 301),
    });

    for (const url of [root, `${root}*`]) {
      scope.route({
        method: 'OPTIONS',
        url,
        handler: (_request, reply) => reply.status(204).headers(DAV_HEADERS).send(),
      });
    }

    // the service's root: a contacts app set up with the host alone asks it whose principal it is
    for (const url of collection(root)) {
      scope.route({
        method: 'PROPFIND',
        url,
        handler: (request, reply) => propfindService(deps.db, root, request, reply),
      });
    }

    for (const url of collection(`${serverPaths.carddav}/:vcardId/`)) {
      scope.route({ method: 'PROPFIND', url, handler: withContact(cards, propfindPrincipal) });
    }

    for (const url of collection(`${serverPaths.carddav}/:vcardId/book/`)) {
      scope.route({ method: ['PROPFIND', 'REPORT'], url, handler: withContact(cards, answerBook) });
    }

    scope.route({
      method: ['GET', 'HEAD', 'PROPFIND'],
      url: `${serverPaths.carddav}/:vcardId/book/${CARDDAV_CONTACT_FILE}`,
      handler: withContact(cards, answerContact),
    });

    // the card's subscribe page, and the profile that subscribes an Apple device in one install
    scope.get(
      `${serverPaths.vcardPage}/:vcardId/subscribe`,
      withContact(cards, (contact, request, reply) =>
        sendSubscribePage(deps.config.publicUrl, contact, request, reply),
      ),
    );
    scope.get(
      `${serverPaths.vcardPage}/:vcardId/contacts.mobileconfig`,
      withContact(cards, (contact, _request, reply) =>
        sendAppleProfile(deps.config.publicUrl, contact, reply),
      ),
    );
  });
}
