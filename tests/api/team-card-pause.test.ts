import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publishPlanChange } from '../../server/billing/apply.ts';
import { createLocalChangeBus, type Change } from '../../server/lib/changes.ts';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import { linkCounts, viewCount } from '../support/counts.ts';
import { addVcard, endPaidPlan, setPlan } from '../support/factories.ts';
import { buildTestApp, depsOf, trpcError, trpcMutate, type TestApp } from '../support/harness.ts';
import { addTeamCard, addTeamOfFour, teamCardsOf, type TeamCardsProcedure } from '../support/teams.ts';
import { expectPausedPage, visitOnPhone } from '../support/visits.ts';
import { needsPostgres } from '../support/postgres.ts';

// An admin pauses one team card (docs/decisions/021-teams.md: offboarding hands a card on or pauses it): its
// page, its .vcf and its printed QR code's short link answer the paused page that a card paused by an ended
// plan answers, uncounted, until it is resumed; the team's log says who did it, and every process drops its
// cached page at once.

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
/** The app's change bus, and every change notice the app published, in order. */
const changes = createLocalChangeBus();
const notices: Change[] = [];

beforeAll(async () => {
  changes.subscribe((change) => notices.push(change));
  t = await buildTestApp({}, { changes });
});

afterAll(async () => {
  await t?.close();
});

const visit = (url: string, app: TestApp = t) => visitOnPhone(app.app, url);

/** The paused page, as a card paused by its plan answers it (tests/api/pauses.test.ts). */
function expectPaused(response: LightMyRequestResponse) {
  expectPausedPage(response);
  // the visitor is told neither the owner's billing nor the team's choice
  expect(response.body).toMatch(/is paused for now\. If you know its owner, let them know/);
  expect(response.body).not.toContain('plan');
}

function setPaused(cookie: string, vcardId: string, paused: boolean) {
  return trpcMutate(t.app, 'teams.setCardPaused', cookie, { vcardId, paused });
}

const cardsOf = (cookie: string, procedure?: TeamCardsProcedure) => teamCardsOf(t.app, cookie, procedure);

async function pausedAtOf(vcardId: string): Promise<Date | null> {
  const row = await t.db
    .selectFrom('vcards')
    .select('paused_at')
    .where('id', '=', vcardId)
    .executeTakeFirstOrThrow();
  return row.paused_at;
}

