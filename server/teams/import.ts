import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../db/schema.ts';
import { DEFAULT_LOCALE, type Locale } from '../../src/i18n.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { emptyVcardForm, VcardFormSchema } from '../../src/schemas/vcard.ts';
import {
  emptyTeamImportCounts,
  teamImportEventSubject,
  type TeamImportCard,
  type TeamImportChange,
  type TeamImportCounts,
  type TeamImportIssue,
  type TeamImportOutcome,
} from '../../src/team-import.ts';
import { TEAM_MEMBERS_MAX, type InvitableTeamRole, type TeamRole } from '../../src/teams.ts';
import type { WebhookEvent } from '../../src/webhooks.ts';
import type { AppDeps, SessionUser } from '../lib/app-deps.ts';
import { teamBranding, type Branding } from '../branding/branding.ts';
import { AppError } from '../lib/errors.ts';
import { generateLinkCode, heldLinkCode, unusedLinkCode } from '../lib/link-codes.ts';
import { insertVcard, readVcard } from '../vcards/service.ts';
import type { TeamMembership } from '../access/team-access.ts';
import { personLabel, recordTeamEvent } from '../team-records/audit.ts';
import { mailTeamInvitation } from './auth-plugin.ts';
import { teamAccountForNewCard } from '../access/team-account.ts';
import { announceTeamChange, teamMemberIds } from '../team-records/changes.ts';
import { checkTeamImportRows, type CheckedTeamImportRow } from './import-check.ts';
import {
  readTeamImportFile,
  teamImportNameOf,
  type TeamImportFile,
  type TeamImportFileProblem,
} from './import-file.ts';
import {
  planTeamImport,
  type PlannedTeamImportRow,
  type TeamImportPersonState,
  type TeamImportState,
} from './import-plan.ts';
import { teamImportResultCsv, teamImportRowResult, type TeamImportRowResult } from './import-result.ts';
import { TEAM_IMPORT_TEXTS } from './import-texts.ts';

// A team's CSV import, carried out (issue "Business teams", bulk import): the dry run reads the file, checks
// its rows and plans them against the team as it is, and writes nothing; the import plans the same file
// again, refuses to start when the plan differs from the one the person saw, then writes its rows a few
// at a time in a transaction (a row that fails is written alone), each weighed once more against the team
// as it is at that moment (under the team's lock, so two imports or servers at once take turns), and
// reports every row as its transaction ends.

/** A row as the import screen shows it: the dry run's plan, or the import's result. */
export interface TeamImportRowView {
  /** Its number as a spreadsheet shows it. */
  row: number;
  /** The name and e-mail cells as written. */
  name: string;
  email: string;
  outcome: TeamImportOutcome;
  /** An invitation's role, or an update's new role. */
  role: InvitableTeamRole | null;
  /** An update's changes (a card made now lists what it is made with). */
  changes: TeamImportChange[];
  /** An error's reasons. */
  issues: TeamImportIssue[];
  /**
   * When the card the row makes goes public: at once (a member's), or when they join (an invitee's draft,
   * server/teams/cards.ts); null when the row makes no card.
   */
  cardPublic: 'now' | 'on_join' | null;
}

/** The dry run: a file refused whole, or the plan of each of its rows. */
export type TeamImportCheck =
  | { ok: false; problem: TeamImportFileProblem }
  | {
      ok: true;
      /** The plan's fingerprint: the import starts only if the file still plans the same. */
      plan: string;
      /** Headers that name no column of the import: their cells are not read. */
      ignoredHeaders: string[];
      counts: TeamImportCounts;
      rows: TeamImportRowView[];
    };

/** What the import tells as it goes, one JSON line each (application/x-ndjson). */
export type TeamImportEvent =
  | { type: 'start'; total: number }
  | { type: 'row'; row: TeamImportRowView }
  | { type: 'done'; counts: TeamImportCounts; csv: string; fileName: string }
  /** The import stopped before its end (the database was lost): the rows told so far are done. */
  | { type: 'stopped' };

/** A new pending invitation, made in the row's transaction as the plugin's invite-member makes it; its id. */
export type CreateTeamInvitation = (
  trx: Transaction<Database>,
  invitation: { teamId: string; email: string; role: InvitableTeamRole },
) => Promise<string>;

