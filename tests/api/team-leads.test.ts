import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../server/lib/app-deps.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import type { LeadCards, LeadsPage, LeadWithReceipt } from '../../server/leads/service.ts';
import { serverPaths } from '../../src/routes.ts';
import type { LeadSettings } from '../../src/schemas/lead.ts';
import { addLead, addVcard, createSignedInOwner } from '../support/factories.ts';
import {
  buildTestApp,
  depsOf,
  injectFromApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { addTeam, addTeamCard, addTeamOfFour } from '../support/teams.ts';

// A team's leads (server/leads/team.ts): the leads left on the team's cards belong to the team's account;
// its owner and admins list, read, download and erase them on the team leads page, a member and anyone
// outside the team are refused and see nothing, and the team's leads and a person's own never mix.

let t: TestApp;
let deps: AppDeps;
/** The app's change notices, heard here as the dashboard's live streams hear them. */
const changes = createLocalChangeBus();

beforeAll(async () => {
  t = await buildTestApp({}, { changes });
  deps = { ...(await depsOf(t)), changes };
});

afterAll(async () => {
  await t?.close();
});

/**
 * A team of four with a card for its member and a lead on it, the owner's own card with a lead of their
 * own, and an outsider (a Business owner of another team).
 */
async function teamWithLeads() {
  const team = await addTeamOfFour(t);
  const teamCard = await addTeamCard(t.db, team.teamId, {
    memberId: team.member.userId,
    name: 'Mia at Acme',
  });
  const teamLead = await addLead(t.db, {
    userId: teamCard.accountId,
    vcardId: teamCard.vcardId,
    cardName: 'Mia at Acme',
    name: 'Team Visitor',
    email: 'team-visitor@example.com',
    consentText: 'I agree to be contacted by Acme.',
  });
  const ownCard = await addVcard(t.db, team.owner.userId, { name: 'Olga herself' });
  const ownLead = await addLead(t.db, {
    userId: team.owner.userId,
    vcardId: ownCard,
    cardName: 'Olga herself',
    name: 'Own Visitor',
    email: 'own-visitor@example.com',
  });
  const outsider = await createSignedInOwner(t, { plan: 'business' });
  await addTeam(t.db, [{ userId: outsider.userId, role: 'owner' }], { name: 'Other team' });
  return { ...team, teamCard, teamLead, ownCard, ownLead, outsider };
}

async function list(procedure: 'leads.list' | 'leads.team.list', cookie: string) {
  return trpcData<LeadsPage>(await trpcQuery(t.app, procedure, cookie, { filter: {} }));
}

const names = (page: LeadsPage) => page.items.map((lead) => lead.name);

function download(path: string, cookie: string, query: Record<string, string>) {
  return injectFromApp(t.app, {
    method: 'GET',
    url: `${path}?${new URLSearchParams(query)}`,
    headers: { cookie },
  });
}

async function leadIds(accountId: string) {
  const rows = await t.db.selectFrom('leads').select('id').where('user_id', '=', accountId).execute();
  return rows.map((row) => row.id);
}

describe("the team's owner and admins", () => {
  it("list and read the team's leads, never their own, and the filter offers the team's cards", async () => {
    const team = await teamWithLeads();
    for (const manager of [team.owner, team.admin]) {
      expect(names(await list('leads.team.list', manager.cookie))).toEqual(['Team Visitor']);
      const lead = trpcData<LeadWithReceipt>(
        await trpcQuery(t.app, 'leads.team.get', manager.cookie, { id: team.teamLead }),
      );
      expect(lead).toMatchObject({
        name: 'Team Visitor',
        cardName: 'Mia at Acme',
        vcardId: team.teamCard.vcardId,
        consentText: 'I agree to be contacted by Acme.',
      });
      expect(trpcData<LeadCards>(await trpcQuery(t.app, 'leads.team.cards', manager.cookie))).toEqual({
        cards: [{ id: team.teamCard.vcardId, name: 'Mia at Acme' }],
        deletedCards: false,
      });
      // the owner's own lead is not the team's
      const own = await trpcQuery(t.app, 'leads.team.get', manager.cookie, { id: team.ownLead });
      expect(trpcError(own).data.reason).toBe('not_found');
    }
    // the owner's own leads page shows their own lead only, and not the team's
    expect(names(await list('leads.list', team.owner.cookie))).toEqual(['Own Visitor']);
    const teamsOnOwnPage = await trpcQuery(t.app, 'leads.get', team.owner.cookie, { id: team.teamLead });
    expect(trpcError(teamsOnOwnPage).data.reason).toBe('not_found');
    expect(trpcData<LeadCards>(await trpcQuery(t.app, 'leads.cards', team.owner.cookie)).cards).toEqual([
      { id: team.ownCard, name: 'Olga herself' },
    ]);
    // an admin's own leads page has none of the team's
    expect(names(await list('leads.list', team.admin.cookie))).toEqual([]);
  });

  it("download the team's leads as CSV and .vcf with team=1, and their own without it", async () => {
    const team = await teamWithLeads();
    for (const manager of [team.owner, team.admin]) {
      const csv = await download(serverPaths.leadsCsv, manager.cookie, { team: '1' });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body).toContain('team-visitor@example.com');
      expect(csv.body).toContain('Mia at Acme');
      expect(csv.body).not.toContain('own-visitor@example.com');
      const vcf = await download(serverPaths.leadsVcf, manager.cookie, { team: '1', search: 'visitor' });
      expect(vcf.statusCode, vcf.body).toBe(200);
      const card = new ICAL.Component(ICAL.parse(vcf.body) as never);
      expect(card.getFirstPropertyValue('fn')).toBe('Team Visitor');
      expect(vcf.body).not.toContain('own-visitor@example.com');
    }
    const own = await download(serverPaths.leadsCsv, team.owner.cookie, {});
    expect(own.body).toContain('own-visitor@example.com');
    expect(own.body).not.toContain('team-visitor@example.com');
  });

  it("erase one of the team's leads, or all, and the team's account is told; their own stay", async () => {
    const team = await teamWithLeads();
    const second = await addLead(t.db, { userId: team.teamCard.accountId, vcardId: team.teamCard.vcardId });
    const told: string[] = [];
    const stop = deps.changes.subscribe((change) => {
      if (change.topic === 'leads') told.push(change.userId);
    });
    // the personal procedure does not reach the team's lead
    const personal = await trpcMutate(t.app, 'leads.erase', team.admin.cookie, { id: team.teamLead });
    expect(trpcError(personal).data.reason).toBe('not_found');
    const erased = await trpcMutate(t.app, 'leads.team.erase', team.admin.cookie, { id: team.teamLead });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await leadIds(team.teamCard.accountId)).toEqual([second]);
    // the owner's own lead is not the team's to erase
    const ownLead = await trpcMutate(t.app, 'leads.team.erase', team.owner.cookie, { id: team.ownLead });
    expect(trpcError(ownLead).data.reason).toBe('not_found');
    const all = await trpcMutate(t.app, 'leads.team.eraseAll', team.owner.cookie, {});
    expect(trpcData(all)).toEqual({ erased: 1 });
    stop();
    expect(await leadIds(team.teamCard.accountId)).toEqual([]);
    expect(await leadIds(team.owner.userId)).toEqual([team.ownLead]);
    expect(told).toEqual([team.teamCard.accountId, team.teamCard.accountId]);
  });

  it("the owner chooses the team's lead settings; an admin may not", async () => {
    const team = await teamWithLeads();
    const read = async () =>
      trpcData<LeadSettings | null>(await trpcQuery(t.app, 'leads.team.settings', team.owner.cookie));
    expect(await read()).toEqual({ notification: 'each', retentionDays: null });
    const saved = await trpcMutate(t.app, 'leads.team.updateSettings', team.owner.cookie, {
      notification: 'digest',
      retentionDays: 30,
    });
    expect(trpcData(saved)).toEqual({ notification: 'digest', retentionDays: 30 });
    const stored = await t.db
      .selectFrom('profiles')
      .select(['id', 'lead_notification', 'lead_retention_days'])
      .where('id', 'in', [team.teamCard.accountId, team.owner.userId])
      .execute();
    // the team's account's choices, not the owner's own
    expect(stored.find((row) => row.id === team.teamCard.accountId)).toMatchObject({
      lead_notification: 'digest',
      lead_retention_days: 30,
    });
    expect(stored.find((row) => row.id === team.owner.userId)).toMatchObject({
      lead_notification: 'each',
      lead_retention_days: null,
    });
    for (const procedure of ['leads.team.settings', 'leads.team.updateSettings'] as const) {
      const input = { notification: 'each', retentionDays: null };
      const refused =
        procedure === 'leads.team.settings'
          ? await trpcQuery(t.app, procedure, team.admin.cookie)
          : await trpcMutate(t.app, procedure, team.admin.cookie, input);
      expect(trpcError(refused).data).toMatchObject({
        reason: 'team_role_required',
        meta: { role: 'owner' },
      });
    }
    expect(await read()).toEqual({ notification: 'digest', retentionDays: 30 });
  });

  it('see no leads while the team has no account (no card yet)', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    await addTeam(t.db, [{ userId: owner.userId, role: 'owner' }]);
    expect(await list('leads.team.list', owner.cookie)).toEqual({ items: [], nextCursor: null, total: 0 });
    expect(trpcData(await trpcQuery(t.app, 'leads.team.settings', owner.cookie))).toBeNull();
    const csv = await download(serverPaths.leadsCsv, owner.cookie, { team: '1' });
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toHaveLength(1);
  });
});