async function logOf(teamId: string) {
  return t.db
    .selectFrom('team_events')
    .select(['actor_name', 'action', 'subject'])
    .where('team_id', '=', teamId)
    .where('action', 'in', ['card_paused', 'card_resumed'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

describe('pausing a team card', () => {
  it('answers the paused page on its page, .vcf and short link, uncounted, until an admin resumes it', async () => {
    const { teamId, owner, admin, member } = await teamOfFour();
    const printed = await addTeamCard(t.db, teamId, { memberId: member.userId, name: 'Mia Member' });
    const page = `/vcard/${printed.vcardId}`;
    // every answer cached before the pause
    expect((await visit(page)).body).toContain('Mia Member');
    expect((await visit(`${page}/contact.vcf`)).body).toContain('FN:Mia Member');
    expect((await visit(`/l/${printed.code}?qr`)).statusCode).toBe(302);
    await vi.waitFor(async () => expect(await viewCount(t.db, printed.accountId)).toBe(1), {
      timeout: 5_000,
    });
    await vi.waitFor(async () => expect((await linkCounts(t.db, printed.linkId)).scans).toBe(1), {
      timeout: 5_000,
    });
    notices.length = 0;

    const pause = await setPaused(admin.cookie, printed.vcardId, true);
    expect(pause.statusCode, pause.body).toBe(200);
    // the notice that drops the team account's cached pages and short links in every process
    expect(notices).toContainEqual({ userId: printed.accountId, topic: 'cards' });
    expectPaused(await visit(page));
    expectPaused(await visit(`${page}/contact.vcf`));
    expectPaused(await visit(`/l/${printed.code}?qr`));
    expectPaused(await visit(`/l/${printed.code}`));

    // the dashboards say so, paused by the team and not by the plan; its member may still edit it
    const pausedAt = await pausedAtOf(printed.vcardId);
    expect(pausedAt).toBeInstanceOf(Date);
    expect(await cardsOf(owner.cookie)).toEqual([
      expect.objectContaining({ id: printed.vcardId, paused: false, pausedAt }),
    ]);
    expect(await cardsOf(member.cookie, 'teams.myCards')).toEqual([
      expect.objectContaining({ id: printed.vcardId, pausedAt }),
    ]);
    const stored = await t.db
      .selectFrom('vcards')
      .select('version')
      .where('id', '=', printed.vcardId)
      .executeTakeFirstOrThrow();
    const edit = await trpcMutate(t.app, 'vcards.update', member.cookie, {
      ...emptyVcardForm(),
      name: 'Mia Member',
      position: 'Designer',
      id: printed.vcardId,
      baseVersion: stored.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expectPaused(await visit(page));
    // pausing again changes nothing, and is not logged twice
    expect((await setPaused(owner.cookie, printed.vcardId, true)).statusCode).toBe(200);
    expect(await pausedAtOf(printed.vcardId)).toEqual(pausedAt);

    const resume = await setPaused(owner.cookie, printed.vcardId, false);
    expect(resume.statusCode, resume.body).toBe(200);
    expect(await pausedAtOf(printed.vcardId)).toBeNull();
    const live = await visit(page);
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('Designer');
    expect((await visit(`${page}/contact.vcf`)).body).toContain('TITLE:Designer');
    const scan = await visit(`/l/${printed.code}?qr`);
    expect(scan.statusCode).toBe(302);
    expect(scan.headers.location).toBe(`http://127.0.0.1/vcard/${printed.vcardId}`);
    // the visits while it was paused were not counted, as a card paused by its plan's are not: the one
    // view and the one scan since it is live again are
    await vi.waitFor(async () => expect(await viewCount(t.db, printed.accountId)).toBe(2), {
      timeout: 5_000,
    });
    await vi.waitFor(async () => expect((await linkCounts(t.db, printed.linkId)).scans).toBe(2), {
      timeout: 5_000,
    });

    expect(await logOf(teamId)).toEqual([
      {
        actor_name: 'Adam Admin',
        action: 'card_paused',
        subject: `Mia Member → Mia Member <${member.email}>`,
      },
      {
        actor_name: 'Olga Owner',
        action: 'card_resumed',
        subject: `Mia Member → Mia Member <${member.email}>`,
      },
    ]);
  });

  it('pauses a card for nobody after an offboarding, named alone in the log', async () => {
    const { teamId, admin } = await teamOfFour();
    const printed = await addTeamCard(t.db, teamId, { memberId: null, name: 'Former Person' });
    expect((await setPaused(admin.cookie, printed.vcardId, true)).statusCode).toBe(200);
    expectPaused(await visit(`/vcard/${printed.vcardId}`));
    expectPaused(await visit(`/l/${printed.code}?qr`));
    expect(await logOf(teamId)).toEqual([
      { actor_name: 'Adam Admin', action: 'card_paused', subject: 'Former Person' },
    ]);
  });

  it('refuses a member (an admin may), another team, a personal card and bad input, changing nothing', async () => {
    const { teamId, admin, member } = await teamOfFour();
    const printed = await addTeamCard(t.db, teamId, { memberId: member.userId });
    const other = await teamOfFour();
    const personal = await addVcard(t.db, admin.userId, { name: 'Adam Personal' });

    const byMember = await setPaused(member.cookie, printed.vcardId, true);
    expect(trpcError(byMember).data).toMatchObject({
      reason: 'team_role_required',
      meta: { role: 'admin', inTeam: true },
    });
    const byOtherAdmin = await setPaused(other.admin.cookie, printed.vcardId, true);
    expect(trpcError(byOtherAdmin).data.reason).toBe('not_found');
    const ofPersonal = await setPaused(admin.cookie, personal, true);
    expect(trpcError(ofPersonal).data.reason).toBe('not_found');
    for (const input of [{ vcardId: 'not-a-card', paused: true }, { vcardId: printed.vcardId }]) {
      const invalid = await trpcMutate(t.app, 'teams.setCardPaused', admin.cookie, input);
      expect(trpcError(invalid).data.reason).toBe('validation_failed');
    }

    expect(await pausedAtOf(printed.vcardId)).toBeNull();
    expect(await pausedAtOf(personal)).toBeNull();
    expect(await logOf(teamId)).toEqual([]);
    expect(await logOf(other.teamId)).toEqual([]);
    expect((await visit(`/vcard/${printed.vcardId}`)).body).not.toContain('<title>Paused</title>');
  });

  it("stays paused by the team's ended plan when resumed, and is live once the plan is back", async () => {
    const { teamId, owner, admin } = await teamOfFour();
    const printed = await addTeamCard(t.db, teamId, { name: 'Team Card' });
    expect((await setPaused(admin.cookie, printed.vcardId, true)).statusCode).toBe(200);
    await endPaidPlan(t.db, owner.userId, {
      plan: 'business',
      endedAt: new Date(Date.now() - DAY),
      by: 'webhook',
    });
    const deps = { ...(await depsOf(t)), changes };
    await publishPlanChange(deps, owner.userId);
    expect(await cardsOf(admin.cookie)).toEqual([
      expect.objectContaining({ paused: true, pausedAt: expect.any(Date) }),
    ]);

    expect((await setPaused(admin.cookie, printed.vcardId, false)).statusCode).toBe(200);
    expectPaused(await visit(`/vcard/${printed.vcardId}`));
    expectPaused(await visit(`/l/${printed.code}?qr`));
    await setPlan(t.db, owner.userId, 'business');
    await publishPlanChange(deps, owner.userId);
    expect((await visit(`/vcard/${printed.vcardId}`)).body).toContain('Team Card');
    expect((await visit(`/l/${printed.code}?qr`)).statusCode).toBe(302);
  });
});

describe('pausing a team card across processes (Postgres)', needsPostgres(), () => {
  it("drops the card's cached page and short link in another process at once", async () => {
    const first = await buildTestApp();
    const second = await buildTestApp({ database: first.config.database });
    try {
      const { teamId, admin, member } = await addTeamOfFour(first);
      const printed = await addTeamCard(first.db, teamId, { memberId: member.userId, name: 'Mia Shared' });
      expect((await visit(`/vcard/${printed.vcardId}`, second)).body).toContain('Mia Shared');
      expect((await visit(`/l/${printed.code}?qr`, second)).statusCode).toBe(302);

      const pause = await trpcMutate(first.app, 'teams.setCardPaused', admin.cookie, {
        vcardId: printed.vcardId,
        paused: true,
      });
      expect(pause.statusCode, pause.body).toBe(200);
      // the other process hears the 'cards' notice through LISTEN/NOTIFY
      await vi.waitFor(
        async () => {
          expectPaused(await visit(`/vcard/${printed.vcardId}`, second));
          expectPaused(await visit(`/l/${printed.code}?qr`, second));
        },
        { timeout: 5_000 },
      );
    } finally {
      await second.close();
      await first.close();
    }
  });
});

function teamOfFour() {
  return addTeamOfFour(t);
}