/** How the import reaches the organization plugin: its invitations are made through the plugin's adapter. */
export interface TeamInvitationWriter {
  /** The way `importer` invites during one import (their account read once). */
  inviter(importer: SessionUser): Promise<CreateTeamInvitation>;
}

interface ImportDeps extends AppDeps {
  invitations: TeamInvitationWriter;
  /** Where a row that could not be written is logged (the person sees its reason). */
  logError(error: unknown, row: number): void;
}

/** The people of a file as the team has them: what the plan weighs, and what the writes need. */
interface TeamImportLookup {
  state: TeamImportState;
  /** Members' user ids, by lower-cased address. */
  memberIds: Map<string, string>;
  /** The addresses that have an account: whose it is and its language (an invitation's e-mail is in it). */
  accounts: Map<string, { id: string; language: Locale }>;
  /** The team card of each member (by user id) and of each address a card waits for. */
  cards: TeamCards;
}

interface TeamCards {
  ofMember: Map<string, TeamCardRow>;
  ofInvitee: Map<string, TeamCardRow>;
}

interface TeamCardRow {
  id: string;
  card: TeamImportCard;
}

/**
 * The team as the import weighs these addresses against it (import-plan.ts TeamImportState): their accounts
 * and memberships, the team's pending invitations to them, their team cards and the team's seats taken, read
 * in one statement (one consistent view).
 */
async function lookUpPeople(
  db: Kysely<Database>,
  team: { id: string; accountId: string | null },
  emails: readonly string[],
  now: Date,
): Promise<TeamImportLookup> {
  if (emails.length === 0) {
    return {
      state: { members: new Map(), invitations: new Map(), inOtherTeams: new Set() },
      memberIds: new Map(),
      accounts: new Map(),
      cards: { ofMember: new Map(), ofInvitee: new Map() },
    };
  }
  return lookupOf(team, await peopleQuery(db, team, emails, now).executeTakeFirstOrThrow());
}

/** A row's lookup, and what its writes would otherwise each read in a round trip of their own. */
interface RowLookup extends TeamImportLookup {
  /** A random code for a card's QR code link that no link holds (unusedLinkCode's rule); null: it is taken. */
  freeLinkCode: string | null;
  /** The events some enabled endpoint of the team's account takes: the others are not emitted. */
  webhookEvents: ReadonlySet<WebhookEvent>;
}

/**
 * One row's person as the team has them (lookUpPeople), in the same statement as a random code for the card
 * the row may make and the events the team account's endpoints take: a row's reads are one round trip.
 */
async function lookUpRow(
  trx: Transaction<Database>,
  team: { id: string; accountId: string },
  email: string,
  now: Date,
): Promise<RowLookup> {
  const code = generateLinkCode();
  const found = await peopleQuery(trx, team, [email], now)
    .select((eb) => [
      eb.exists(heldLinkCode(trx, code)).as('codeTaken'),
      jsonArrayFrom(
        eb
          .selectFrom('webhook_endpoints')
          .select('events')
          .where('user_id', '=', team.accountId)
          .where('enabled', '=', true),
      ).as('endpoints'),
    ])
    .executeTakeFirstOrThrow();
  return {
    ...lookupOf(team, found),
    freeLinkCode: found.codeTaken ? null : code,
    webhookEvents: new Set(found.endpoints.flatMap((endpoint) => endpoint.events)),
  };
}

