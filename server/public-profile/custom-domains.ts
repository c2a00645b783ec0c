import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AvailabilityFacts } from '../../src/plans.ts';
import { PLAN_FACT_COLUMNS } from '../access/plan-gate.ts';
import type { ChangeBus } from '../lib/changes.ts';

// The custom domains this server answers (docs/decisions/017-hosts-classified-exactly.md), held in
// process so that classifyHost (server/lib/hosts.ts) stays synchronous: read whole at start, and again on every
// 'domains' notice (an owner added, checked or removed one) and on a reset of the change bus. A few rows an
// account at most, so reading them all again is simpler than patching and cheap.

/** A custom domain that answers: its account's cards, or (removed) a redirect to the main address. */
export interface CustomDomain {
  readonly userId: string;
  /** A team's account: its root is the directory of the team's cards. */
  readonly team: boolean;
  /** The account's username; null for a team's account, and for a person who has not chosen one yet. */
  readonly username: string | null;
  /** Removed by its owner: every path leads to the same one on the main address. */
  readonly removed: boolean;
  /** The account's plan facts as read with the domain (a team's account: its owner's plan). */
  readonly plan: AvailabilityFacts;
}

export interface CustomDomainIndex {
  /** Domain (lowercase, no trailing dot) → what it answers; changed in place on every reload. */
  readonly domains: ReadonlyMap<string, CustomDomain>;
  /**
   * Verified domains whose rows went with their accounts and that nobody answers now (migration
   * 2026-12-07T0100): unknown hosts, never the main address; changed in place on every reload.
   */
  readonly released: ReadonlySet<string>;
  /** Reads the table again; concurrent calls share the reading in flight (and one after it). */
  reload(): Promise<void>;
  close(): void;
}

/**
 * The rows that answer, each domain once: the one not removed if it was ever verified (verified, or lost
 * since: still served), else the newest removed one that was verified (it redirects). A domain that was
 * never verified answers nothing.
 */
async function readCustomDomains(db: Kysely<Database>): Promise<Map<string, CustomDomain>> {
  const rows = await db
    .selectFrom('custom_domains')
    .innerJoin('account_plans', 'account_plans.id', 'custom_domains.user_id')
    .innerJoin('profiles', 'profiles.id', 'custom_domains.user_id')
    .leftJoin('teams', 'teams.account_id', 'custom_domains.user_id')
    .select([
      'teams.id as teamId',
      'custom_domains.domain',
      'custom_domains.user_id',
      'custom_domains.removed_at',
      'profiles.username',
    ])
    .select(PLAN_FACT_COLUMNS)
    .where('custom_domains.verified_at', 'is not', null)
    .orderBy('custom_domains.domain')
    .orderBy((eb) => eb('custom_domains.removed_at', 'is', null), 'desc')
    .orderBy('custom_domains.removed_at', 'desc')
    .execute();
  const domains = new Map<string, CustomDomain>();
  for (const row of rows) {
    if (domains.has(row.domain)) continue;
    domains.set(row.domain, {
      userId: row.user_id,
      team: row.teamId !== null,
      username: row.username?.toLowerCase() ?? null,
      removed: row.removed_at !== null,
      plan: {
        plan_type: row.plan_type,
        subscription_end: row.subscription_end,
        trial_start_date: row.trial_start_date,
        trial_days: row.trial_days,
      },
    });
  }
  return domains;
}

/** The released domains that no account answers now. */
async function readReleasedDomains(
  db: Kysely<Database>,
  answered: ReadonlyMap<string, CustomDomain>,
): Promise<string[]> {
  const rows = await db.selectFrom('released_domains').select('domain').execute();
  return rows.map((row) => row.domain).filter((domain) => !answered.has(domain));
}

/**
 * Loads the index into `domains` and `released` (what the host rules read) and keeps it current. `onChange` runs after each reload that replaced the contents
 * (classifyHost's remembered hosts are then forgotten). An owner's rename ('cards') is heard too, for the
 * username a removed domain redirects to.
 */
export async function createCustomDomainIndex(
  db: Kysely<Database>,
  changes: ChangeBus,
  log: FastifyBaseLogger,
  domains: Map<string, CustomDomain>,
  released: Set<string>,
  onChange: () => void,
): Promise<CustomDomainIndex> {
  const owners = new Set<string>();
  let running: Promise<void> | null = null;
  let again: Promise<void> | null = null;

  async function read(): Promise<void> {
    const fresh = await readCustomDomains(db);
    const freshReleased = await readReleasedDomains(db, fresh);
    released.clear();
    for (const domain of freshReleased) released.add(domain);
    domains.clear();
    owners.clear();
    for (const [domain, entry] of fresh) {
      domains.set(domain, entry);
      owners.add(entry.userId);
    }
    onChange();
  }

  function reload(): Promise<void> {
    if (!running) {
      running = read().finally(() => {
        running = null;
      });
      return running;
    }
    // a change during a reading may have come after the rows were read: one more reading after it
    again ??= running
      .catch(() => undefined)
      .then(() => {
        again = null;
        return reload();
      });
    return again;
  }

  const reloadLogged = () => {
    reload().catch((error: unknown) => log.error({ err: error }, 'custom domains could not be read'));
  };
  const stopChanges = changes.subscribe(
    (change) => {
      if (change.topic === 'domains' || owners.has(change.userId)) reloadLogged();
    },
    ['domains', 'cards'],
  );
  const stopResets = changes.onReset(reloadLogged);
  await reload();
  return {
    domains,
    released,
    reload,
    close() {
      stopChanges();
      stopResets();
    },
  };
}
