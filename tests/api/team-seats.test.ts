import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPaths } from '../../src/routes.ts';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import { addVcard, endTrial } from '../support/factories.ts';
import {
  buildTestApp,
  injectFromApp,
  trpcData,
  trpcMutate,
  trpcQuery,
  uploadTestPhoto,
  type TestApp,
} from '../support/harness.ts';
import { addTeamCard, addTeamOfFour, teamTemplateInput } from '../support/teams.ts';
import { visitOnPhone } from '../support/visits.ts';

// A seat on a Business team never expires (docs/decisions/021-teams.md: the team's plan is its owner's). A
// member or admin whose own free trial ended keeps doing everything their role allows on the team's things;
// only their personal cards follow their personal plan.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A team of four whose admin's and member's own trials ended, with the member's team card. */
async function teamAfterTrials() {
  const team = await addTeamOfFour(t);
  await endTrial(t.db, team.admin.userId);
  await endTrial(t.db, team.member.userId);
  const card = await addTeamCard(t.db, team.teamId, { memberId: team.member.userId, name: 'Mia Member' });
  return { ...team, card };
}

const versionOf = async (id: string) =>
  (await t.db.selectFrom('vcards').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

describe('a team seat after the person’s own trial ended', () => {
  it('lets the member edit their team card and give it a photo, while their personal card is paused', async () => {
    const { member, card } = await teamAfterTrials();
    const personal = await addVcard(t.db, member.userId, { name: 'Mia at home' });

    const photo = await uploadTestPhoto(t.app, member.cookie, `?card=${card.vcardId}`);
    const update = await trpcMutate(t.app, 'vcards.update', member.cookie, {
      ...emptyVcardForm(),
      name: 'Mia Member',
      position: 'Lead designer',
      photo,
      id: card.vcardId,
      baseVersion: await versionOf(card.vcardId),
    });
    expect(update.statusCode, update.body).toBe(200);
    const teamPage = await visitOnPhone(t.app, `/vcard/${card.vcardId}`);
    expect(teamPage.statusCode).toBe(200);
    expect(teamPage.body).toContain('Lead designer');
    expect(teamPage.body).toContain(photo);

    // the member's own card follows the member's own plan: offline until they choose one
    expect((await visitOnPhone(t.app, `/vcard/${personal}`)).statusCode).not.toBe(200);
    const status = trpcData<{ is_accessible: boolean }>(
      await trpcQuery(t.app, 'billing.status', member.cookie),
    );
    expect(status.is_accessible).toBe(false);
    const mine = trpcData<{ id: string }[]>(await trpcQuery(t.app, 'teams.myCards', member.cookie));
    expect(mine.map((row) => row.id)).toEqual([card.vcardId]);
  });

  it("lets the admin make, edit and pause cards, set the template, and read the team's figures and leads", async () => {
    const { admin, member, card } = await teamAfterTrials();
    const created = await trpcMutate(t.app, 'teams.createCard', admin.cookie, {
      holder: { userId: admin.userId },
      card: { ...emptyVcardForm(), name: 'Adam Admin' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = trpcData<{ id: string }>(created);
    expect((await visitOnPhone(t.app, `/vcard/${id}`)).statusCode).toBe(200);

    const edit = await trpcMutate(t.app, 'vcards.update', admin.cookie, {
      ...emptyVcardForm(),
      name: 'Mia Member',
      position: 'Studio lead',
      id: card.vcardId,
      baseVersion: await versionOf(card.vcardId),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const template = await trpcMutate(
      t.app,
      'teams.saveTemplate',
      admin.cookie,
      teamTemplateInput({ company: 'Acme', locked: ['company'] }),
    );
    expect(template.statusCode, template.body).toBe(200);
    const pause = await trpcMutate(t.app, 'teams.setCardPaused', admin.cookie, {
      vcardId: card.vcardId,
      paused: true,
    });
    expect(pause.statusCode, pause.body).toBe(200);

    for (const [procedure, input] of [
      ['teams.cards', undefined],
      ['analytics.team', { range: '30d', timeZone: 'UTC' }],
      ['leads.team.list', { filter: {} }],
    ] as const) {
      const answer = await trpcQuery(t.app, procedure, admin.cookie, input);
      expect(answer.statusCode, `${procedure}: ${answer.body}`).toBe(200);
    }
    const csv = await injectFromApp(t.app, {
      method: 'GET',
      url: `${serverPaths.teamAnalyticsCsv}?table=cards&range=30d&timeZone=UTC`,
      headers: { cookie: admin.cookie },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    // and the member, whose trial ended too, still reads their own card's figures
    const figures = await trpcQuery(t.app, 'analytics.myTeamCards', member.cookie, {
      range: '30d',
      timeZone: 'UTC',
    });
    expect(figures.statusCode, figures.body).toBe(200);
  });
});