/** The statement that reads the people of `emails` (not empty) as the team has them. */
function peopleQuery(
  db: Kysely<Database>,
  team: { id: string; accountId: string | null },
  emails: readonly string[],
  now: Date,
) {
  const pendingInvitations = db
    .selectFrom('team_invitations')
    .where('team_id', '=', team.id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now);
  const lowered = (column: 'users.email' | 'team_invitations.email') =>
    sql`lower(${sql.ref(column)})`.$castTo<string>();
  return db.selectNoFrom((eb) => [
    jsonArrayFrom(
      eb
        .selectFrom('users')
        .leftJoin('team_members', 'team_members.user_id', 'users.id')
        .leftJoin('profiles', 'profiles.id', 'users.id')
        .select(['users.id', 'team_members.team_id', 'team_members.role', 'profiles.language'])
        .select(lowered('users.email').as('email'))
        .where(lowered('users.email'), 'in', emails),
    ).as('accounts'),
    jsonArrayFrom(
      pendingInvitations
        .select('team_invitations.role')
        .select(lowered('team_invitations.email').as('email'))
        .where(lowered('team_invitations.email'), 'in', emails),
    ).as('invitations'),
    jsonArrayFrom(
      eb
        .selectFrom('vcards')
        .select(['id', 'member_id', 'invitee_email', 'name', 'position', 'department', 'work_phone', 'phone'])
        // a team without its account yet (made with its first card) has no cards
        .where('user_id', '=', team.accountId ?? '')
        .where((inner) =>
          inner.or([
            inner('invitee_email', 'in', emails),
            // an array rather than `in (subquery)`: both sides of the `or` are then index scans
            // (vcards_invitee_email_idx, vcards_member_id_idx), not a pass over every card of the team
            inner(
              'member_id',
              '=',
              inner.fn.any(
                sql<string[]>`array(${inner
                  .selectFrom('team_members')
                  .innerJoin('users', 'users.id', 'team_members.user_id')
                  .select('team_members.user_id')
                  .where('team_members.team_id', '=', team.id)
                  .where(lowered('users.email'), 'in', emails)})`,
              ),
            ),
          ]),
        )
        // each one's first card (the oldest) is the one the import updates
        .orderBy('created_at')
        .orderBy('id'),
    ).as('cards'),
    eb
      .selectFrom('team_members')
      .select((inner) => inner.fn.countAll<string>().as('count'))
      .where('team_id', '=', team.id)
      .as('members'),
    pendingInvitations.select((inner) => inner.fn.countAll<string>().as('count')).as('pending'),
  ]);
}

type PeopleFound = Awaited<ReturnType<ReturnType<typeof peopleQuery>['executeTakeFirstOrThrow']>>;

/** What peopleQuery found, as the plan and the writes use it. */
function lookupOf(team: { id: string }, found: PeopleFound): TeamImportLookup {
  const cards: TeamCards = { ofMember: new Map(), ofInvitee: new Map() };
  for (const row of found.cards) {
    const card: TeamCardRow = {
      id: row.id,
      card: {
        name: row.name,
        position: row.position,
        department: row.department,
        workPhone: row.work_phone,
        phone: row.phone,
      },
    };
    if (row.member_id && !cards.ofMember.has(row.member_id)) cards.ofMember.set(row.member_id, card);
    if (row.invitee_email && !cards.ofInvitee.has(row.invitee_email))
      cards.ofInvitee.set(row.invitee_email, card);
  }
  const ownMembers = found.accounts.flatMap(({ id, team_id, role, email }) =>
    team_id === team.id && role ? [{ userId: id, role, email }] : [],
  );
  const members = new Map<string, TeamImportPersonState>(
    ownMembers.map((member) => [
      member.email,
      { role: member.role, card: cards.ofMember.get(member.userId)?.card ?? null },
    ]),
  );
  const invitations = new Map<string, TeamImportPersonState & { role: InvitableTeamRole }>(
    found.invitations.map((invitation) => [
      invitation.email,
      { role: invitedRole(invitation.role), card: cards.ofInvitee.get(invitation.email)?.card ?? null },
    ]),
  );
  // the plan counts the seats of the people it is given; the others' come off the most
  const seatsTaken = Number(found.members ?? 0) + Number(found.pending ?? 0);
  return {
    state: {
      members,
      invitations,
      inOtherTeams: new Set(
        found.accounts.flatMap(({ team_id, email }) =>
          team_id !== null && team_id !== team.id ? [email] : [],
        ),
      ),
      seatsMax: TEAM_MEMBERS_MAX - (seatsTaken - members.size - invitations.size),
    },
    memberIds: new Map(ownMembers.map((member) => [member.email, member.userId])),
    accounts: new Map(
      found.accounts.map(({ id, email, language }) => [email, { id, language: language ?? DEFAULT_LOCALE }]),
    ),
    cards,
  };
}

const invitedRole = (role: TeamRole): InvitableTeamRole => (role === 'admin' ? 'admin' : 'member');

/** The file's rows checked and planned against the team; a file refused whole is its problem. */
async function planFile(
  db: Kysely<Database>,
  teamId: string,
  bytes: Uint8Array,
  now: Date,
): Promise<
  | { ok: false; problem: TeamImportFileProblem }
  | { ok: true; file: TeamImportFile; checked: CheckedTeamImportRow[]; planned: PlannedTeamImportRow[] }
