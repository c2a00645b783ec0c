import { sql, type Kysely } from 'kysely';

// Plans that end exactly (src/plans.ts planInEffect). `last_paid_plan`: the paid plan an account last held,
// kept when the end-of-subscription event sets plan_type to 'free', so a customer whose plan ended is told
// which plan ended ("your Pro plan ended", never "your free trial has expired"). Rows from before: the
// plan they hold, or the demo billing's product of a plan that ended (a Stripe product is not known here;
// such a customer is told that their paid plan ended, without its name).
// plan_end_notices: the e-mail telling that a paid plan ended, one row per ended period (keyed by its end),
// claimed before it is sent, as trial_reminders are, so it goes out once across runs and processes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('last_paid_plan', 'text', (col) => col.check(sql`last_paid_plan in ('pro', 'business')`))
    .execute();
  await sql`
    update profiles set last_paid_plan = case
      when plan_type in ('pro', 'business') then plan_type
      when subscription_product_id in ('demo_pro', 'demo_business') then substr(subscription_product_id, 6)
    end
  `.execute(db);

  await db.schema
    .createTable('plan_end_notices')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ended_at', 'timestamptz', (col) => col.notNull())
    // when a process took it on; a claim never marked sent is taken over after a while (a crash mid-send)
    .addColumn('claimed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addPrimaryKeyConstraint('plan_end_notices_pkey', ['user_id', 'ended_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plan_end_notices').execute();
  await db.schema.alterTable('profiles').dropColumn('last_paid_plan').execute();
}
