import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// Lists of addresses the settings name (server/config.ts): networks webhooks may reach, and the DNS
// servers that answer the custom domains' proofs.

/** A network in CIDR notation, parsed. */
export type AllowedNetwork = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses a comma-separated list of CIDRs; throws naming the first that is not one. */
export function parseNetworks(list: string): AllowedNetwork[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((cidr) => {
      if (!ipaddr.isValidCIDR(cidr)) throw new Error(`"${cidr}" is not a network in CIDR notation`);
      return ipaddr.parseCIDR(cidr);
    });
}

/**
 * Parses DNS_SERVERS: comma-separated addresses, each an IPv4 or IPv6 address with an optional port
 * (`1.1.1.1`, `127.0.0.1:5353`, `::1`, `[::1]:5353`); throws naming the first that is not one.
 */
export function parseDnsServers(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((server) => {
      const match = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server) ?? /^([^:]+)(?::(\d{1,5}))?$/.exec(server);
      const address = match?.[1] ?? server;
      const port = match?.[2];
      const valid =
        (match ? isIP(address) !== 0 : isIP(server) === 6) &&
        (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
      if (!valid) throw new Error(`"${server}" is not an IP address with an optional port`);
      return server;
    });
}