> {
  const read = readTeamImportFile(bytes);
  if (!read.ok) return read;
  const team = await db.selectFrom('teams').select('account_id').where('id', '=', teamId).executeTakeFirst();
  if (!team) throw new AppError('not_found');
  const checked = checkTeamImportRows(read.file);
  const emails = checked.flatMap((row) => (row.ok ? [row.person.email] : []));
  const people = await lookUpPeople(db, { id: teamId, accountId: team.account_id }, emails, now);
  return { ok: true, file: read.file, checked, planned: planTeamImport(checked, people.state) };
}

/** The plan's fingerprint: the same file against the same team as it is gives the same one. */
function planFingerprint(teamId: string, planned: readonly PlannedTeamImportRow[]): string {
  return createHash('sha256').update(JSON.stringify({ teamId, planned })).digest('base64url');
}

function cardPublicOf(planned: PlannedTeamImportRow): TeamImportRowView['cardPublic'] {
  if (planned.action === 'invite') return 'on_join';
  if (planned.action !== 'update' || !planned.createsCard) return null;
  return planned.who === 'member' ? 'now' : 'on_join';
}

function rowView(
  file: TeamImportFile,
  planned: PlannedTeamImportRow,
  result: TeamImportRowResult,
): TeamImportRowView {
  const cell = (index: number | undefined) => (index === undefined ? '' : (result.cells[index] ?? ''));
  const role =
    result.outcome !== 'error' && (planned.action === 'invite' || planned.action === 'update')
      ? planned.role
      : null;
  return {
    row: result.row,
    name: teamImportNameOf(file, result.cells).name,
    email: cell(file.columns.email),
    outcome: result.outcome,
    role,
    changes: result.changes,
    issues: result.issues,
    cardPublic: result.outcome === 'error' ? null : cardPublicOf(planned),
  };
}

/** The dry run: what the import of `bytes` would do with each row, for the team's owner or an admin. */
export async function checkTeamImport(
  db: Kysely<Database>,
  team: TeamMembership,
  bytes: Uint8Array,
  now: Date = new Date(),
): Promise<TeamImportCheck> {
  const plan = await planFile(db, team.teamId, bytes, now);
  if (!plan.ok) return plan;
  const counts = emptyTeamImportCounts();
  const rows = plan.planned.map((planned) => {
    const view = rowView(plan.file, planned, teamImportRowResult(planned));
    counts[view.outcome] += 1;
    return view;
  });
  return {
    ok: true,
    plan: planFingerprint(team.teamId, plan.planned),
    ignoredHeaders: plan.file.ignoredHeaders,
    counts,
    rows,
  };
}

export interface TeamImportRun {
  total: number;
  events: AsyncGenerator<TeamImportEvent, void, undefined>;
}

/** What every row of one import writes with. */
interface ImportRun {
  deps: ImportDeps;
  /** Its name and brand as the import began: every invitation of the import is sent with them. */
  team: TeamMembership & { name: string; branding: Branding };
  importer: SessionUser;
  /** The importer's language: the result file's, and the invitations' where the invitee has no account. */
  locale: Locale;
  createInvitation: CreateTeamInvitation;
}

/**
 * Starts the import of `bytes` for `importer`, an owner or admin of `team`: refused with edit_conflict
 * (nothing written) when the file no longer plans as `expectedPlan`, the dry run the person saw; otherwise
 * the rows are written a few at a time as `events` is read. Stopping early (the person left) stops between
 * transactions.
 */
export async function startTeamImport(
  deps: ImportDeps,
  team: TeamMembership,
  importer: SessionUser,
  input: { bytes: Uint8Array; expectedPlan: string; locale: Locale },
): Promise<TeamImportRun> {
  const plan = await planFile(deps.db, team.teamId, input.bytes, new Date());
  if (!plan.ok) throw new AppError('validation_failed', { problem: plan.problem });
  if (planFingerprint(team.teamId, plan.planned) !== input.expectedPlan) throw new AppError('edit_conflict');
  const [{ name }, branding] = await Promise.all([
    deps.db.selectFrom('teams').select('name').where('id', '=', team.teamId).executeTakeFirstOrThrow(),
    teamBranding(deps.db, team.teamId),
  ]);
  const run: ImportRun = {
    deps,
    team: { ...team, name, branding },
    importer,
    locale: input.locale,
    createInvitation: await deps.invitations.inviter(importer),
  };
  return { total: plan.planned.length, events: importEvents(run, plan.file, plan.checked, plan.planned) };
}

