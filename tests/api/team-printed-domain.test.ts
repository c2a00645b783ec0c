import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import { customDomainFor, insertDomain } from '../support/domains.ts';
import {
  buildTestApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import {
  addTeamCard,
  addTeamOfFour,
  teamAccountOf,
  teamImportCall,
  teamKeyCaller,
} from '../support/teams.ts';
import { visitOnPhone } from '../support/visits.ts';

// A team's Address in the code (server/teams/printed-domain.ts): its owner or an admin prints every team
// card's QR code with one of the team's verified domains, new cards too, and back with the main address;
// a domain that is not the team's verified one is refused with nothing changed.

let t: TestApp;
const changes = createLocalChangeBus();

beforeAll(async () => {
  t = await buildTestApp({}, { changes });
});

afterAll(async () => {
  await t?.close();
  await changes.close();
});

/** The domains the team's cards' QR codes are printed with, by card name. */
async function printedDomains(accountId: string) {
  const rows = await t.db
    .selectFrom('links')
    .innerJoin('vcards', 'vcards.id', 'links.vcard_id')
    .select(['vcards.name', 'links.domain'])
    .where('links.user_id', '=', accountId)
    .orderBy('vcards.name')
    .execute();
  return rows.map((row) => [row.name, row.domain]);
}

const setPrintedDomain = (cookie: string, domain: string) =>
  trpcMutate(t.app, 'teams.setPrintedDomain', cookie, { domain });

describe("a team's Address in the code", () => {
  it("prints every team card's QR code with the team's domain, new cards too, and back", async () => {
    const { teamId, owner, admin, member } = await addTeamOfFour(t);
    const printed = await addTeamCard(t.db, teamId, { memberId: member.userId, name: 'Mia Member' });
    const accountId = (await teamAccountOf(t.db, teamId)) ?? '';
    const domain = await customDomainFor(t, accountId);

    const saved = await setPrintedDomain(admin.cookie, domain.toUpperCase());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await printedDomains(accountId)).toEqual([['Mia Member', domain]]);
    const team = trpcData<{ printedDomain: string | null }>(
      await trpcQuery(t.app, 'teams.mine', owner.cookie),
    );
    expect(team.printedDomain).toBe(domain);
    // its printed code followed on the domain stays there, at the card's page
    const followed = await visitOnPhone(t.app, `/l/${printed.code}?qr`, { host: domain });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`/vcard/${printed.vcardId}`);

    // a card made afterwards is printed with it too
    const created = await trpcMutate(t.app, 'teams.createCard', admin.cookie, {
      holder: { userId: admin.userId },
      card: { ...emptyVcardForm(), name: 'Adam Admin' },
    });
    expect(created.statusCode, created.body).toBe(200);
    // and so is one the team's API key makes
    const byKey = await (
      await teamKeyCaller(t, admin.cookie)
    )('POST', '/api/v1/cards', {
      ...emptyVcardForm(),
      name: 'Kim Key',
    });
    expect(byKey.statusCode, byKey.body).toBe(201);
    expect(await printedDomains(accountId)).toEqual([
      ['Adam Admin', domain],
      ['Kim Key', domain],
      ['Mia Member', domain],
    ]);

    // back to the main address, logged each time
    expect((await setPrintedDomain(owner.cookie, '')).statusCode).toBe(200);
    expect(await printedDomains(accountId)).toEqual([
      ['Adam Admin', null],
      ['Kim Key', null],
      ['Mia Member', null],
    ]);
    const logged = await t.db
      .selectFrom('team_events')
      .select(['actor_name', 'subject'])
      .where('team_id', '=', teamId)
      .where('action', '=', 'printed_domain_changed')
      .orderBy('created_at')
      .execute();
    expect(logged).toEqual([
      { actor_name: 'Adam Admin', subject: domain },
      { actor_name: 'Olga Owner', subject: new URL(t.config.publicUrl).host },
    ]);
  });

  it('prints the cards a CSV import makes with it', async () => {
    const { teamId, admin, member } = await addTeamOfFour(t);
    const { accountId } = await addTeamCard(t.db, teamId, { memberId: member.userId, name: 'Mia Member' });
    const domain = await customDomainFor(t, accountId);
    expect((await setPrintedDomain(admin.cookie, domain)).statusCode).toBe(200);
    const file = 'Name,Email\r\nIvy Imported,ivy@example.com\r\n';
    const check = (await teamImportCall(t.app, admin.cookie, 'check', file)).json<{ plan: string }>();
    const imported = await teamImportCall(t.app, admin.cookie, 'run', file, check.plan);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await printedDomains(accountId)).toEqual([
      ['Ivy Imported', domain],
      ['Mia Member', domain],
    ]);
  });

  it("refuses a domain that is not the team's verified one, and changes nothing", async () => {
    const { teamId, admin, member } = await addTeamOfFour(t);
    await addTeamCard(t.db, teamId, { memberId: member.userId, name: 'Mia Member' });
    const accountId = (await teamAccountOf(t.db, teamId)) ?? '';
    const pending = await insertDomain(t.db, accountId, { status: 'pending' });
    const personal = await customDomainFor(t, admin.userId);
    for (const domain of [pending.domain, personal, 'not a domain']) {
      const refused = await setPrintedDomain(admin.cookie, domain);
      expect(trpcError(refused).data.reason, domain).toBe('domain_unusable');
    }
    expect(await printedDomains(accountId)).toEqual([['Mia Member', null]]);
    const events = await t.db
      .selectFrom('team_events')
      .select('id')
      .where('team_id', '=', teamId)
      .where('action', '=', 'printed_domain_changed')
      .execute();
    expect(events).toEqual([]);
  });
});
