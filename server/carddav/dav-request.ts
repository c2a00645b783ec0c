import { XMLParser } from 'fast-xml-parser';

// What a CardDAV client asks, read from the XML body of a PROPFIND or REPORT (fast-xml-parser). Names are
// read without their namespace prefixes: every property this responder knows has one name in one
// namespace, and one it does not know is answered as not found whatever its namespace.

/** The properties a request names, or all of them (an empty PROPFIND body, or <allprop/>). */
export type RequestedProps = ReadonlySet<string> | 'all';

export type DavRequest =
  | { kind: 'propfind'; props: RequestedProps }
  | { kind: 'multiget'; props: RequestedProps; hrefs: string[] }
  | { kind: 'query'; props: RequestedProps }
  | { kind: 'unsupported' };

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  // an element named once is still a list where lists are expected (hrefs)
  isArray: (name) => name === 'href',
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type Element = Record<string, unknown>;

const isElement = (value: unknown): value is Element => typeof value === 'object' && value !== null;

function propsOf(element: Element | undefined): RequestedProps {
  if (!element || 'allprop' in element || !isElement(element.prop)) return 'all';
  return new Set(Object.keys(element.prop));
}

/** The request in a body; an unreadable one is read as what an empty one asks (RFC 4918: all properties). */
export function readDavRequest(body: string | undefined): DavRequest {
  let document: unknown = {};
  if (body?.trim()) {
    try {
      document = parser.parse(body);
    } catch {
      return { kind: 'unsupported' };
    }
  }
  if (!isElement(document)) return { kind: 'unsupported' };
  const propfind = document.propfind;
  if (propfind !== undefined || Object.keys(document).length === 0) {
    return { kind: 'propfind', props: propsOf(isElement(propfind) ? propfind : undefined) };
  }
  const multiget = document['addressbook-multiget'];
  if (isElement(multiget)) {
    const hrefs = Array.isArray(multiget.href) ? multiget.href.map(String) : [];
    return { kind: 'multiget', props: propsOf(multiget), hrefs };
  }
  const query = document['addressbook-query'];
  if (isElement(query) || query === '')
    return { kind: 'query', props: propsOf(isElement(query) ? query : undefined) };
  return { kind: 'unsupported' };
}
