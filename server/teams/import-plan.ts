import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import {
  TEAM_IMPORT_CARD_FIELDS,
  type TeamImportCard,
  type TeamImportCardField,
  type TeamImportChange,
  type TeamImportIssue,
} from '../../src/team-import.ts';
import { TEAM_MEMBERS_MAX, type InvitableTeamRole, type TeamRole } from '../../src/teams.ts';
import type { TeamImportFileRow } from './import-file.ts';
import type { CheckedTeamImportRow } from './import-check.ts';

// What an import will do with each checked row, given the team as it is: invite a new address, update
// someone already in the team (their role, their team card) or leave them as they are, or refuse the row
// with its reason. The dry run shows this plan and the import carries it out row by row; nothing here
// reads or writes the database.

/** Someone already in the team, or invited to it: their role and their team card (null: none yet). */
export interface TeamImportPersonState {
  role: TeamRole;
  card: TeamImportCard | null;
}

/** The team as the plan weighs a file against it. */
export interface TeamImportState {
  /** Its members, by lower-cased address; the owner among them. */
  members: ReadonlyMap<string, TeamImportPersonState>;
  /**
   * Its pending invitations that have not expired, by lower-cased address (an expired one is invited
   * anew, as the organization plugin does).
   */
  invitations: ReadonlyMap<string, TeamImportPersonState & { role: InvitableTeamRole }>;
  /**
   * Addresses of people who belong to another team, as far as they are known when planning (one team per
   * person). Someone may join another team before the write: the import then reports the row with
   * `IN_OTHER_TEAM` (teamImportRowResult's `refused`).
   */
  inOtherTeams?: ReadonlySet<string>;
  /** Members and pending invitations the team may have together (TEAM_MEMBERS_MAX). */
  seatsMax?: number;
}

export type PlannedTeamImportRow = TeamImportFileRow &
  (
    | {
        action: 'invite';
        email: string;
        role: InvitableTeamRole;
        /** Their team card, made with the invitation; blank fields (and columns the file lacks) are null. */
        card: TeamImportCard;
      }
    | {
        action: 'update';
        email: string;
        /** A member, or someone invited who has not answered yet. */
        who: 'member' | 'invitation';
        /** The new role, when it changes. */
        role: InvitableTeamRole | null;
        /**
         * The team card's fields that change, with their new values; for someone without a team card yet
         * (`createsCard`), the whole card to make, its blank fields (and columns the file lacks) null.
         */
        card: Partial<TeamImportCard>;
        createsCard: boolean;
        /** What changes, role first, then the card's fields in their order: what the dry run lists. */
        changes: TeamImportChange[];
      }
    | { action: 'unchanged'; email: string; who: 'member' | 'invitation' }
    | { action: 'error'; issues: TeamImportIssue[] }
  );

/** The reason a row is refused when the person turns out to be in another team as it is written. */
export const IN_OTHER_TEAM: TeamImportIssue = { column: 'email', message: M.teamImportInOtherTeam };

const EMPTY_CARD: Omit<TeamImportCard, 'name'> = {
  position: null,
  department: null,
  workPhone: null,
  phone: null,
};

function copyField<F extends TeamImportCardField>(
  to: Partial<TeamImportCard>,
  from: Partial<TeamImportCard>,
  field: F,
): void {
  to[field] = from[field];
}

/** The plan of every checked row against the team; rows are weighed in the file's order. */
export function planTeamImport(
  rows: readonly CheckedTeamImportRow[],
  state: TeamImportState,
): PlannedTeamImportRow[] {
  const seatsMax = state.seatsMax ?? TEAM_MEMBERS_MAX;
  let seatsTaken = state.members.size + state.invitations.size;
  return rows.map((row): PlannedTeamImportRow => {
    const base = { row: row.row, cells: row.cells };
    if (!row.ok) return { ...base, action: 'error', issues: row.issues };
    const { email, role, card } = row.person;
    const refuse = (issue: TeamImportIssue): PlannedTeamImportRow => ({
      ...base,
      action: 'error',
      issues: [issue],
    });

    const member = state.members.get(email);
    const known = member ?? state.invitations.get(email);
    if (!known) {
      if (state.inOtherTeams?.has(email)) return refuse(IN_OTHER_TEAM);
      if (seatsTaken >= seatsMax) return refuse({ column: null, message: M.teamImportTeamFull });
      seatsTaken += 1;
      return { ...base, action: 'invite', email, role: role ?? 'member', card: { ...EMPTY_CARD, ...card } };
    }

    const who = member ? 'member' : 'invitation';
    // ownership is transferred on the team page, never by a file
    if (known.role === 'owner' && role !== null) {
      return refuse({ column: 'role', message: M.teamImportOwnerRole });
    }
    const newRole = role !== null && role !== known.role ? role : null;
    const newCard = known.card === null ? { ...EMPTY_CARD, ...card } : null;
    const changedCard: Partial<TeamImportCard> = {};
    for (const field of TEAM_IMPORT_CARD_FIELDS) {
      if (field in card && card[field] !== known.card?.[field]) copyField(changedCard, card, field);
    }
    // a new name brings the parts the file split it into (otherwise they follow the name)
    if (changedCard.name !== undefined && 'givenName' in card) {
      changedCard.givenName = card.givenName ?? null;
      changedCard.familyName = card.familyName ?? null;
    }
    const changes: TeamImportChange[] = [
      ...(newRole ? (['role'] as const) : []),
      // a card made now lists what it is made with
      ...TEAM_IMPORT_CARD_FIELDS.filter((field) =>
        newCard ? newCard[field] !== null : field in changedCard,
      ),
    ];
    if (changes.length === 0) return { ...base, action: 'unchanged', email, who };
    return {
      ...base,
      action: 'update',
      email,
      who,
      role: newRole,
      card: newCard ?? changedCard,
      createsCard: newCard !== null,
      changes,
    };
  });
}
