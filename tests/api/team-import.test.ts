import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamImportCheck, TeamImportEvent, TeamImportRowView } from '../../server/teams/import.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { TEAM_IMPORT_MAX_BYTES, teamImportCountsOf } from '../../src/team-import.ts';
import { teamImportFixture } from '../../scripts/lib/team-import-file.ts';
import { createSignedInOwner } from '../support/factories.ts';
import { buildMailingTestApp, type MailingTestApp } from '../support/harness.ts';
import {
  addTeam,
  addTeamCard,
  addTeamInvitation,
  teamAccountOf,
  teamImportCall,
  teamImportEvents,
} from '../support/teams.ts';

// A team's CSV import carried out (server/teams/import.ts, server/teams/routes.ts): the dry run writes
// nothing, the import does what the dry run said row by row (each row its own transaction, every row
// reported), malformed files are refused whole or per row without a crash, the result file neutralises
// formula cells, and only the team's owner and admins may import.

let t: MailingTestApp;

beforeAll(async () => {
  t = await buildMailingTestApp();
});

afterAll(async () => {
  await t?.close();
});

let people = 0;
/** A fresh address of this file's own. */
function address(label: string): string {
  people += 1;
  return `${label}.${people}@import.example.com`;
}

/**
 * A team of an owner on Business, an admin and a member with a team card; a pending invitation with a
 * card waiting for it; and someone in another team.
 */
async function teamToImportInto() {
  const owner = await createSignedInOwner(t, { plan: 'business', name: 'Olga Owner' });
  const admin = await createSignedInOwner(t, { plan: 'free', name: 'Adam Admin' });
  const member = await createSignedInOwner(t, { plan: 'free', name: 'Mia Member' });
  const elsewhere = await createSignedInOwner(t, { plan: 'business', name: 'Eli Elsewhere' });
  const { teamId } = await addTeam(
    t.db,
    [
      { userId: owner.userId, role: 'owner' },
      { userId: admin.userId, role: 'admin' },
      { userId: member.userId, role: 'member' },
    ],
    { name: 'Acme Imports' },
  );
  await addTeam(t.db, [{ userId: elsewhere.userId, role: 'owner' }], { name: 'Other Team' });
  const memberCard = await addTeamCard(t.db, teamId, { memberId: member.userId, name: 'Mia Member' });
  const invitedEmail = address('ivy');
  await addTeamInvitation(t.db, { teamId, inviterId: owner.userId, email: invitedEmail });
  return { teamId, owner, admin, member, elsewhere, memberCard, invitedEmail };
}

type Team = Awaited<ReturnType<typeof teamToImportInto>>;

/** Everything of the team, as an import may change it: to prove that something changed nothing. */
async function teamSnapshot(teamId: string) {
  const team = await t.db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirstOrThrow();
  const account = team.account_id ?? '';
  const [members, invitations, events, cards, links, mail] = await Promise.all([
    t.db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).orderBy('id').execute(),
    t.db.selectFrom('team_invitations').selectAll().where('team_id', '=', teamId).orderBy('id').execute(),
    t.db.selectFrom('team_events').selectAll().where('team_id', '=', teamId).orderBy('id').execute(),
    t.db.selectFrom('vcards').selectAll().where('user_id', '=', account).orderBy('id').execute(),
    t.db.selectFrom('links').selectAll().where('user_id', '=', account).orderBy('id').execute(),
    t.db.selectFrom('mail_outbox').select(['recipient', 'kind']).orderBy('recipient').execute(),
  ]);
  return { team, members, invitations, events, cards, links, mail };
}

/** A CSV of these rows under the English headers. */
function csvOf(
  rows: string[][],
  headers = ['Name', 'Email', 'Position', 'Department', 'Mobile phone', 'Role'],
) {
  return [headers, ...rows].map((cells) => cells.map(quoted).join(',')).join('\r\n');
}