describe('a member and an outsider', () => {
  it("are refused the team's leads and see nothing of them; nothing is erased", async () => {
    const team = await teamWithLeads();
    const stranger = await createSignedInOwner(t);
    for (const who of [team.member, team.outsider, stranger]) {
      // the owner of another team passes the role check in their own team, and acts there
      const refused = who !== team.outsider;
      const calls = [
        await trpcQuery(t.app, 'leads.team.list', who.cookie, { filter: {} }),
        await trpcQuery(t.app, 'leads.team.get', who.cookie, { id: team.teamLead }),
        await trpcMutate(t.app, 'leads.team.erase', who.cookie, { id: team.teamLead }),
        await trpcMutate(t.app, 'leads.team.eraseAll', who.cookie, {}),
      ];
      for (const response of calls) {
        expect(response.body).not.toContain('team-visitor@example.com');
        if (refused) expect(trpcError(response).data.reason).toBe('team_role_required');
      }
      for (const path of [serverPaths.leadsCsv, serverPaths.leadsVcf]) {
        const response = await download(path, who.cookie, { team: '1' });
        expect(response.body).not.toContain('team-visitor@example.com');
        expect(response.statusCode).toBe(refused ? 403 : 200);
      }
      // their own leads page has none of the team's either
      expect(names(await list('leads.list', who.cookie))).not.toContain('Team Visitor');
      const personal = await trpcQuery(t.app, 'leads.get', who.cookie, { id: team.teamLead });
      expect(trpcError(personal).data.reason).toBe('not_found');
    }
    // the outsider owns another team: they act there, which has no leads, and reach nothing of this one
    expect(await list('leads.team.list', team.outsider.cookie)).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
    const theirs = await trpcMutate(t.app, 'leads.team.erase', team.outsider.cookie, { id: team.teamLead });
    expect(trpcError(theirs).data.reason).toBe('not_found');
    expect(await leadIds(team.teamCard.accountId)).toEqual([team.teamLead]);
  });
});
