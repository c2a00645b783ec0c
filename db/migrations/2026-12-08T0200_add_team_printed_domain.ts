import type { Kysely } from 'kysely';

// A team's Address in the code (server/teams/printed-domain.ts): the verified custom domain its cards' QR
// codes are printed with (null: the main address), as a person's own QR code has one of its own
// (links.domain). It is kept on the team so that a card made later is printed with it too.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('teams').addColumn('printed_domain', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('teams').dropColumn('printed_domain').execute();
}
