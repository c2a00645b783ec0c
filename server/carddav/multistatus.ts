import type { RequestedProps } from './dav-request.ts';

// WebDAV's 207 Multi-Status answer (RFC 4918) with CardDAV's properties (RFC 6352) and CalendarServer's
// getctag, which contacts apps compare before they read an address book again. Written as text: a few
// fixed elements around escaped values.

const NAMESPACES = {
  d: 'DAV:',
  card: 'urn:ietf:params:xml:ns:carddav',
  cs: 'http://calendarserver.org/ns/',
} as const;

type Prefix = keyof typeof NAMESPACES;

/** A property's value: its namespace and its content as XML (text in it escaped with xmlText). */
export interface DavProp {
  ns: Prefix;
  xml: string;
}

export interface DavResource {
  href: string;
  /** By the property's local name. */
  props: Readonly<Record<string, DavProp>>;
  /** Sent only when asked for by name, never for allprop (RFC 6352: address-data is costly). */
  onRequestOnly?: ReadonlySet<string>;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function xmlText(value: string): string {
  return value.replace(/[&<>"]/g, (char) => XML_ESCAPES[char] ?? char);
}

export const href = (path: string) => `<d:href>${xmlText(path)}</d:href>`;

function propXml(name: string, { ns, xml }: DavProp): string {
  return xml === '' ? `<${ns}:${name}/>` : `<${ns}:${name}>${xml}</${ns}:${name}>`;
}

function responseXml(resource: DavResource, requested: RequestedProps): string {
  const names = Object.keys(resource.props).filter((name) =>
    requested === 'all' ? !resource.onRequestOnly?.has(name) : requested.has(name),
  );
  const found = names.map((name) => propXml(name, resource.props[name] as DavProp)).join('');
  const propstat = `<d:propstat><d:prop>${found}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>`;
  return `<d:response>${href(resource.href)}${propstat}</d:response>`;
}

/** The answer for `resources`, with what is asked of each, and a 404 for each of `missing` (hrefs). */
export function multistatus(
  resources: readonly DavResource[],
  requested: RequestedProps,
  missing: readonly string[] = [],
): string {
  const xmlns = Object.entries(NAMESPACES)
    .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
    .join(' ');
  const notFound = missing.map(
    (path) => `<d:response>${href(path)}<d:status>HTTP/1.1 404 Not Found</d:status></d:response>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus ${xmlns}>${resources
    .map((resource) => responseXml(resource, requested))
    .join('')}${notFound.join('')}</d:multistatus>`;
}
