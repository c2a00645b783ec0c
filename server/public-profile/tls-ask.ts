import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { serverPaths } from '../../src/routes.ts';
import { classifyHost, type HostRules } from '../lib/hosts.ts';

// Caddy's on-demand TLS (deploy/Caddyfile) asks, before it gets a certificate for a name it has not seen,
// whether this server answers that name: 200 yes, anything else no. Answered on the main address only (the
// card-host guard refuses /api elsewhere); Caddy asks over the compose network.

/** A name as a TLS client sends it (SNI): letters, digits, dots and hyphens, at most 253 characters. */
const SNI_NAME = /^[A-Za-z0-9.-]{1,253}$/;

/**
 * Whether this server answers `name` (the one host classifier decides): the main address, a custom domain
 * it serves or redirects (card-host.ts), a card subdomain whose username an account has now or held
 * before a rename (it redirects). A card subdomain costs one indexed read; the rest none.
 */
async function answersName(db: Kysely<Database>, rules: HostRules, name: unknown): Promise<boolean> {
  if (typeof name !== 'string' || !SNI_NAME.test(name)) return false;
  const host = classifyHost(name, rules);
  if (host.kind === 'custom') return true;
  // every other host outside CARD_DOMAIN is the main address to the classifier: only PUBLIC_URL's is ours
  if (host.kind === 'main') return name.toLowerCase().replace(/\.$/, '') === rules.publicHostname;
  if (host.kind === 'unknown') return false;
  const held = await db
    .selectFrom('usernames')
    .innerJoin('profiles', 'profiles.id', 'usernames.user_id')
    .select('usernames.username')
    .where('usernames.username', '=', host.username)
    .executeTakeFirst();
  return held !== undefined;
}

export function registerTlsAsk(app: FastifyInstance, db: Kysely<Database>, rules: HostRules): void {
  app.get<{ Querystring: { domain?: unknown } }>(serverPaths.tlsAsk, async (request, reply) => {
    const answered = await answersName(db, rules, request.query.domain);
    return reply
      .status(answered ? 200 : 403)
      .header('cache-control', 'no-store')
      .send();
  });
}