async function* importEvents(
  run: ImportRun,
  file: TeamImportFile,
  checked: readonly CheckedTeamImportRow[],
  planned: readonly PlannedTeamImportRow[],
): AsyncGenerator<TeamImportEvent, void, undefined> {
  const counts = emptyTeamImportCounts();
  const results: TeamImportRowResult[] = [];
  yield { type: 'start', total: planned.length };
  try {
    for (let start = 0; start < planned.length; start += ROWS_PER_TRANSACTION) {
      const end = Math.min(start + ROWS_PER_TRANSACTION, planned.length);
      const rows = planned.slice(start, end).map((plannedRow, offset) => ({
        checked: checked[start + offset],
        planned: plannedRow,
      }));
      const toWrite = rows.flatMap((row) =>
        row.checked?.ok && row.planned.action !== 'error'
          ? [{ checked: row.checked, planned: row.planned }]
          : [],
      );
      const written = await writeRows(run, toWrite);
      const batch = rows.map(
        (row) =>
          written.get(row.planned) ?? { planned: row.planned, result: teamImportRowResult(row.planned) },
      );
      // counted before they are told: a person who leaves mid-batch still gets a log of every row written
      for (const row of batch) {
        results.push(row.result);
        counts[row.result.outcome] += 1;
      }
      for (const row of batch) yield { type: 'row', row: rowView(file, row.planned, row.result) };
    }
    yield {
      type: 'done',
      counts,
      csv: teamImportResultCsv(file, results, run.locale),
      fileName: `${TEAM_IMPORT_TEXTS[run.locale].resultFileName}-${new Date().toISOString().slice(0, 10)}.csv`,
    };
  } finally {
    // however it ended: the log says what was done, and the team's pages and dashboards follow
    if (results.length > 0) await finishImport(run, counts);
  }
}

async function finishImport({ deps, team, importer }: ImportRun, counts: TeamImportCounts): Promise<void> {
  await recordTeamEvent(deps.db, {
    teamId: team.teamId,
    actor: { id: importer.id, name: importer.name },
    action: 'members_imported',
    subject: teamImportEventSubject(counts),
  });
  const account = await deps.db
    .selectFrom('teams')
    .select('account_id')
    .where('id', '=', team.teamId)
    .executeTakeFirst();
  // the cards changed: their public pages (every process's cache) and the dashboards that list them
  if (account?.account_id) deps.changes.publish({ userId: account.account_id, topic: 'cards' });
  announceTeamChange(deps.changes, [...(await teamMemberIds(deps.db, team.teamId)), importer.id]);
}

/**
 * How many rows share a transaction (and the team's lock): each row's own reads and plan stay as they were,
 * but the begin, the lock and the commit are paid once for all of them (bench:import, docs/performance.md).
 * 25 rows hold the lock for about a quarter of a second, and the screen's progress moves as often.
 */
const ROWS_PER_TRANSACTION = 25;

interface RowToWrite {
  checked: CheckedTeamImportRow & { ok: true };
  planned: PlannedTeamImportRow;
}

interface WrittenRow {
  planned: PlannedTeamImportRow;
  result: TeamImportRowResult;
}

/**
 * Rows written together, in one transaction: each planned again against the team as it is now (someone
 * may have joined another team, or been invited, since the import began; the rows before it in the same
 * transaction included), then written as that plan says. When any of them cannot be written (the database,
 * the mail queue), the transaction keeps nothing and each row is written again in a transaction of its own,
 * so that a row that fails is an error of its own and the others are written. The result of each row, by
 * its planned row.
 */
