import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_ANSWER_KEPT_BYTES, WEBHOOK_TIMEOUT_SECONDS } from '../../src/webhooks.ts';
import type { AllowedNetwork } from '../lib/address-lists.ts';

// Where a webhook may be sent. A URL's host is resolved when the request is made and
// every address it resolves to must be public unicast (no loopback, private, link-local and so the cloud
// metadata address 169.254.169.254, unique-local, CGNAT, multicast, unspecified, reserved, nor an IPv6
// form of those), unless it lies inside a network the operator allowed (WEBHOOK_ALLOWED_NETWORKS). The
// request then connects to the very address that was checked, so a DNS answer that changes in between
// (DNS rebinding) cannot send it elsewhere. Redirects are not followed: a 3xx is a failed delivery.

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses (injected: tests answer for it). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system's resolver, every address of the name. */
export const systemResolver: HostResolver = async (hostname) => {
  const addresses = await lookup(hostname, { all: true, verbatim: true });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** Why a target was refused (recorded as the delivery's error). */
export class TargetRefusedError extends Error {}

/** True when the address may receive a webhook: public unicast, or inside an allowed network. */
export function isAllowedAddress(address: string, allowed: readonly AllowedNetwork[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  // an IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it is
  const parsed = ipaddr.process(address);
  if (allowed.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits)))
    return true;
  return parsed.range() === 'unicast';
}

/** A URL's host without the brackets of an IPv6 literal. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The address a host is when it is an IP literal; null for a name. */
function literalAddress(host: string): ResolvedAddress | null {
  if (!ipaddr.isValid(host)) return null;
  return { address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 };
}

/** The first of `addresses` that may not be reached: one refuses the host, which could be answered with it next time. */
function refusedAmong(addresses: readonly ResolvedAddress[], allowed: readonly AllowedNetwork[]) {
  return addresses.find(({ address }) => !isAllowedAddress(address, allowed));
}

/** The checked address a URL's request goes to; throws TargetRefusedError when none may be reached. */
export async function resolveTarget(
  url: URL,
  resolveHost: HostResolver,
  allowed: readonly AllowedNetwork[],
): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TargetRefusedError('only http and https targets are allowed');
  const host = bareHost(url);
  const literal = literalAddress(host);
  const addresses = literal
    ? [literal]
    : await resolveHost(host).catch((error: unknown) => {
        throw new TargetRefusedError(`the host could not be resolved (${(error as Error).message})`);
      });
  const [first] = addresses;
  if (!first) throw new TargetRefusedError('the host has no address');
  const refused = refusedAmong(addresses, allowed);
  if (refused) throw new TargetRefusedError(`the host resolves to a forbidden address (${refused.address})`);
  return first;
}

/** How long saving an endpoint waits for its host's lookup before it saves without it. */
export const SAVE_LOOKUP_TIMEOUT_MS = 5_000;

/**
 * The address that refuses an endpoint's URL when it is saved, by the rule its deliveries apply
 * (resolveTarget): an IP literal that may not be reached, or a name resolving to one. Null when it may be
 * saved, and also when the name does not resolve now (unknown, the DNS failing or slower than
 * SAVE_LOOKUP_TIMEOUT_MS): a passing DNS failure must not make an endpoint unsavable, and every delivery
 * looks the name up again and refuses it then if it must.
 */
export async function refusedTargetAddress(
  url: string,
  resolveHost: HostResolver,
  allowed: readonly AllowedNetwork[],
  timeoutMs = SAVE_LOOKUP_TIMEOUT_MS,
): Promise<string | null> {
  const host = bareHost(new URL(url));
  const literal = literalAddress(host);
  if (literal) return refusedAmong([literal], allowed)?.address ?? null;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const addresses = await Promise.race([resolveHost(host).catch(() => null), timedOut]);
    return addresses ? (refusedAmong(addresses, allowed)?.address ?? null) : null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The TLS server name of an https request that connects to a checked address: the URL's host name, so the
 * certificate is checked against the name and not the address. An IP-literal host sends none (SNI carries
 * names only: Node warns, and the certificate is checked against the address, which is the host).
 */
export function tlsServerName(url: URL): { servername?: string } {
  if (url.protocol !== 'https:') return {};
  const host = bareHost(url);
  return ipaddr.isValid(host) ? {} : { servername: host };
}

/** What a target answered: its status, how long the answer took, and the start of its body. */
export interface TargetAnswer {
  status: number;
  ms: number;
  /** The first WEBHOOK_ANSWER_KEPT_BYTES of the body, as UTF-8 text. */
  body: string;
  /** The body was longer than what `body` holds. */
  truncated: boolean;
}

/** The most of an answer's body that is read: receivers only need to answer 2xx, and a log shows its start. */
const ANSWER_READ_MAX_BYTES = 64 * 1024;

/**
 * The start of an answer as text: a character cut at the end is left out, and NUL (which a PostgreSQL text
 * cannot hold, and a binary answer may have) shows as U+FFFD.
 */
export function answerText(start: Buffer): string {
  return new TextDecoder('utf-8').decode(start, { stream: true }).replaceAll('\u0000', '\uFFFD');
}

/**
 * POSTs `body` to `url` at the checked address, with a timeout of WEBHOOK_TIMEOUT_SECONDS over the whole
 * exchange. Throws TargetRefusedError for a forbidden target, another Error when the exchange failed.
 */
export async function postToTarget(
  url: URL,
  headers: Record<string, string>,
  body: string,
  resolveHost: HostResolver,
  allowed: readonly AllowedNetwork[],
): Promise<TargetAnswer> {
  const target = await resolveTarget(url, resolveHost, allowed);
  // the connection goes to the checked address whatever the name resolves to now
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const started = performance.now();
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<TargetAnswer>((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        ...tlsServerName(url),
        timeout: WEBHOOK_TIMEOUT_SECONDS * 1000,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_SECONDS * 1000),
      },
      (response) => {
        let read = 0;
        const kept: Buffer[] = [];
        const done = () => {
          const start = Buffer.concat(kept).subarray(0, WEBHOOK_ANSWER_KEPT_BYTES);
          resolve({
            status: response.statusCode ?? 0,
            ms: Math.round(performance.now() - started),
            body: answerText(start),
            truncated: read > WEBHOOK_ANSWER_KEPT_BYTES,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (read < WEBHOOK_ANSWER_KEPT_BYTES)
            kept.push(chunk.subarray(0, WEBHOOK_ANSWER_KEPT_BYTES - read));
          read += chunk.length;
          if (read > ANSWER_READ_MAX_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_SECONDS} s`)));
    request.on('error', reject);
    request.end(body);
  });
}
