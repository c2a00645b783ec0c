import { sql, type Kysely } from 'kysely';

// The public contact form (/contact): visitors without an account write to the team through the same
// support_messages as the signed-in form. A visitor's row has no user_id; it keeps the sender's name and
// the client address the rate limit counts by (per address for visitors, per user when signed in).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('support_messages')
    .alterColumn('user_id', (col) => col.dropNotNull())
    .execute();
  await db.schema
    .alterTable('support_messages')
    .addColumn('name', 'text')
    .addColumn('client_address', 'text')
    .execute();
  await db.schema
    .alterTable('support_messages')
    // every row is either an account's message or a visitor's with the address its limit counts
    .addCheckConstraint(
      'support_messages_sender_check',
      sql`user_id is not null or client_address is not null`,
    )
    .execute();
  // the visitor limits: messages from one address, and to one e-mail address, in the last hour
  await db.schema
    .createIndex('support_messages_visitor_address_idx')
    .on('support_messages')
    .columns(['client_address', 'created_at'])
    .where(sql.ref('user_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('support_messages_visitor_email_idx')
    .on('support_messages')
    .expression(sql`lower(email), created_at`)
    .where(sql.ref('user_id'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('support_messages_visitor_email_idx').execute();
  await db.schema.dropIndex('support_messages_visitor_address_idx').execute();
  await db
    .deleteFrom('support_messages' as never)
    .where(sql.ref('user_id'), 'is', null)
    .execute();
  await db.schema.alterTable('support_messages').dropConstraint('support_messages_sender_check').execute();
  await db.schema.alterTable('support_messages').dropColumn('client_address').dropColumn('name').execute();
  await db.schema
    .alterTable('support_messages')
    .alterColumn('user_id', (col) => col.setNotNull())
    .execute();
}
