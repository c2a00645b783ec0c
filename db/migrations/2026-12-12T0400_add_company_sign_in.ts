import { sql, type Kysely } from 'kysely';

// Company sign-in (docs/decisions/028-company-sign-in.md). team_sso: a team's e-mail domain, proved by a TXT
// record as custom domains are (`_tapcard-verify.{domain}`), and whether its people must sign in through
// the company's provider. sso_providers: better-auth's sso plugin's model (mapped to snake_case in
// server/company-sign-in/auth-plugin.ts), one provider per team in this version; its domain_verified
// copies the team's proof, which the plugin checks on every sign-in.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_sso')
    .addColumn('team_id', 'text', (col) => col.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('last_checked_at', 'timestamptz')
    .addColumn('last_check_error', 'text')
    .addColumn('required', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // a domain proved by one team is nobody else's: the first proved keeps it
  await db.schema
    .createIndex('team_sso_verified_domain')
    .on('team_sso')
    .column('domain')
    .unique()
    .where(sql.ref('verified_at'), 'is not', null)
    .execute();
  await db.schema
    .createTable('sso_providers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('provider_id', 'text', (col) => col.notNull().unique())
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('oidc_config', 'text')
    .addColumn('saml_config', 'text')
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().unique().references('teams.id').onDelete('cascade'),
    )
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('domain_verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('sso_providers_domain').on('sso_providers').column('domain').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sso_providers').execute();
  await db.schema.dropTable('team_sso').execute();
}