async function writeRows(
  run: ImportRun,
  rows: readonly RowToWrite[],
): Promise<Map<PlannedTeamImportRow, WrittenRow>> {
  const written = new Map<PlannedTeamImportRow, WrittenRow>();
  if (rows.length === 0) return written;
  try {
    const together = await run.deps.db.transaction().execute(async (trx) => {
      // the team's lock: rows of imports running at once (in any process) are weighed one at a time
      const team = await teamAccountForNewCard(trx, run.team.teamId);
      const done: (WrittenRow & { emitted: boolean })[] = [];
      for (const row of rows) done.push(await writeRow(run, trx, team, row));
      return done;
    });
    // the rows' card events were queued with them (the worker is woken only when there can be some)
    if (together.some((row) => row.emitted)) run.deps.webhooks.wake();
    rows.forEach((row, index) => {
      const done = together[index];
      if (done) written.set(row.planned, { planned: done.planned, result: done.result });
    });
  } catch (error) {
    if (rows.length > 1) {
      for (const row of rows) for (const [key, value] of await writeRows(run, [row])) written.set(key, value);
      return written;
    }
    const [row] = rows;
    if (!row) return written;
    run.deps.logError(error, row.planned.row);
    written.set(row.planned, {
      planned: row.planned,
      result: teamImportRowResult(row.planned, [{ column: null, message: M.teamImportRowFailed }]),
    });
  }
  return written;
}

/** One row in the transaction of its batch, under the team's lock: its lookup, its plan, its writes. */
async function writeRow(
  run: ImportRun,
  trx: Transaction<Database>,
  { account, printedDomain }: { account: string; printedDomain: string | null },
  { checked }: RowToWrite,
): Promise<WrittenRow & { emitted: boolean }> {
  const { email } = checked.person;
  const people = await lookUpRow(trx, { id: run.team.teamId, accountId: account }, email, new Date());
  const [now] = planTeamImport([checked], people.state);
  if (!now) throw new Error('a planned row is missing');
  const write: RowWrite = { trx, account, printedDomain, people, emitted: false };
  if (now.action === 'invite') await invite(run, write, now);
  if (now.action === 'update') await update(run, write, now);
  return { planned: now, result: teamImportRowResult(now), emitted: write.emitted };
}

/** Where a row is written: its transaction, the team's account, and the person as the team has them. */
interface RowWrite {
  trx: Transaction<Database>;
  account: string;
  /** the team's Address in the code, which new cards' QR codes are printed with */
  printedDomain: string | null;
  people: RowLookup;
  /** Whether a card event was emitted (some endpoint of the account takes it). */
  emitted: boolean;
}

/** A new address: the plugin's invitation, its e-mail, and the invitee's team card (theirs once they join). */
async function invite(
  run: ImportRun,
  write: RowWrite,
  planned: PlannedTeamImportRow & { action: 'invite' },
): Promise<void> {
  const { team, importer } = run;
  const { trx, people } = write;
  const invitationId = await run.createInvitation(trx, {
    teamId: team.teamId,
    email: planned.email,
    role: planned.role,
  });
  // a card still waiting from an invitation that expired is this person's: it is used again
  const waiting = people.cards.ofInvitee.get(planned.email);
  if (waiting) await updateCard(run, write, waiting.id, planned.card);
  else {
    await createCard(run, write, planned.card, {
      member_id: null,
      invitee_email: planned.email,
      draft: true,
      email: planned.email,
    });
  }
  await mailTeamInvitation(
    run.deps,
    {
      id: invitationId,
      email: planned.email,
      role: planned.role,
      teamId: team.teamId,
      teamName: team.name,
      teamBranding: team.branding,
      inviter: { ...importer, locale: run.locale },
    },
    trx,
    people.accounts.get(planned.email) ?? null,
  );
  await recordTeamEvent(trx, {
    teamId: team.teamId,
    actor: { id: importer.id, name: importer.name },
    action: 'member_invited',
    subject: planned.email,
    role: planned.role,
  });
}