function quoted(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

async function dryRun(cookie: string, file: string | Uint8Array) {
  const response = await teamImportCall(t.app, cookie, 'check', file);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TeamImportCheck;
}

async function importFile(cookie: string, file: string | Uint8Array, plan: string) {
  const response = await teamImportCall(t.app, cookie, 'run', file, plan);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/x-ndjson');
  const events = teamImportEvents(response);
  const rows = events.flatMap((event) => (event.type === 'row' ? [event.row] : []));
  const done = events.find((event): event is TeamImportEvent & { type: 'done' } => event.type === 'done');
  if (!done) throw new Error(`the import did not finish: ${response.body}`);
  return { events, rows, done };
}

/** What each row will do or did, by row number. */
const outcomes = (rows: readonly TeamImportRowView[]) =>
  rows.map(({ row, outcome, changes }) => ({ row, outcome, changes }));

/**
 * A trigger `name` on team_invitations: inviting `invited` puts `joiner` in the team of `teamOf` (someone
 * joins another team while the import runs), and inviting `failing` fails as a full disk would. Dropped
 * with `drop trigger {name} on team_invitations`.
 */
async function joinElsewhereWhenInvited(
  name: string,
  people: { invited: string; joiner: string; teamOf: string; failing?: string },
): Promise<void> {
  const failing = people.failing
    ? sql`if new.email = ${sql.lit(people.failing)} then raise exception 'disk full'; end if;`
    : sql``;
  await sql`
    create or replace function ${sql.id(name)}() returns trigger language plpgsql as $$
    begin
      if new.email = ${sql.lit(people.invited)} then
        insert into team_members (id, team_id, user_id, role)
        select gen_random_uuid()::text, team_id, ${sql.lit(people.joiner)}, 'member'
        from team_members where user_id = ${sql.lit(people.teamOf)};
      end if;
      ${failing}
      return new;
    end $$`.execute(t.db);
  await sql`create trigger ${sql.id(name)} before insert on team_invitations for each row execute function ${sql.id(name)}()`.execute(
    t.db,
  );
}

/** A mixed file against `team`: new people, the member, the invitee, someone of another team, bad rows. */
function mixedFile(team: Team) {
  const newAdmin = address('nadia');
  const newMember = address('noah');
  return {
    newAdmin,
    newMember,
    csv: csvOf([
      ['Nadia Nueva', newAdmin, 'Head of Sales', 'Sales, EMEA', '+34 600 111 222', 'admin'],
      ['Noah New', newMember, '', '', '', ''],
      // the member: a new position and role; their card is updated
      ['Mia Member', team.member.email, 'Lead designer', '', '', 'Administrador'],
      // the invitee: as they are (blank role keeps theirs); their card is made now
      ['Ivy Invited', team.invitedEmail, '', '', '', ''],
      ['Eli Elsewhere', team.elsewhere.email, '', '', '', ''],
      ["=cmd|' /C calc'!A0", address('formula'), '', '', '', ''],
      ['Bad Address', 'not-an-address', '', '', '', ''],
      ['Olga Owner', team.owner.email, '', '', '', 'member'],
    ]),
  };
}

describe('the dry run', () => {
  it('says what each row will do and writes nothing', async () => {
    const team = await teamToImportInto();
    const file = mixedFile(team);
    const before = await teamSnapshot(team.teamId);
    const check = await dryRun(team.admin.cookie, file.csv);
    if (!check.ok) throw new Error(JSON.stringify(check.problem));
    expect(check.counts).toEqual({ invited: 2, updated: 2, unchanged: 0, error: 4 });
    expect(
      check.rows.map(({ row, name, email, outcome, role, changes, cardPublic }) => ({
        row,
        name,
        email,
        outcome,
        role,
        changes,
        cardPublic,
      })),
    ).toEqual([
      // a new person's card is a draft until they join (docs/decisions/021-teams.md)
      {
        row: 2,
        name: 'Nadia Nueva',
        email: file.newAdmin,
        outcome: 'invited',
        role: 'admin',
        changes: [],
        cardPublic: 'on_join',
      },
      {
        row: 3,
        name: 'Noah New',
        email: file.newMember,
        outcome: 'invited',
        role: 'member',
        changes: [],
        cardPublic: 'on_join',
      },
      {
        row: 4,
        name: 'Mia Member',
        email: team.member.email,
        outcome: 'updated',
        role: 'admin',
        changes: ['role', 'position', 'phone'],
        cardPublic: null,
      },
      {
        row: 5,
        name: 'Ivy Invited',
        email: team.invitedEmail,
        outcome: 'updated',
        role: null,
        changes: ['name'],
        // an invitation without a card yet gets one, a draft too
        cardPublic: 'on_join',
      },
      expect.objectContaining({ row: 6, outcome: 'error' }),
      expect.objectContaining({ row: 7, outcome: 'error' }),
      expect.objectContaining({ row: 8, outcome: 'error' }),
      expect.objectContaining({ row: 9, outcome: 'error' }),
    ]);
    expect(check.rows.slice(4).map((row) => row.issues)).toEqual([
      [{ column: 'email', message: M.teamImportInOtherTeam }],
      [{ column: 'name', message: M.teamImportFormula }],
      [{ column: 'email', message: M.emailInvalid }],
      [{ column: 'role', message: M.teamImportOwnerRole }],
    ]);
    // the owner may check too; neither check wrote anything of the team, nor queued mail
    expect((await dryRun(team.owner.cookie, file.csv)).ok).toBe(true);
    expect(await teamSnapshot(team.teamId)).toEqual(before);
  });

  it('refuses a whole file that cannot be read, with its reason', async () => {
    const team = await teamToImportInto();
    const before = await teamSnapshot(team.teamId);
    const problems = [
      // wrong columns: no e-mail column
      [
        csvOf([['Ana', 'Sales']], ['Name', 'Department']),
        { message: M.teamImportColumnMissing, column: 'email' },
      ],
      // bad encoding: UTF-16, Excel's "Unicode text" (Windows-1252, its "CSV", is read: unit tests)
      [
        Buffer.from('Name,Email\r\nJos\xe9 P\xe9rez,jose@example.com\r\n', 'utf16le'),
        { message: M.teamImportFileEncoding },
      ],
      ['Name,Email\r\n"Ana,ana@example.com\r\n', { message: M.teamImportFileUnreadable, line: 2 }],
      ['', { message: M.teamImportFileEmpty }],
      ['Name,Email\r\n', { message: M.teamImportFileNoRows }],
    ] as const;
    for (const [file, problem] of problems) {
      expect(await dryRun(team.owner.cookie, file)).toEqual({ ok: false, problem });
    }
    expect(await teamSnapshot(team.teamId)).toEqual(before);
  });

  it('refuses a file over the limit before reading it, and goes on answering', async () => {
    const team = await teamToImportInto();
    const before = await teamSnapshot(team.teamId);
    const tenMegabytes = `Name,Email\r\n${'Ana Ruiz,ana@example.com\r\n'.repeat(420_000)}`;
    expect(Buffer.byteLength(tenMegabytes)).toBeGreaterThan(10 * 1024 * 1024);
    for (const step of ['check', 'run'] as const) {
      const response = await teamImportCall(t.app, team.owner.cookie, step, tenMegabytes, 'plan');
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ reason: 'payload_too_large' });
    }
    // just under the limit is read (and refused as too many rows, never as too large)
    const justUnder = `Name,Email\r\n${'a,b\r\n'.repeat((TEAM_IMPORT_MAX_BYTES - 20) / 5)}`;
    expect(await dryRun(team.owner.cookie, justUnder)).toEqual({
      ok: false,
      problem: { message: M.teamImportFileTooManyRows },
    });
    expect(await teamSnapshot(team.teamId)).toEqual(before);
    expect((await dryRun(team.owner.cookie, mixedFile(team).csv)).ok).toBe(true);
  });
});

