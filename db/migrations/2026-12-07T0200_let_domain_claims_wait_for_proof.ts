import { sql, type Kysely } from 'kysely';

// docs/decisions/023-custom-domains-held-by-proof.md: a domain is held by the account that proves it, not
// by the first that names it. Until now one pending claim blocked every other account from adding the
// name, so anyone could keep a company from its own domain by adding it first. Now a name is held once
// proved (verified_at set, not removed): one such row per name. Pending claims of several accounts wait
// side by side, one per account, each with its own token; the first proved wins and the others are
// dropped (server/domains/service.ts), and a claim nobody proves ends after DOMAIN_CLAIM_DAYS. A proved
// name whose record is gone (lost, since lost_at) is released after DOMAIN_LOST_GRACE_DAYS, its owner told,
// so that a name that changed hands can be proved by its new owner.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('custom_domains').addColumn('lost_at', 'timestamptz').execute();
  await sql`update custom_domains set lost_at = coalesce(last_checked_at, now())
            where status = 'lost'`.execute(db);
  await sql`drop index custom_domains_domain_held_idx`.execute(db);
  await sql`
    create unique index custom_domains_domain_held_idx on custom_domains (domain)
    where removed_at is null and verified_at is not null`.execute(db);
  await sql`
    create unique index custom_domains_domain_claim_idx on custom_domains (domain, user_id)
    where removed_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index custom_domains_domain_claim_idx`.execute(db);
  await sql`drop index custom_domains_domain_held_idx`.execute(db);
  // the older rule: one row per name not removed, the oldest claim kept
  await sql`
    delete from custom_domains c using custom_domains older
    where c.removed_at is null and older.removed_at is null and c.domain = older.domain
      and (older.verified_at is not null and c.verified_at is null
        or (older.verified_at is null) = (c.verified_at is null) and older.created_at < c.created_at)`.execute(
    db,
  );
  await sql`
    create unique index custom_domains_domain_held_idx on custom_domains (domain)
    where removed_at is null`.execute(db);
  await db.schema.alterTable('custom_domains').dropColumn('lost_at').execute();
}
