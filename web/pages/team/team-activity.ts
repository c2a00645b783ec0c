import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TeamEventsPageInput } from '#src/schemas/team.ts';
import { isTemplateField } from '#src/team-template.ts';
import { emptyTeamImportCounts, teamImportCountsOf, type TeamImportCounts } from '#src/team-import.ts';
import type { TeamEventAction, TeamRole } from '#src/teams.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { VCARD_CONFLICT_FIELDS } from '../vcards/vcard-conflict-fields.ts';
import { TEMPLATE_FIELD_NAMES } from './template-fields.ts';

export type TeamEventsPage = RouterOutputs['teams']['events'];
export type TeamEventView = TeamEventsPage['events'][number];

/**
 * The sentence of each entry of the team's log, by its action: {actor} did it, to {subject} (an address,
 * a person as "Name <email>", or the team's new name), {role} is the role invited or given (a select, with
 * "none" when there is none). A Record, so a new action without its sentence is a type error.
 */
export const TEAM_EVENT_SENTENCES: Record<TeamEventAction, MessageDescriptor> = {
  team_created: msg({ message: '{actor} created the team {subject}' }),
  team_renamed: msg({ message: '{actor} renamed the team to {subject}' }),
  member_invited: msg({
    message:
      '{role, select, admin {{actor} invited {subject} as an admin} member {{actor} invited {subject} as a member} other {{actor} invited {subject}}}',
  }),
  invitation_resent: msg({ message: '{actor} sent the invitation to {subject} again' }),
  invitation_withdrawn: msg({ message: '{actor} withdrew the invitation to {subject}' }),
  invitation_accepted: msg({
    message:
      '{role, select, admin {{actor} accepted the invitation to {subject} and joined as an admin} member {{actor} accepted the invitation to {subject} and joined as a member} other {{actor} accepted the invitation to {subject}}}',
  }),
  invitation_declined: msg({ message: '{actor} declined the invitation to {subject}' }),
  member_role_changed: msg({
    message:
      '{role, select, admin {{actor} made {subject} an admin} member {{actor} made {subject} a member} other {{actor} changed the role of {subject}}}',
  }),
  member_removed: msg({ message: '{actor} removed {subject} from the team' }),
  member_left: msg({ message: '{actor} left the team' }),
  ownership_transferred: msg({ message: '{actor} made {subject} the owner' }),
  // {subject}: the card's name, then whom it is for ("Ana Ruiz → Ana Ruiz <ana@example.com>")
  card_created: msg({ message: '{actor} made a team card: {subject}' }),
  card_handed_over: msg({ message: '{actor} handed on a team card: {subject}' }),
  card_unassigned: msg({ message: '{actor} took a team card from its member: {subject}' }),
  // {subject}: the team's name
  logo_changed: msg({ message: '{actor} changed the logo of {subject}' }),
  logo_removed: msg({ message: '{actor} removed the logo of {subject}' }),
  // {fields}: the fields it changed, named as the form names them (changedFieldsOf)
  card_edited: msg({
    message:
      '{changed, select, some {{actor} edited {fields} on a team card: {subject}} other {{actor} edited a team card: {subject}}}',
  }),
  card_deleted: msg({ message: '{actor} deleted a team card: {subject}' }),
  card_paused: msg({ message: '{actor} paused a team card: {subject}' }),
  card_resumed: msg({ message: '{actor} made a paused team card live again: {subject}' }),
  printed_domain_changed: msg({
    message: '{actor} changed the address in the team cards’ QR codes to {subject}',
  }),
  card_published: msg({ message: '{actor} published a team card before its person joined: {subject}' }),
  sso_domain_set: msg({ message: "{actor} set the team's email domain for single sign-on to {subject}" }),
  sso_provider_saved: msg({ message: '{actor} saved the single sign-on provider {subject}' }),
  sso_provider_removed: msg({ message: '{actor} removed the single sign-on provider {subject}' }),
  sso_required_on: msg({ message: '{actor} required single sign-on for everyone at {subject}' }),
  sso_required_off: msg({ message: '{actor} stopped requiring single sign-on for everyone at {subject}' }),
  member_joined_by_sso: msg({
    message: "{actor} joined the team by signing in through the company's provider",
  }),
  // {subject}: the template's fields, named in the reader's language (eventSubject)
  template_changed: msg({ message: '{actor} changed the card template: {subject}' }),
  template_field_locked: msg({ message: '{actor} locked {subject} on every team card' }),
  template_field_unlocked: msg({
    message: '{actor} unlocked {subject}: members can set it on their own cards',
  }),
  // the counts of the import's rows (src/team-import.ts teamImportCountsOf)
  members_imported: msg({
    message:
      '{actor} imported a spreadsheet: {invited, plural, one {# person invited} other {# people invited}}, {updated} updated, {unchanged} unchanged, {error, plural, one {# row not imported} other {# rows not imported}}',
  }),
};

/** The actions whose subject names fields of the template by their keys ("company,website"). */
const TEMPLATE_FIELD_ACTIONS: ReadonlySet<TeamEventAction> = new Set([
  'template_changed',
  'template_field_locked',
  'template_field_unlocked',
]);

/**
 * An entry's subject as its sentence shows it: the fields of the template named in the reader's language
 * ("Company and Website"), anything else as it was recorded.
 */
export function eventSubject(event: Pick<TeamEventView, 'action' | 'subject'>, i18n: I18n): string {
  if (!TEMPLATE_FIELD_ACTIONS.has(event.action)) return event.subject;
  const names = event.subject
    .split(',')
    .map((field) => (isTemplateField(field) ? i18n._(TEMPLATE_FIELD_NAMES[field]) : field));
  return new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(names);
}

const FIELD_LABELS = new Map(VCARD_CONFLICT_FIELDS.map((field) => [field.path, field.label]));

/**
 * The {changed} select and {fields} list of a card's edit: the fields it changed, named as the vCard form
 * names them, in the reader's language ("Position and City").
 */
export function changedFieldsOf(
  event: Pick<TeamEventView, 'fields'>,
  i18n: I18n,
): { changed: 'some' | 'none'; fields: string } {
  if (event.fields.length === 0) return { changed: 'none', fields: '' };
  const names = event.fields.map((path) => {
    const label = FIELD_LABELS.get(path);
    return label === undefined ? path : typeof label === 'string' ? label : i18n._(label);
  });
  return {
    changed: 'some',
    fields: new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format([...new Set(names)]),
  };
}

/** An import's counts, the numbers of its sentence; nothing for the other entries. */
export function importCountsOf(event: Pick<TeamEventView, 'action' | 'subject'>): Partial<TeamImportCounts> {
  if (event.action !== 'members_imported') return {};
  return teamImportCountsOf(event.subject) ?? emptyTeamImportCounts();
}

/** The value of a sentence's {role} select. */
export function roleSelectValue(role: TeamRole | null): string {
  return role ?? 'none';
}

/** Where the page after `page` starts: before its oldest entry, if the server said there is more. */
export function olderEventsAfter(page: TeamEventsPage): TeamEventsPageInput['before'] {
  const oldest = page.events.at(-1);
  return page.more && oldest ? oldest.id : undefined;
}
