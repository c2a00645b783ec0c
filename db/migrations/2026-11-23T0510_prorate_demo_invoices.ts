import { sql, type Kysely } from 'kysely';

// The demo billing prorates a change of plan or interval as Stripe does by default: a credit for the
// unused time of the current period against the charge for the new plan's time, on one invoice. Each
// invoice keeps the subscription period it belongs to (the next change prorates against it), the two
// amounts, and the account credit it used and left (a change to a cheaper plan can leave credit, which
// the next payment uses first). Older invoices were plain full-price payments: their new columns stay
// empty or zero.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('demo_invoices')
    .addColumn('previous_plan', 'text', (col) => col.check(sql`previous_plan in ('pro', 'business')`))
    .addColumn('previous_interval', 'text', (col) => col.check(sql`previous_interval in ('month', 'year')`))
    .addColumn('period_start', 'timestamptz')
    .addColumn('period_end', 'timestamptz')
    .addColumn('plan_charge_cents', 'integer')
    .addColumn('unused_credit_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('credit_applied_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('ending_credit_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('demo_invoices')
    .dropColumn('ending_credit_cents')
    .dropColumn('credit_applied_cents')
    .dropColumn('unused_credit_cents')
    .dropColumn('plan_charge_cents')
    .dropColumn('period_end')
    .dropColumn('period_start')
    .dropColumn('previous_interval')
    .dropColumn('previous_plan')
    .execute();
}
