import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { rememberAnswers } from '../lib/cache.ts';
import type { VcfFile } from './cache.ts';

// What the page cache keeps of a rendered page: the gzip bytes as sent, made once, not per request. Every
// browser accepts gzip, and the page shrinks to about a third (a phone on a slow network feels it). Only
// the gzip copy is kept: the plain one would triple what a full cache holds, for the rare client that
// takes no gzip (a script, a crawler), which gets the page unzipped on its request.

export interface RenderedPage {
  gzip: Buffer;
  /** Weak: the plain and the gzip bytes are the same page. */
  etag: string;
  /**
   * The whole header block of a 200 answer with each body, as name/value pairs for writeHead: made once,
   * so a view costs no per-header work (each header set through the framework costs a microsecond).
   */
  headers: { plain: string[]; gzip: string[] };
}

/** A page made from its HTML and the headers every answer with it carries (besides its length and ETag). */
export function renderedPage(html: string, headers: Record<string, string>): RenderedPage {
  const body = Buffer.from(html);
  const gzip = ownCopy(gzipSync(body, { level: 9 }));
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
  const common = Object.entries({ ...headers, etag }).flat();
  return {
    gzip,
    etag,
    headers: {
      plain: [...common, 'content-length', String(body.length)],
      gzip: [...common, 'content-encoding', 'gzip', 'content-length', String(gzip.length)],
    },
  };
}

/** A 200 answer with the page, gzipped when the request's Accept-Encoding allows it, else plain. */
export function writePage(response: ServerResponse, acceptEncoding: string | undefined, page: RenderedPage) {
  const gzip = acceptsGzip(acceptEncoding);
  response.writeHead(200, gzip ? page.headers.gzip : page.headers.plain);
  // the plain bytes are made again for the rare client that takes no gzip
  response.end(gzip ? page.gzip : gunzipSync(page.gzip));
}

/** A 200 answer with a card's .vcf. */
export function writeVcf(response: ServerResponse, vcf: VcfFile) {
  response.writeHead(200, vcf.headers);
  response.end(vcf.body);
}

/**
 * The bytes in a memory block of their own size: zlib's output is a slice of a 16 kB block, which a kept
 * page of 4 kB would otherwise hold on to whole.
 */
function ownCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** True when If-None-Match names this ETag. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  return header !== undefined && header.split(',').some((value) => value.trim() === etag);
}

/** Browsers send a handful of different Accept-Encoding values: each is read once. */
const gzipAnswer = rememberAnswers(parseAcceptsGzip, 200);

/** True when Accept-Encoding allows gzip (named, or through *, and not with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  return header ? gzipAnswer(header) : false;
}

function parseAcceptsGzip(header: string): boolean {
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(?:\.0*)?\s*$/.test(param));
    return (coding.trim() === 'gzip' || coding.trim() === '*') && !refused;
  });
}
