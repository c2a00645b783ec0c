import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { postalAddressParts } from '../../src/postal-address.ts';
import { storedTeamTemplate } from '../../src/schemas/team-template.ts';
import type { VcardInput } from '../../src/schemas/vcard.ts';
import {
  CARD_FORM_TEMPLATE_FIELDS,
  changedLockedField,
  DEFAULT_TEAM_TEMPLATE,
  type CardFormTemplateValues,
  type TeamTemplate,
} from '../../src/team-template.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import type { TeamMembership } from '../access/team-access.ts';

// A team's template (src/team-template.ts), stored once per team (team_templates) and read wherever a team
// card is shown or saved: the public page, its .vcf and the dashboard's preview merge it in
// (server/public-profile/service.ts), and a save of a team card may not change a locked field
// (keepLockedFields). Its owner and admins edit it (server/teams/template-edit.ts).

/** The version of a team's template that has no row yet: the default template. */
export const UNSAVED_TEMPLATE_VERSION = 1;

export interface TeamTemplateView extends TeamTemplate {
  version: number;
}

/** A team's template as it is stored now (the default one, version 1, before its first save). */
export async function readTeamTemplate(db: Kysely<Database>, teamId: string): Promise<TeamTemplateView> {
  const row = await db
    .selectFrom('team_templates')
    .select(['fields', 'locked', 'version'])
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_TEAM_TEMPLATE, version: UNSAVED_TEMPLATE_VERSION };
  return { ...storedTeamTemplate(row.fields, row.locked), version: row.version };
}

/** The team whose account `accountId` is, with its template; null for a person's own account. */
export async function teamTemplateOfAccount(
  db: Kysely<Database>,
  accountId: string,
): Promise<{ teamId: string; template: TeamTemplate } | null> {
  const row = await db
    .selectFrom('teams')
    .leftJoin('team_templates', 'team_templates.team_id', 'teams.id')
    .select(['teams.id', 'team_templates.fields', 'team_templates.locked'])
    .where('teams.account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) return null;
  const template = row.fields === null ? DEFAULT_TEAM_TEMPLATE : storedTeamTemplate(row.fields, row.locked);
  return { teamId: row.id, template };
}

/** The template of the signed-in person's team: every member reads it (their card's locked fields). */
export function teamTemplate(ctx: ServiceContext, team: TeamMembership): Promise<TeamTemplateView> {
  return readTeamTemplate(ctx.db, team.teamId);
}

/** A stored team card's values of the template fields its form edits. */
interface StoredCardFormFields {
  company: string | null;
  website: string | null;
  address: unknown;
  background_color: string;
  font_color: string;
  icon_color: string;
}

function storedFormFields(stored: StoredCardFormFields): CardFormTemplateValues {
  return {
    company: stored.company,
    website: stored.website,
    address: postalAddressParts(stored.address),
    colours: {
      backgroundColour: stored.background_color,
      fontColour: stored.font_color,
      iconColour: stored.icon_color,
    },
  };
}

function sentFormFields(card: VcardInput): CardFormTemplateValues {
  return {
    company: card.company,
    website: card.website,
    address: card.address,
    colours: {
      backgroundColour: card.backgroundColour,
      fontColour: card.fontColour,
      iconColour: card.iconColour,
    },
  };
}

/**
 * A save of a team card keeps its locked fields: each may be sent as stored or as the template shows it,
 * and stays as stored (the template is what shows); anything else is field_locked naming the field, and
 * nothing is saved. Whoever edits the card, member or admin: admins change a locked field in the template.
 * Returns the card to save; a personal card (`template` null) as it was sent.
 */
export function keepLockedFields<Card extends VcardInput>(
  template: TeamTemplate | null,
  stored: StoredCardFormFields,
  card: Card,
): Card {
  if (!template || template.locked.length === 0) return card;
  const storedFields = storedFormFields(stored);
  const changed = changedLockedField(template, storedFields, sentFormFields(card));
  if (changed) throw new AppError('field_locked', { field: changed });
  const locked = new Set(template.locked);
  const kept = { ...card };
  for (const field of CARD_FORM_TEMPLATE_FIELDS) {
    if (!locked.has(field)) continue;
    if (field === 'colours') Object.assign(kept, storedFields.colours);
    else Object.assign(kept, { [field]: storedFields[field] });
  }
  return kept;
}
