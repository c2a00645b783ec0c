import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { mediaKeyOf } from '../../src/media.ts';
import { VALIDATION_MESSAGES } from '../../src/messages.ts';
import {
  savedTeamTemplate,
  storedTeamTemplate,
  type SaveTeamTemplateInput,
} from '../../src/schemas/team-template.ts';
import {
  changedTemplateFields,
  DEFAULT_TEAM_TEMPLATE,
  lockChanges,
  type TeamTemplate,
  type TeamTemplateValues,
} from '../../src/team-template.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { refusedEdit } from '../lib/edit-versions.ts';
import { AppError } from '../lib/errors.ts';
import { releaseUnusedPhotos } from '../media/references.ts';
import { isOwnPhotoKey } from '../media/service.ts';
import type { TeamMembership } from '../access/team-access.ts';
import { recordTeamEvent, teamActorOf } from '../team-records/audit.ts';
import { teamAccountFor } from '../access/team-account.ts';
import { announceTeamChange, teamMemberIds } from '../team-records/changes.ts';
import { readTeamTemplate, UNSAVED_TEMPLATE_VERSION } from '../team-records/template.ts';

// The team's owner and admins change its template (src/team-template.ts) from a version
// (server/lib/edit-versions.ts). A save tells every process that the team's cards changed, so every
// member's page is shown anew at once, and the team's log says which fields changed, were locked or unlocked.

/**
 * The logo must be a photo of the team's account (uploaded for the team, `?team=1`, as the team's own logo
 * is), so that it stays when the admin who chose it leaves; any other is refused (validation_failed on the
 * logo).
 */
async function assertTeamLogo(trx: Kysely<Database>, account: string, logo: string) {
  const key = mediaKeyOf(logo);
  if (key && (await isOwnPhotoKey(trx, account, key))) return;
  throw new AppError('validation_failed', { field: 'logo', message: VALIDATION_MESSAGES.photoInvalid });
}

/**
 * Saves the team's template, edited from `baseVersion`, and records in the team's log which fields changed
 * and which were locked or unlocked. A newer version saved meanwhile: edit_conflict with the template as
 * it is now, and nothing changes. Every page of the team's cards is shown anew, in every process.
 */
export async function saveTeamTemplate(
  ctx: ServiceContext,
  team: TeamMembership,
  input: SaveTeamTemplateInput,
): Promise<{ version: number }> {
  const { baseVersion } = input;
  const { values, locked } = savedTeamTemplate(input);
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const account = await teamAccountFor(trx, team.teamId);
    const current = await trx
      .selectFrom('team_templates')
      .select(['fields', 'locked'])
      .where('team_id', '=', team.teamId)
      .forUpdate()
      .executeTakeFirst();
    const before = current ? storedTeamTemplate(current.fields, current.locked) : DEFAULT_TEAM_TEMPLATE;
    if (values.logo && values.logo !== before.values.logo) {
      await assertTeamLogo(trx, account, values.logo);
    }
    const row = { fields: JSON.stringify(values), locked: JSON.stringify(locked) };
    const written = current
      ? await trx
          .updateTable('team_templates')
          .set({ ...row, updated_at: new Date() })
          .where('team_id', '=', team.teamId)
          .where('version', '=', baseVersion)
          .returning('version')
          .executeTakeFirst()
      : baseVersion === UNSAVED_TEMPLATE_VERSION
        ? await trx
            .insertInto('team_templates')
            .values({ team_id: team.teamId, ...row, version: UNSAVED_TEMPLATE_VERSION + 1 })
            .onConflict((conflict) => conflict.column('team_id').doNothing())
            .returning('version')
            .executeTakeFirst()
        : undefined;
    if (!written) throw await refusedEdit(() => readTeamTemplate(trx, team.teamId));
    // what each team card shows changed: its updated_at says so to what follows it (a wallet pass's phone)
    await trx.updateTable('vcards').set({ updated_at: new Date() }).where('user_id', '=', account).execute();
    await recordTemplateEvents(trx, ctx, team, before, { values, locked });
    return { account, version: written.version, previousLogo: before.values.logo };
  });
  // every page of the team's cards, in every process (server/lib/owner-cache.ts), and the members' screens
  ctx.changes.publish({ userId: saved.account, topic: 'cards' });
  announceTeamChange(ctx.changes, await teamMemberIds(ctx.db, team.teamId));
  if (saved.previousLogo !== values.logo) await releaseUnusedPhotos(ctx, [saved.previousLogo]);
  return { version: saved.version };
}

/** The log's entries of a template save: the fields changed, then each field locked or unlocked. */
async function recordTemplateEvents(
  trx: Kysely<Database>,
  ctx: ServiceContext,
  team: TeamMembership,
  before: TeamTemplate,
  after: { values: TeamTemplateValues; locked: TeamTemplate['locked'] },
) {
  const actor = teamActorOf(ctx);
  const changed = changedTemplateFields(before.values, after.values);
  // the subject names the fields by their keys; the log shows them in the reader's language
  if (changed.length > 0) {
    await recordTeamEvent(trx, {
      teamId: team.teamId,
      actor,
      action: 'template_changed',
      subject: changed.join(','),
    });
  }
  const locks = lockChanges(before.locked, after.locked);
  for (const field of locks.locked) {
    await recordTeamEvent(trx, {
      teamId: team.teamId,
      actor,
      action: 'template_field_locked',
      subject: field,
    });
  }
  for (const field of locks.unlocked) {
    await recordTeamEvent(trx, {
      teamId: team.teamId,
      actor,
      action: 'template_field_unlocked',
      subject: field,
    });
  }
}
