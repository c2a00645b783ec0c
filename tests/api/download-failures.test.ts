import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPaths } from '../../src/routes.ts';
import { addLead, addLink, addVcard, createSignedInOwner } from '../support/factories.ts';
import { buildTestApp, type TestApp } from '../support/harness.ts';
import { captureLogs, type LogLine } from '../support/logs.ts';
import { addTeam, addTeamCard } from '../support/teams.ts';
import { LEADS_PAGE_SIZE } from '../../src/schemas/lead-list.ts';

// A download whose reading fails midway (the database restarts, its backend is terminated, a statement
// times out) fails alone: that answer is cut, the failure is logged once with its request id, and the same
// process answers everything else. Streams chained with `.pipe()` left the source's error unheard, and one
// events CSV took the whole server down (audit of 2026-11: 4 restarts in 4).
// The failure is made by the database itself, whatever the query's plan and the app's role: while a test
// runs, the table being read is a view over itself whose rows pass a check that raises PostgreSQL's own
// "terminating connection" error in the second statement that reads a page of it. The first page is sent,
// the second fails, on PGlite and PostgreSQL alike.

let t: TestApp;
const logs = captureLogs();

beforeAll(async () => {
  t = await buildTestApp({}, { logger: { level: 'warn', stream: logs.stream } });
});

afterAll(async () => {
  await t?.close();
});

/**
 * Makes the second page read of `table` fail: a page is a statement whose text contains `page` (the
 * reader's own ORDER BY), counted once per statement, whichever connection runs it. Returns what puts the
 * table back.
 */
async function secondPageFails(table: 'link_events' | 'leads', page: string) {
  const stored = `${table}_download_test`;
  await sql`create table if not exists download_test_pages (started timestamptz primary key)`.execute(t.db);
  await sql`delete from download_test_pages`.execute(t.db);
  await sql`
    create or replace function download_test_read_allowed() returns boolean language plpgsql as $$
    begin
      if strpos(current_query(), ${sql.lit(page)}) > 0 then
        insert into download_test_pages values (statement_timestamp()) on conflict do nothing;
        if (select count(*) from download_test_pages) >= 2 then
          raise exception using errcode = 'admin_shutdown',
            message = 'terminating connection due to administrator command';
        end if;
      end if;
      return true;
    end $$`.execute(t.db);
  await sql`alter table ${sql.table(table)} rename to ${sql.table(stored)}`.execute(t.db);
  await sql`create view ${sql.table(table)} as select * from ${sql.table(stored)} where download_test_read_allowed()`.execute(
    t.db,
  );
  return async function restore() {
    await sql`drop view ${sql.table(table)}`.execute(t.db);
    await sql`alter table ${sql.table(stored)} rename to ${sql.table(table)}`.execute(t.db);
  };
}

/** The whole answer as it arrived, and whether it ended cut (an error while reading) rather than cleanly. */
async function download(
  url: string,
  cookie: string,
): Promise<{ statusCode: number; body: Buffer; cut: boolean }> {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie }, payloadAsStream: true });
  const chunks: Buffer[] = [];
  let cut = false;
  try {
    for await (const chunk of response.stream() as Readable) chunks.push(Buffer.from(chunk as Buffer));
  } catch {
    cut = true;
  }
  return { statusCode: response.statusCode, body: Buffer.concat(chunks), cut };
}

/** The rest of the app answers at once: health, a public card page, a signed-in procedure. */
async function expectTheProcessAnswers(cookie: string, username: string) {
  expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: `/${username}` })).statusCode).toBe(200);
  const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  expect(session.statusCode).toBe(200);
}

/** The log lines of the failure since `from` (an index of logs.lines). */
function failureLines(from: number): LogLine[] {
  return logs.lines.slice(from).filter((line) => JSON.stringify(line).includes('terminating connection'));
}

