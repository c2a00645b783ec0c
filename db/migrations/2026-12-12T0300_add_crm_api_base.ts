import type { Kysely } from 'kysely';

// Where a connection's CRM API is, when the CRM names it per account: Salesforce answers each token with the
// org's instance_url, which every REST call of that connection goes to. Null: the CRM's configured address
// (HubSpot's one API).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('crm_connections').addColumn('api_base', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('crm_connections').dropColumn('api_base').execute();
}
