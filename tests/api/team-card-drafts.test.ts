import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carddavContactPath } from '../../src/carddav.ts';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import { customDomainFor } from '../support/domains.ts';
import { createSignedInOwner } from '../support/factories.ts';
import { buildTestApp, trpcData, trpcError, trpcMutate, type TestApp } from '../support/harness.ts';
import {
  addTeamInvitation,
  addTeamOfFour,
  joinTeam,
  teamAccountOf,
  teamCardsOf,
  teamKeyCaller,
} from '../support/teams.ts';
import { visitOnPhone } from '../support/visits.ts';

// Cards that wait for their people (docs/decisions/021-teams.md, server/teams/cards.ts): a team card made for
// someone who has not joined is a draft. Its page, .vcf, CardDAV contact, short link and the team's
// directory know nothing of it until its person joins or an admin publishes it. (Its wallet pass:
// tests/api/wallet.test.ts.)

let t: TestApp;
const changes = createLocalChangeBus();

beforeAll(async () => {
  t = await buildTestApp({}, { changes });
});

afterAll(async () => {
  await t?.close();
  await changes.close();
});

const visit = (url: string, host?: string) => visitOnPhone(t.app, url, host ? { host } : {});

/** A team of four, and a card an admin made through New card for `name`, invited and not joined. */
async function draftFor(name: string) {
  const team = await addTeamOfFour(t);
  const invitee = await createSignedInOwner(t, { plan: 'free', name });
  const invitationId = await addTeamInvitation(t.db, {
    teamId: team.teamId,
    inviterId: team.owner.userId,
    email: invitee.email,
  });
  const { id } = trpcData<{ id: string }>(
    await trpcMutate(t.app, 'teams.createCard', team.admin.cookie, {
      holder: { invitationId },
      card: { ...emptyVcardForm(), name, email: invitee.email },
    }),
  );
  const link = await t.db
    .selectFrom('links')
    .select('code')
    .where('vcard_id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...team, invitee, invitationId, vcardId: id, code: link.code };
}

/** Every public answer of a card: its page, .vcf, CardDAV contact and printed QR code's short link. */
async function publicAnswers(vcardId: string, code: string) {
  return {
    page: (await visit(`/vcard/${vcardId}`)).statusCode,
    vcf: (await visit(`/vcard/${vcardId}/contact.vcf`)).statusCode,
    carddav: (await visit(carddavContactPath(vcardId))).statusCode,
    shortLink: (await visit(`/l/${code}?qr`)).statusCode,
  };
}

const NOWHERE = { page: 404, vcf: 404, carddav: 404, shortLink: 404 };
const EVERYWHERE = { page: 200, vcf: 200, carddav: 200, shortLink: 302 };

describe('a team card made before its person joins', () => {
  it('is a draft nobody sees, not even in the team directory, until its person joins', async () => {
    const draft = await draftFor('Nora Newcomer');
    const accountId = await teamAccountOf(t.db, draft.teamId);
    if (!accountId) throw new Error('the team has no account');
    const domain = await customDomainFor(t, accountId);

    expect(await teamCardsOf(t.app, draft.admin.cookie)).toEqual([
      expect.objectContaining({ id: draft.vcardId, draft: true, inviteeEmail: draft.invitee.email }),
    ]);
    expect(await publicAnswers(draft.vcardId, draft.code)).toEqual(NOWHERE);
    expect((await visit(`/vcard/${draft.vcardId}`, domain)).statusCode).toBe(404);
    const directory = await visit('/', domain);
    expect(directory.statusCode).toBe(200);
    expect(directory.body).not.toContain('Nora Newcomer');
    // the team's API key reads it as a draft
    const callAsTeam = await teamKeyCaller(t, draft.admin.cookie);
    const draftCard = async () => (await callAsTeam('GET', `/api/v1/cards/${draft.vcardId}`)).json();
    expect(await draftCard()).toMatchObject({ id: draft.vcardId, draft: true });
    const listed = await callAsTeam('GET', '/api/v1/cards');
    expect(listed.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({ id: draft.vcardId, draft: true }),
    ]);

    await joinTeam(t.app, draft.invitee.cookie, draft.invitationId);
    expect(await teamCardsOf(t.app, draft.invitee.cookie, 'teams.myCards')).toEqual([
      expect.objectContaining({ id: draft.vcardId, draft: false }),
    ]);
    // the join's 'cards' notice reached the caches: nothing stale is served
    expect(await publicAnswers(draft.vcardId, draft.code)).toEqual(EVERYWHERE);
    const vcf = await visit(`/vcard/${draft.vcardId}/contact.vcf`);
    expect(vcf.body).toContain(`EMAIL;TYPE=INTERNET:${draft.invitee.email}`);
    expect((await visit('/', domain)).body).toContain('Nora Newcomer');
    expect(await draftCard()).toMatchObject({ id: draft.vcardId, draft: false });
  });

  it('is public once an admin publishes it, which is logged; a member cannot, another team finds nothing', async () => {
    const draft = await draftFor('Pia Printed');
    const other = await addTeamOfFour(t);

    const byMember = await trpcMutate(t.app, 'teams.publishCard', draft.member.cookie, {
      vcardId: draft.vcardId,
    });
    expect(trpcError(byMember).data).toMatchObject({ reason: 'team_role_required', meta: { role: 'admin' } });
    const byOtherAdmin = await trpcMutate(t.app, 'teams.publishCard', other.admin.cookie, {
      vcardId: draft.vcardId,
    });
    expect(trpcError(byOtherAdmin).data.reason).toBe('not_found');
    expect(await publicAnswers(draft.vcardId, draft.code)).toEqual(NOWHERE);

    for (let call = 0; call < 2; call += 1) {
      const published = await trpcMutate(t.app, 'teams.publishCard', draft.admin.cookie, {
        vcardId: draft.vcardId,
      });
      expect(published.statusCode, published.body).toBe(200);
    }
    expect(await publicAnswers(draft.vcardId, draft.code)).toEqual(EVERYWHERE);
    // published once: logged once, with the admin as its actor
    const logged = await t.db
      .selectFrom('team_events')
      .select(['actor_name', 'subject'])
      .where('team_id', '=', draft.teamId)
      .where('action', '=', 'card_published')
      .execute();
    expect(logged).toEqual([{ actor_name: 'Adam Admin', subject: 'Pia Printed' }]);
    // still waiting for its person, who gets it when they join
    expect(await teamCardsOf(t.app, draft.admin.cookie)).toEqual([
      expect.objectContaining({ id: draft.vcardId, draft: false, inviteeEmail: draft.invitee.email }),
    ]);
  });

  it("a member's card is public at once, and handing a draft to a member publishes it", async () => {
    const draft = await draftFor('Hal Handed');
    const forMember = trpcData<{ id: string }>(
      await trpcMutate(t.app, 'teams.createCard', draft.admin.cookie, {
        holder: { userId: draft.member.userId },
        card: { ...emptyVcardForm(), name: 'Mia Member' },
      }),
    );
    expect((await visit(`/vcard/${forMember.id}`)).statusCode).toBe(200);

    const handed = await trpcMutate(t.app, 'teams.assignCard', draft.admin.cookie, {
      vcardId: draft.vcardId,
      userId: draft.successor.userId,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(await publicAnswers(draft.vcardId, draft.code)).toEqual(EVERYWHERE);
  });
});