/** More rows than one page of the events reader (server/analytics/events.ts reads 2 000 at a time). */
const EVENTS = 2_500;
/** What the events reader's page statement says, and no other statement does. */
const EVENTS_PAGE = 'order by e.occurred_at, e.id limit';

async function addScans(accountId: string, linkId: string) {
  await sql`
    insert into link_events (link_id, user_id, kind, occurred_at)
    select ${linkId}, ${accountId}, 'scan', now() - interval '1 hour' + g * interval '1 millisecond'
    from generate_series(1, ${EVENTS}) g`.execute(t.db);
}

/**
 * The download at `url` with its second page failing: a 200 whose body stops short (`isComplete` tells a
 * whole one), one log line with the request's id, and the process answering everything else.
 */
async function expectCutAlone(
  request: { url: string; cookie: string; username: string },
  failure: { table: 'link_events' | 'leads'; page: string },
  isComplete: (body: Buffer) => boolean,
) {
  const restore = await secondPageFails(failure.table, failure.page);
  const logged = logs.lines.length;
  try {
    const answer = await download(request.url, request.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.cut).toBe(true);
    expect(isComplete(answer.body)).toBe(false);
  } finally {
    await restore();
  }
  await expectTheProcessAnswers(request.cookie, request.username);
  const lines = failureLines(logged);
  expect(lines).toHaveLength(1);
  expect(lines[0]?.reqId).toEqual(expect.any(String));
}

/** A CSV of `rows` records and its header. */
const csvOf = (rows: number) => (body: Buffer) =>
  body.toString('utf8').trim().split(/\r?\n/).length === rows + 1;

async function ownerWithScans() {
  const owner = await createSignedInOwner(t, { plan: 'business' });
  await addVcard(t.db, owner.userId, { name: 'Ada Lovelace' });
  const link = await addLink(t.db, owner.userId, { kind: 'qr' });
  await addScans(owner.userId, link.id);
  return { cookie: owner.cookie, username: owner.username ?? '', userId: owner.userId };
}

describe('a download whose database fails midway fails alone', () => {
  it('the events CSV', async () => {
    const owner = await ownerWithScans();
    await expectCutAlone(
      { ...owner, url: `${serverPaths.analyticsEvents}?range=7d&timeZone=UTC` },
      { table: 'link_events', page: EVENTS_PAGE },
      csvOf(EVENTS),
    );
  });

  it('the account export (its ZIP ends without its central directory)', async () => {
    const owner = await ownerWithScans();
    // a ZIP's last record, the end of its central directory, starts with this signature
    const endOfZip = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
    await expectCutAlone(
      { ...owner, url: serverPaths.accountExport },
      { table: 'link_events', page: EVENTS_PAGE },
      (body) => body.includes(endOfZip),
    );
  });

  it("the team's events CSV", async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const { teamId } = await addTeam(t.db, [{ userId: owner.userId, role: 'owner' }]);
    const { accountId, linkId } = await addTeamCard(t.db, teamId, { memberId: owner.userId });
    await addScans(accountId, linkId);
    await addVcard(t.db, owner.userId, { name: 'Olga Owner' });
    await expectCutAlone(
      {
        cookie: owner.cookie,
        username: owner.username ?? '',
        url: `${serverPaths.teamAnalyticsCsv}?range=7d&timeZone=UTC&table=events`,
      },
      { table: 'link_events', page: EVENTS_PAGE },
      csvOf(EVENTS),
    );
  });

  it('the leads CSV', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.userId, { name: 'Ada Lovelace' });
    const leads = LEADS_PAGE_SIZE * 3;
    for (let i = 0; i < leads; i++) await addLead(t.db, { userId: owner.userId, vcardId });
    await expectCutAlone(
      { cookie: owner.cookie, username: owner.username ?? '', url: serverPaths.leadsCsv },
      // the downloads' statement (server/leads/records.ts leadsAfter)
      { table: 'leads', page: 'order by "leads"."created_at" desc' },
      csvOf(leads),
    );
  });
});
