import { sql, type Kysely } from 'kysely';

// Team cards (docs/decisions/021-teams.md): a team's cards, their short links, QR codes and counts belong to
// the team, not to the person they show. They are the cards of the team's own account (teams.account_id: a
// users row nobody signs in with, made with the team's first card), and `vcards.member_id` names the
// member a team card is for (null: nobody now, after an offboarding; a personal card has none), or
// `vcards.invitee_email` the invited address (lowercase) whose card it becomes when they join.
//
// The plan of a team's cards is its owner's: `account_plans` gives every account the facts its plan in
// effect is worked out from (src/plans.ts planInEffect), its own for a person, and for a team's account the
// owner's Business plan, with no free trial of its own, so that its cards go offline when that plan ends
// (`team_id` names the team of a team's account: its offline cards answer the paused page).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('teams')
    .addColumn('account_id', 'text', (col) => col.unique().references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('vcards')
    .addColumn('member_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  // a card made for someone invited and not yet a member: it becomes theirs when they join
  await db.schema.alterTable('vcards').addColumn('invitee_email', 'text').execute();
  await db.schema.createIndex('vcards_member_id_idx').on('vcards').column('member_id').execute();
  await sql`
    create view account_plans as
    select
      profiles.id,
      case
        when teams.id is null then profiles.plan_type
        when payer.plan_type = 'business' then 'business'
        else 'free'
      end as plan_type,
      case
        when teams.id is null then profiles.subscription_end
        when payer.plan_type = 'business' then payer.subscription_end
        -- any past moment: the team's paid period is over (src/plans.ts hasPaidPeriod)
        else coalesce(payer.subscription_end, teams.created_at)
      end as subscription_end,
      case when teams.id is null then profiles.trial_start_date else timestamptz 'epoch' end
        as trial_start_date,
      case when teams.id is null then profiles.trial_days else 0 end as trial_days,
      teams.id as team_id
    from profiles
    left join teams on teams.account_id = profiles.id
    left join team_members owners on owners.team_id = teams.id and owners.role = 'owner'
    left join profiles payer on payer.id = owners.user_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view account_plans`.execute(db);
  await db.schema.dropIndex('vcards_member_id_idx').execute();
  await db.schema.alterTable('vcards').dropColumn('invitee_email').execute();
  await db.schema.alterTable('vcards').dropColumn('member_id').execute();
  await db.schema.alterTable('teams').dropColumn('account_id').execute();
}
