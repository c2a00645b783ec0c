import { sql, type Kysely } from 'kysely';

// Teams are better-auth's organization plugin (docs/decisions/021-teams.md): its organization, member and
// invitation models, mapped to snake_case in server/teams/auth-plugin.ts, and the session's active team.
// A person belongs to one team at most in this version: members.user_id is unique.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('logo', 'text')
    .addColumn('metadata', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('team_members')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('team_id', 'text', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('team_members_team_id_idx').on('team_members').column('team_id').execute();
  await db.schema
    .createTable('team_invitations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('team_id', 'text', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    // the plugin's own sub-teams stay off; the column is part of its model
    .addColumn('sub_team_id', 'text')
    .addColumn('inviter_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('team_invitations_team_id_idx')
    .on('team_invitations')
    .column('team_id')
    .execute();
  await db.schema.createIndex('team_invitations_email_idx').on('team_invitations').column('email').execute();
  await db.schema.alterTable('sessions').addColumn('active_team_id', 'text').execute();
  // the team's audit log: who changed which member, invitation or setting, and when (kept 12 months)
  await db.schema
    .createTable('team_events')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('team_id', 'text', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    // names as they were: the log stays readable after a person leaves or deletes their account
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('role', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('team_events_team_id_created_at_idx')
    .on('team_events')
    .columns(['team_id', 'created_at'])
    .execute();
  await db.schema.createIndex('team_events_created_at_idx').on('team_events').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('team_events').execute();
  await db.schema.alterTable('sessions').dropColumn('active_team_id').execute();
  await db.schema.dropTable('team_invitations').execute();
  await db.schema.dropTable('team_members').execute();
  await db.schema.dropTable('teams').execute();
}
