import { sql, type Kysely } from 'kysely';

// Onboarding that cannot be lost (docs/decisions/014-onboarding-resumes.md): the step a person stopped at is
// kept on the server, so any sign-in on any device resumes it. `initialized` stays "finished" (a card was
// made, or step 3 was skipped); `plan_chosen` says step 2 is behind them (with `chosen_plan` set while a
// paid plan waits for its payment). `welcomed_at` is when the dashboard first greeted them: "Welcome"
// once, "Welcome back" after.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('plan_chosen', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('welcomed_at', 'timestamptz')
    .execute();
  // a paid plan, held or waiting for its payment, was chosen in step 2; a free one cannot be told from
  // no choice at all, so such a person is asked again (one click)
  await sql`
    update profiles set plan_chosen = true
    where initialized or plan_type <> 'free' or chosen_plan is not null
  `.execute(db);
  // whoever finished before has seen the dashboard
  await sql`update profiles set welcomed_at = now() where initialized`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('welcomed_at').dropColumn('plan_chosen').execute();
}
