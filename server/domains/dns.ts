import { Resolver } from 'node:dns/promises';
import {
  verificationRecordName,
  verificationRecordValue,
  type DomainCheckFailure,
} from '../../src/domains.ts';

// The DNS side of custom domains: the TXT lookup that proves a domain, through a resolver the app is
// given (tests answer for it), by default node's own, asking DNS_SERVERS when the operator set them.

/**
 * Looks up the TXT records of a name, as node's resolveTxt does: each record as its strings. A name
 * without TXT records answers [] or throws ENODATA / ENOTFOUND; any other failure means no answer.
 */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** How long one query waits for a server, and how often it is sent, before the lookup fails. */
const QUERY_TIMEOUT_MS = 3_000;
const QUERY_TRIES = 2;

/** Node's resolver; with `servers` (DNS_SERVERS) it asks those instead of the system's. */
export function dnsTxtResolver(servers: readonly string[]): TxtResolver {
  const resolver = new Resolver({ timeout: QUERY_TIMEOUT_MS, tries: QUERY_TRIES });
  if (servers.length > 0) resolver.setServers(servers);
  return (name) => resolver.resolveTxt(name);
}

/** What node's resolver throws for a name that exists without TXT records, or does not exist. */
const NO_RECORD_CODES = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * Why `domain` is not proved to hold `token`, or null when one of its TXT records at
 * `_tapcard-verify.{domain}` holds exactly `tapcard-verify={token}` (a record split in strings is
 * read joined, as DNS software splits long values).
 */
export async function verificationFailure(
  resolveTxt: TxtResolver,
  domain: string,
  token: string,
): Promise<DomainCheckFailure | null> {
  let records: string[][];
  try {
    records = await resolveTxt(verificationRecordName(domain));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && NO_RECORD_CODES.has(code) ? 'record_missing' : 'lookup_failed';
  }
  if (records.length === 0) return 'record_missing';
  const expected = verificationRecordValue(token);
  return records.some((strings) => strings.join('').trim() === expected) ? null : 'record_mismatch';
}