describe('the import', () => {
  it('does what the dry run said, row by row, and reports every row', async () => {
    const team = await teamToImportInto();
    const file = mixedFile(team);
    const check = await dryRun(team.admin.cookie, file.csv);
    if (!check.ok) throw new Error('the file was refused');
    const { events, rows, done } = await importFile(team.admin.cookie, file.csv, check.plan);
    expect(events[0]).toEqual({ type: 'start', total: 8 });
    expect(outcomes(rows)).toEqual(outcomes(check.rows));
    expect(rows.map((row) => row.issues)).toEqual(check.rows.map((row) => row.issues));
    expect(done.counts).toEqual(check.counts);

    // the invitations, made by the organization plugin's adapter: pending, valid 7 days, with their role
    const invitations = await t.db
      .selectFrom('team_invitations')
      .select(['id', 'email', 'role', 'status', 'expires_at', 'inviter_id'])
      .where('team_id', '=', team.teamId)
      .where('email', 'in', [file.newAdmin, file.newMember])
      .orderBy('email')
      .execute();
    expect(invitations).toEqual([
      expect.objectContaining({
        email: file.newAdmin,
        role: 'admin',
        status: 'pending',
        inviter_id: team.admin.userId,
      }),
      expect.objectContaining({
        email: file.newMember,
        role: 'member',
        status: 'pending',
        inviter_id: team.admin.userId,
      }),
    ]);
    for (const invitation of invitations) {
      expect(invitation.id).toMatch(/^[A-Za-z0-9]{32}$/);
      const days = (invitation.expires_at.getTime() - Date.now()) / (24 * 60 * 60 * 1000);
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
    }

    // each new person's team card waits for them; the member's card changed; the invitee got theirs
    const account = (await teamAccountOf(t.db, team.teamId)) ?? '';
    const cards = await t.db
      .selectFrom('vcards')
      .select([
        'id',
        'name',
        'position',
        'department',
        'phone',
        'email',
        'member_id',
        'invitee_email',
        'draft',
      ])
      .where('user_id', '=', account)
      .orderBy('name')
      .execute();
    expect(cards).toEqual([
      expect.objectContaining({ name: 'Ivy Invited', invitee_email: team.invitedEmail, member_id: null }),
      expect.objectContaining({
        name: 'Mia Member',
        position: 'Lead designer',
        member_id: team.member.userId,
      }),
      expect.objectContaining({
        name: 'Nadia Nueva',
        position: 'Head of Sales',
        department: 'Sales, EMEA',
        phone: '+34 600 111 222',
        // the address they were invited at, as the New card dialog fills it in
        email: file.newAdmin,
        invitee_email: file.newAdmin,
        draft: true,
      }),
      expect.objectContaining({
        name: 'Noah New',
        position: null,
        email: file.newMember,
        invitee_email: file.newMember,
        draft: true,
      }),
    ]);
    // every new card has the link that is its QR code; its page is public once its person joins
    const links = await t.db.selectFrom('links').select('vcard_id').where('user_id', '=', account).execute();
    expect(new Set(links.map((link) => link.vcard_id))).toEqual(new Set(cards.map((card) => card.id)));
    const pageUrl = `/vcard/${cards[2]?.id ?? ''}`;
    expect((await t.app.inject({ method: 'GET', url: pageUrl })).statusCode).toBe(404);
    await t.db
      .updateTable('vcards')
      .set({ draft: false })
      .where('id', '=', cards[2]?.id ?? '')
      .execute();
    expect((await t.app.inject({ method: 'GET', url: pageUrl })).body).toContain('Head of Sales');
    const role = await t.db
      .selectFrom('team_members')
      .select('role')
      .where('user_id', '=', team.member.userId)
      .executeTakeFirstOrThrow();
    expect(role.role).toBe('admin');
    // nobody of the refused rows was written: the person of another team, the formula, the owner
    expect(
      await t.db
        .selectFrom('team_members')
        .select(['user_id', 'role'])
        .where('user_id', 'in', [team.elsewhere.userId, team.owner.userId])
        .execute(),
    ).toEqual(
      expect.arrayContaining([
        { user_id: team.elsewhere.userId, role: 'owner' },
        { user_id: team.owner.userId, role: 'owner' },
      ]),
    );

    // the log: the invitations' own entries, the role change, and one entry of the import with its counts
    const log = await t.db
      .selectFrom('team_events')
      .select(['actor_id', 'action', 'subject', 'role'])
      .where('team_id', '=', team.teamId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(
      log.filter((entry) => entry.action === 'member_invited').map((entry) => [entry.subject, entry.role]),
    ).toEqual([
      [file.newAdmin, 'admin'],
      [file.newMember, 'member'],
    ]);
    expect(log.filter((entry) => entry.action === 'member_role_changed')).toEqual([
      expect.objectContaining({ subject: `Mia Member <${team.member.email}>`, role: 'admin' }),
    ]);
    const imported = log.filter((entry) => entry.action === 'members_imported');
    expect(imported).toHaveLength(1);
    expect(imported[0]?.actor_id).toBe(team.admin.userId);
    expect(teamImportCountsOf(imported[0]?.subject ?? '')).toEqual({
      invited: 2,
      updated: 2,
      unchanged: 0,
      error: 4,
    });

    // the invitation e-mails, in the team's name, with the link to join
    for (const email of [file.newAdmin, file.newMember]) {
      const mail = await t.mail.waitFor((m) => m.to.includes(email));
      expect(mail.subject).toContain('Acme Imports');
      expect(mail.body).toContain('/dashboard/team?invitation=');
    }

    // the result file: the upload's columns, each row's result and reason, its formula cell neutralised
    expect(done.fileName).toMatch(/^team-import-results-\d{4}-\d{2}-\d{2}\.csv$/);
    const result = parse(done.csv, { bom: true, relax_column_count: true }) as string[][];
    expect(result[0]).toEqual([
      'Name',
      'Email',
      'Position',
      'Department',
      'Mobile phone',
      'Role',
      'result',
      'reason',
    ]);
    expect(result.slice(1).map((cells) => cells[6])).toEqual([
      'invited',
      'invited',
      'updated',
      'updated',
      'error',
      'error',
      'error',
      'error',
    ]);
    expect(result[6]?.[0]).toBe("'=cmd|' /C calc'!A0");
    expect(result[6]?.[7]).toContain('Name: Looks like a spreadsheet formula');
    expect(done.csv.split(/\r?\n/).some((line) => /^[=+\-@]/.test(line))).toBe(false);
  });

  it('imports again as "no change", and writes its result file in the importer\'s language', async () => {
    const team = await teamToImportInto();
    await t.db.updateTable('profiles').set({ language: 'es' }).where('id', '=', team.owner.userId).execute();
    const csv = csvOf([['Nora Nueva', address('nora'), 'Diseñadora', '', '', 'Miembro']]);
    const first = await dryRun(team.owner.cookie, csv);
    if (!first.ok) throw new Error('the file was refused');
    await importFile(team.owner.cookie, csv, first.plan);
    const second = await dryRun(team.owner.cookie, csv);
    if (!second.ok) throw new Error('the file was refused');
    expect(outcomes(second.rows)).toEqual([{ row: 2, outcome: 'unchanged', changes: [] }]);
    const { done } = await importFile(team.owner.cookie, csv, second.plan);
    expect(done.counts).toEqual({ invited: 0, updated: 0, unchanged: 1, error: 0 });
    expect(done.fileName).toMatch(/^resultados-importacion-/);
    expect(done.csv).toContain('resultado,motivo');
    expect(done.csv).toContain('sin cambios');
  });

  it('refuses to start when the team changed since the dry run, and writes nothing', async () => {
    const team = await teamToImportInto();
    const newcomer = address('nico');
    const csv = csvOf([['Nico New', newcomer, '', '', '', '']]);
    const check = await dryRun(team.owner.cookie, csv);
    if (!check.ok) throw new Error('the file was refused');
    // someone else invites the same person meanwhile
    await addTeamInvitation(t.db, { teamId: team.teamId, inviterId: team.admin.userId, email: newcomer });
    const before = await teamSnapshot(team.teamId);
    const response = await teamImportCall(t.app, team.owner.cookie, 'run', csv, check.plan);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ reason: 'edit_conflict' });
    expect(await teamSnapshot(team.teamId)).toEqual(before);
  });

  it('weighs each row against the team as the rows before it in its transaction left it', async () => {
    const team = await teamToImportInto();
    const joinsElsewhere = await createSignedInOwner(t, { plan: 'free', name: 'Jo Joiner' });
    const [first, last] = [address('first-in-batch'), address('last-in-batch')];
    // the first row's invitation puts Jo in another team, in the same transaction as the rows after it
    await joinElsewhereWhenInvited('import_test_same_transaction', {
      invited: first,
      joiner: joinsElsewhere.userId,
      teamOf: team.elsewhere.userId,
    });
    try {
      const csv = csvOf([
        ['First Person', first, '', '', '', ''],
        ['Jo Joiner', joinsElsewhere.email, '', '', '', ''],
        ['Last Person', last, '', '', '', ''],
      ]);
      const check = await dryRun(team.owner.cookie, csv);
      if (!check.ok) throw new Error('the file was refused');
      expect(check.rows.map((row) => row.outcome)).toEqual(['invited', 'invited', 'invited']);
      const { rows, done } = await importFile(team.owner.cookie, csv, check.plan);
      expect(rows.map(({ outcome, issues }) => ({ outcome, issues }))).toEqual([
        { outcome: 'invited', issues: [] },
        { outcome: 'error', issues: [{ column: 'email', message: M.teamImportInOtherTeam }] },
        { outcome: 'invited', issues: [] },
      ]);
      expect(done.counts).toEqual({ invited: 2, updated: 0, unchanged: 0, error: 1 });
    } finally {
      await sql`drop trigger import_test_same_transaction on team_invitations`.execute(t.db);
    }
  });

  it('reports a row that fails as it is written, keeps nothing of it, and goes on with the others', async () => {
    const team = await teamToImportInto();
    const joinsElsewhere = await createSignedInOwner(t, { plan: 'free', name: 'Jo Joiner' });
    const [first, failing, mailless, last] = [
      address('first'),
      address('failing'),
      address('mailless'),
      address('last'),
    ];
    // while the first row is written, Jo joins another team; the second row's database write fails; the
    // third row's e-mail cannot be queued (the outbox refuses it)
    await joinElsewhereWhenInvited('import_test_meanwhile', {
      invited: first,
      joiner: joinsElsewhere.userId,
      teamOf: team.elsewhere.userId,
      failing,
    });
    await sql`
      create or replace function import_test_mail_down() returns trigger language plpgsql as $$
      begin
        if new.recipient = ${sql.lit(mailless)} then raise exception 'mail queue unavailable'; end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger import_test_mail_down before insert on mail_outbox for each row execute function import_test_mail_down()`.execute(
      t.db,
    );
    try {
      const csv = csvOf([
        ['First Person', first, '', '', '', ''],
        ['Jo Joiner', joinsElsewhere.email, '', '', '', ''],
        ['Failing Person', failing, '', '', '', ''],
        ['Mailless Person', mailless, '', '', '', ''],
        ['Last Person', last, '', '', '', ''],
      ]);
      const check = await dryRun(team.owner.cookie, csv);
      if (!check.ok) throw new Error('the file was refused');
      expect(check.rows.map((row) => row.outcome)).toEqual([
        'invited',
        'invited',
        'invited',
        'invited',
        'invited',
      ]);
      const { rows, done } = await importFile(team.owner.cookie, csv, check.plan);
      expect(rows.map(({ outcome, issues }) => ({ outcome, issues }))).toEqual([
        { outcome: 'invited', issues: [] },
        { outcome: 'error', issues: [{ column: 'email', message: M.teamImportInOtherTeam }] },
        { outcome: 'error', issues: [{ column: null, message: M.teamImportRowFailed }] },
        { outcome: 'error', issues: [{ column: null, message: M.teamImportRowFailed }] },
        { outcome: 'invited', issues: [] },
      ]);
      expect(done.counts).toEqual({ invited: 2, updated: 0, unchanged: 0, error: 3 });
      // nothing of the failed rows: no invitation, no card, no e-mail
      const invited = await t.db
        .selectFrom('team_invitations')
        .select('email')
        .where('team_id', '=', team.teamId)
        .where('email', 'in', [first, failing, mailless, last, joinsElsewhere.email])
        .orderBy('email')
        .execute();
      expect(invited.map((row) => row.email).sort()).toEqual([first, last].sort());
      const account = (await teamAccountOf(t.db, team.teamId)) ?? '';
      const waiting = await t.db
        .selectFrom('vcards')
        .select('invitee_email')
        .where('user_id', '=', account)
        .where('invitee_email', 'is not', null)
        .execute();
      expect(waiting.map((card) => card.invitee_email)).not.toContain(failing);
      expect(waiting.map((card) => card.invitee_email)).not.toContain(mailless);
      const mail = await t.db
        .selectFrom('mail_outbox')
        .select('recipient')
        .where('recipient', 'in', [failing, mailless])
        .execute();
      expect(mail).toEqual([]);
    } finally {
      await sql`drop trigger import_test_meanwhile on team_invitations`.execute(t.db);
      await sql`drop trigger import_test_mail_down on mail_outbox`.execute(t.db);
    }
  });

  it('imports a realistic file of many people', async () => {
    const team = await teamToImportInto();
    const fixture = teamImportFixture({ rows: 60, locale: 'es', domain: 'many.import.example.com' });
    const check = await dryRun(team.owner.cookie, fixture.bytes);
    if (!check.ok) throw new Error(JSON.stringify(check.problem));
    expect(check.counts).toEqual({ invited: 60, updated: 0, unchanged: 0, error: 0 });
    const { rows, done } = await importFile(team.owner.cookie, fixture.bytes, check.plan);
    expect(outcomes(rows)).toEqual(outcomes(check.rows));
    expect(done.counts.invited).toBe(60);
    const account = (await teamAccountOf(t.db, team.teamId)) ?? '';
    // written many rows to a transaction: the cards, their QR codes and the log still follow the file's order
    const cards = await t.db
      .selectFrom('vcards')
      .innerJoin('links', 'links.vcard_id', 'vcards.id')
      .select(['vcards.invitee_email', 'vcards.created_at', 'links.created_at as linkCreatedAt'])
      .where('vcards.user_id', '=', account)
      .where('vcards.invitee_email', 'like', '%@many.import.example.com')
      .orderBy('vcards.created_at')
      .execute();
    const inFileOrder = rows.map((row) => row.email.toLowerCase());
    expect(cards.map((card) => card.invitee_email)).toEqual(inFileOrder);
    const links = [...cards].sort((a, b) => a.linkCreatedAt.getTime() - b.linkCreatedAt.getTime());
    expect(links.map((card) => card.invitee_email)).toEqual(inFileOrder);
    const log = await t.db
      .selectFrom('team_events')
      .select('subject')
      .where('team_id', '=', team.teamId)
      .where('action', '=', 'member_invited')
      .orderBy('created_at')
      .execute();
    expect(log.map((entry) => entry.subject)).toEqual(inFileOrder);
  });
});