/** Someone in the team or invited to it: their role, and their team card's fields (made when none). */
async function update(
  run: ImportRun,
  write: RowWrite,
  planned: PlannedTeamImportRow & { action: 'update' },
): Promise<void> {
  const { trx, people } = write;
  const { team, importer } = run;
  const { email } = planned;
  const memberId = planned.who === 'member' ? (people.memberIds.get(email) ?? null) : null;
  if (planned.who === 'member' && !memberId) throw new Error('the member the plan updates is missing');
  if (planned.role && memberId) {
    await trx
      .updateTable('team_members')
      .set({ role: planned.role })
      .where('team_id', '=', team.teamId)
      .where('user_id', '=', memberId)
      // ownership is transferred, never imported (the plan refuses such a row already)
      .where('role', '<>', 'owner')
      .execute();
    await recordTeamEvent(trx, {
      teamId: team.teamId,
      actor: { id: importer.id, name: importer.name },
      action: 'member_role_changed',
      subject: await personLabel(trx, memberId),
      role: planned.role,
      concerns: [memberId],
    });
  } else if (planned.role) {
    await trx
      .updateTable('team_invitations')
      .set({ role: planned.role })
      .where('team_id', '=', team.teamId)
      .where('status', '=', 'pending')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .execute();
  }
  // a card for someone who has not joined is a draft until they do (server/teams/cards.ts)
  const holder = memberId
    ? { member_id: memberId, invitee_email: null, draft: false }
    : { member_id: null, invitee_email: email, draft: true };
  if (planned.createsCard) {
    const { name } = planned.card;
    if (name === undefined) throw new Error('a card is made without its name');
    await createCard(run, write, { ...EMPTY_CARD, ...planned.card, name }, { ...holder, email });
  } else if (planned.changes.some((change) => change !== 'role')) {
    const card = memberId ? people.cards.ofMember.get(memberId) : people.cards.ofInvitee.get(email);
    if (!card) throw new Error('the card the plan updates is missing');
    await updateCard(run, write, card.id, planned.card);
  }
}

const EMPTY_CARD: Omit<TeamImportCard, 'name'> = {
  position: null,
  department: null,
  workPhone: null,
  phone: null,
};

/**
 * A team card for an imported person, with the link that is its QR code (the card editor's own insert):
 * its e-mail is the address they were invited at, as the New card dialog fills it in.
 */
async function createCard(
  run: ImportRun,
  write: RowWrite,
  card: TeamImportCard,
  {
    email,
    ...holder
  }: { member_id: string | null; invitee_email: string | null; draft: boolean; email: string },
): Promise<void> {
  const form = VcardFormSchema.parse({
    ...emptyVcardForm(),
    name: card.name,
    givenName: card.givenName ?? '',
    familyName: card.familyName ?? '',
    email,
    position: card.position ?? '',
    department: card.department ?? '',
    workPhone: card.workPhone ?? '',
    phone: card.phone ?? '',
  });
  const { trx, account } = write;
  const { id } = await insertVcard(trx, run.deps.config.publicUrl, account, form, {
    holder,
    identity: {
      code: write.people.freeLinkCode ?? (await unusedLinkCode(trx)),
      domain: write.printedDomain,
    },
  });
  // to the endpoints of the team's account, the card's owner, as a card made by an admin
  await emitCardEvent(run, write, 'card.created', id);
}

/**
 * A team card's fields that the file sets; a new name makes the contact's name parts follow it. Its
 * card.updated goes to the team account's endpoints, as an admin's edit of it does.
 */
async function updateCard(
  run: ImportRun,
  write: RowWrite,
  cardId: string,
  fields: Partial<TeamImportCard>,
): Promise<void> {
  const { trx, account } = write;
  const { name } = fields;
  await trx
    .updateTable('vcards')
    .set({
      // the file's parts, or blank ones suggested from the name again (src/name-parts.ts), never the old name's
      ...(name === undefined
        ? {}
        : { name, given_name: fields.givenName ?? null, family_name: fields.familyName ?? null }),
      ...('position' in fields ? { position: fields.position ?? null } : {}),
      ...('department' in fields ? { department: fields.department ?? null } : {}),
      ...('workPhone' in fields ? { work_phone: fields.workPhone ?? null } : {}),
      ...('phone' in fields ? { phone: fields.phone ?? null } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', cardId)
    .where('user_id', '=', account)
    .execute();
  // the QR code's title follows the card's name, as the card editor's save does
  if (name !== undefined)
    await trx.updateTable('links').set({ title: name }).where('vcard_id', '=', cardId).execute();
  await emitCardEvent(run, write, 'card.updated', cardId);
}

/**
 * A card's event to the team account's endpoints, when one of them takes it: the row's lookup read them
 * under the team's lock in the row's transaction, as the outbox's own emit would read them a moment later.
 */
async function emitCardEvent(
  { deps }: ImportRun,
  write: RowWrite,
  event: 'card.created' | 'card.updated',
  cardId: string,
): Promise<void> {
  if (!write.people.webhookEvents.has(event)) return;
  const { trx, account } = write;
  await deps.webhooks.emit(trx, account, event, () => readVcard(trx, account, cardId));
  write.emitted = true;
}
