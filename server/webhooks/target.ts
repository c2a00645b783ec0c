import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_TIMEOUT_SECONDS } from '../../src/webhooks.ts';
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

/** The checked address a URL's request goes to; throws TargetRefusedError when none may be reached. */
export async function resolveTarget(
  url: URL,
  resolveHost: HostResolver,
  allowed: readonly AllowedNetwork[],
): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TargetRefusedError('only http and https targets are allowed');
  const host = bareHost(url);
  const addresses = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 } as const]
    : await resolveHost(host).catch((error: unknown) => {
        throw new TargetRefusedError(`the host could not be resolved (${(error as Error).message})`);
      });
  const [first] = addresses;
  if (!first) throw new TargetRefusedError('the host has no address');
  // one forbidden address refuses the host: the name could be answered with it next time
  const refused = addresses.find(({ address }) => !isAllowedAddress(address, allowed));
  if (refused) throw new TargetRefusedError(`the host resolves to a forbidden address (${refused.address})`);
  return first;
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

/** What a target answered: its status and how long the answer took. */
export interface TargetAnswer {
  status: number;
  ms: number;
}

/** The most of an answer's body that is read (and then dropped): receivers only need to answer 2xx. */
const ANSWER_READ_MAX_BYTES = 64 * 1024;

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
        const done = () =>
          resolve({ status: response.statusCode ?? 0, ms: Math.round(performance.now() - started) });
        response.on('data', (chunk: Buffer) => {
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
