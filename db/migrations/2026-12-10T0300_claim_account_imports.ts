import { type Kysely } from 'kysely';

// One account import at a time per account, however many servers run: an import claims the account's
// profile row (import_started_at) before it reads anything, and lets it go when done. A claim older than
// the longest import (server/account-import/routes.ts) was left by a server that died: it is taken over.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('import_started_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('import_started_at').execute();
}