describe('a name split in two columns', () => {
  it("makes and renames cards with the file's name parts, the contact's N", async () => {
    const team = await teamToImportInto();
    const newcomer = address('maria');
    const csv = [
      'Nombre;Apellidos;Correo electrónico',
      `María José;García López;${newcomer}`,
      `Mia;Member Ruiz;${team.member.email}`,
    ].join('\r\n');
    const check = await dryRun(team.owner.cookie, csv);
    if (!check.ok) throw new Error(JSON.stringify(check.problem));
    expect(check.rows.map(({ name, outcome, changes }) => ({ name, outcome, changes }))).toEqual([
      { name: 'María José García López', outcome: 'invited', changes: [] },
      { name: 'Mia Member Ruiz', outcome: 'updated', changes: ['name'] },
    ]);
    await importFile(team.owner.cookie, csv, check.plan);
    const cards = await t.db
      .selectFrom('vcards')
      .select(['name', 'given_name', 'family_name'])
      .where('id', 'in', [team.memberCard.vcardId])
      .union(
        t.db
          .selectFrom('vcards')
          .select(['name', 'given_name', 'family_name'])
          .where('invitee_email', '=', newcomer),
      )
      .orderBy('name')
      .execute();
    expect(cards).toEqual([
      { name: 'María José García López', given_name: 'María José', family_name: 'García López' },
      { name: 'Mia Member Ruiz', given_name: 'Mia', family_name: 'Member Ruiz' },
    ]);
  });
});

