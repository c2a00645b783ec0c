import { sql, type Kysely } from 'kysely';

// Billing: the subscription state of each profile as last applied from Stripe (or the demo
// billing pages), the Stripe events already processed (a repeated delivery changes nothing), and the
// demo billing's invoices, so the billing page has a history without Stripe too.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('stripe_customer_id', 'text', (col) => col.unique())
    .addColumn('stripe_subscription_id', 'text')
    // Stripe's own status word: active, trialing, past_due, canceled, unpaid, incomplete…
    .addColumn('subscription_status', 'text')
    .addColumn('subscription_price_id', 'text')
    .addColumn('subscription_product_id', 'text')
    .addColumn('subscription_interval', 'text', (col) =>
      col.check(sql`subscription_interval in ('month', 'year')`),
    )
    .addColumn('cancel_at_period_end', 'boolean', (col) => col.notNull().defaultTo(false))
    // when the applied state was read: an older one arriving later is not applied over it
    .addColumn('subscription_updated_at', 'timestamptz')
    // the paid plan picked in onboarding before it is paid
    .addColumn('chosen_plan', 'text', (col) => col.check(sql`chosen_plan in ('pro', 'business')`))
    .execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('demo_invoices')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan', 'text', (col) => col.notNull().check(sql`plan in ('pro', 'business')`))
    .addColumn('interval', 'text', (col) => col.notNull().check(sql`interval in ('month', 'year')`))
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('demo_invoices_user_created_idx')
    .on('demo_invoices')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_invoices').execute();
  await db.schema.dropTable('stripe_events').execute();
  await db.schema
    .alterTable('profiles')
    .dropColumn('chosen_plan')
    .dropColumn('subscription_updated_at')
    .dropColumn('cancel_at_period_end')
    .dropColumn('subscription_interval')
    .dropColumn('subscription_product_id')
    .dropColumn('subscription_price_id')
    .dropColumn('subscription_status')
    .dropColumn('stripe_subscription_id')
    .dropColumn('stripe_customer_id')
    .execute();
}
