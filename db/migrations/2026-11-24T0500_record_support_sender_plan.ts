import type { Kysely } from 'kysely';

// Priority support (docs/decisions/015-what-each-plan-feature-is.md): a message records the plan its sender
// had when writing (null for a visitor without an account), so the team answers Pro and Business first.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('support_messages').addColumn('sender_plan', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('support_messages').dropColumn('sender_plan').execute();
}