describe('who may import', () => {
  it('the owner and admins; a member, someone of another team and a stranger are refused and change nothing', async () => {
    const team = await teamToImportInto();
    const stranger = await createSignedInOwner(t, { plan: 'business' });
    const csv = csvOf([['Nina New', address('nina'), '', '', '', '']]);
    const check = await dryRun(team.owner.cookie, csv);
    if (!check.ok) throw new Error('the file was refused');
    const before = await teamSnapshot(team.teamId);
    const refused = [
      [team.member.cookie, true],
      [stranger.cookie, false],
    ] as const;
    for (const [cookie, inTeam] of refused) {
      for (const step of ['check', 'run'] as const) {
        const response = await teamImportCall(t.app, cookie, step, csv, check.plan);
        expect(response.statusCode, `${step} ${String(inTeam)}`).toBe(403);
        expect(response.json()).toMatchObject({ reason: 'team_role_required' });
      }
    }
    // the owner of another team imports into their own team only
    const other = await teamImportCall(t.app, team.elsewhere.cookie, 'run', csv, check.plan);
    expect(other.statusCode).toBe(409);
    const signedOut = await teamImportCall(t.app, '', 'check', csv);
    expect(signedOut.statusCode).toBe(401);
    expect(await teamSnapshot(team.teamId)).toEqual(before);
  });
});
