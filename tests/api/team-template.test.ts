import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalChangeBus, type Change } from '../../server/lib/changes.ts';
import type { TeamEventView } from '../../server/team-records/audit.ts';
import type { TeamTemplateView } from '../../server/team-records/template.ts';
import { mediaPath } from '../../src/media.ts';
import { emptyVcardForm, type VcardFormValues } from '../../src/schemas/vcard.ts';
import { createSignedInOwner } from '../support/factories.ts';
import {
  buildTestApp,
  injectFromApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  uploadTestPhoto,
  type TestApp,
} from '../support/harness.ts';
import { addTeam, addTeamCard, teamTemplateInput } from '../support/teams.ts';
import { visitOnPhone } from '../support/visits.ts';
import { needsPostgres } from '../support/postgres.ts';

// A team's template (src/team-template.ts): its owner and admins set the brand of the team's cards and lock
// fields; every team card follows it when shown (page, .vcf, preview), so a change reaches every member's
// page at once, in every process; a save of a team card may not change a locked field.

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

/** A Business owner's team with an admin and two members, each with a team card of their own company. */
async function brandedTeam(app: TestApp = t) {
  const owner = await createSignedInOwner(app, { plan: 'business', name: 'Olga Owner' });
  const admin = await createSignedInOwner(app, { plan: 'free', name: 'Adam Admin' });
  const member = await createSignedInOwner(app, { plan: 'free', name: 'Mia Member' });
  const colleague = await createSignedInOwner(app, { plan: 'free', name: 'Carl Colleague' });
  const { teamId } = await addTeam(app.db, [
    { userId: owner.userId, role: 'owner' },
    { userId: admin.userId, role: 'admin' },
    { userId: member.userId, role: 'member' },
    { userId: colleague.userId, role: 'member' },
  ]);
  const memberCard = await addTeamCard(app.db, teamId, {
    memberId: member.userId,
    name: 'Mia Member',
    card: { company: 'Old Company', website: 'https://mia.example', position: 'Designer' },
  });
  const colleagueCard = await addTeamCard(app.db, teamId, {
    memberId: colleague.userId,
    name: 'Carl Colleague',
    card: { company: 'Another Old Company', website: null, position: 'Sales' },
  });
  return { teamId, owner, admin, member, colleague, memberCard, colleagueCard };
}

async function templateOf(cookie: string) {
  return trpcData<TeamTemplateView>(await trpcQuery(t.app, 'teams.template', cookie));
}

/** What the vCard form sends for a stored team card, with `overrides` typed over it. */
async function cardForm(cookie: string, id: string, overrides: Partial<VcardFormValues> = {}) {
  const stored = trpcData<{
    name: string;
    company: string | null;
    position: string | null;
    website: string | null;
    background_color: string;
    font_color: string;
    icon_color: string;
    version: number;
  }>(await trpcQuery(t.app, 'vcards.get', cookie, { id }));
  return {
    ...emptyVcardForm(),
    name: stored.name,
    company: stored.company ?? '',
    position: stored.position ?? '',
    website: stored.website ?? '',
    backgroundColour: stored.background_color,
    fontColour: stored.font_color,
    iconColour: stored.icon_color,
    ...overrides,
    id,
    baseVersion: stored.version,
  };
}

async function storedCard(id: string) {
  return t.db.selectFrom('vcards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function eventsOf(cookie: string) {
  return trpcData<{ events: TeamEventView[] }>(await trpcQuery(t.app, 'teams.events', cookie, {})).events;
}

describe('the team template', () => {
  it('starts as the default, version 1, for every member; its owner and admins save it', async () => {
    const { owner, admin, member } = await brandedTeam();
    const initial = await templateOf(member.cookie);
    expect(initial).toMatchObject({ version: 1, locked: [], values: { company: null, layout: 'centred' } });

    const first = await trpcMutate(
      t.app,
      'teams.saveTemplate',
      admin.cookie,
      teamTemplateInput({ company: 'Acme', locked: ['website', 'company'] }),
    );
    expect(trpcData<{ version: number }>(first)).toEqual({ version: 2 });
    const second = await trpcMutate(
      t.app,
      'teams.saveTemplate',
      owner.cookie,
      teamTemplateInput({ company: 'Acme Inc', locked: ['company'] }, 2),
    );
    expect(trpcData<{ version: number }>(second)).toEqual({ version: 3 });
    // the locked fields in the template's own order, whatever order they were sent in
    expect(await templateOf(member.cookie)).toMatchObject({
      version: 3,
      locked: ['company'],
      values: { company: 'Acme Inc', website: null },
    });
    // a member reads it, never changes it
    const refused = await trpcMutate(
      t.app,
      'teams.saveTemplate',
      member.cookie,
      teamTemplateInput({ company: 'Mine' }, 3),
    );
    expect(trpcError(refused).data).toMatchObject({ reason: 'team_role_required', meta: { role: 'admin' } });
    expect((await templateOf(member.cookie)).values.company).toBe('Acme Inc');
  });

  it("a change reaches every member's page and .vcf at once: locked fields from the template, unlocked ones the card's own or the template's", async () => {
    const { admin, memberCard, colleagueCard } = await brandedTeam();
    const memberPage = `/vcard/${memberCard.vcardId}`;
    const colleaguePage = `/vcard/${colleagueCard.vcardId}`;
    // rendered (and cached) before the change
    const before = [await visit(memberPage), await visit(colleaguePage)];
    expect(before[0]?.body).toContain('Old Company');
    expect(before[1]?.body).toContain('Another Old Company');
    expect(before[0]?.body).not.toContain('grid-template-columns:auto 1fr');

    notices.length = 0;
    const storedBefore = await storedCard(memberCard.vcardId);
    const saved = await trpcMutate(
      t.app,
      'teams.saveTemplate',
      admin.cookie,
      teamTemplateInput({
        company: 'Acme Studio',
        website: 'https://acme.example',
        layout: 'compact',
        backgroundColour: '#0F766E',
        address: {
          street: '1 Brand Street',
          city: 'Valencia',
          postalCode: '46001',
          region: '',
          country: 'Spain',
        },
        // the layout is the template's on every team card, locked or not
        locked: ['company', 'colours', 'address'],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // the team's account's pages are dropped in every process
    expect(notices).toContainEqual({ userId: memberCard.accountId, topic: 'cards' });

    const member = await visit(memberPage);
    const colleague = await visit(colleaguePage);
    for (const page of [member, colleague]) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Acme Studio');
      expect(page.body).not.toContain('Old Company');
      expect(page.body).toContain('grid-template-columns:auto 1fr');
      expect(page.body).toContain('<meta name="theme-color" content="#0F766E">');
      expect(page.body).toContain('1 Brand Street');
    }
    // the website is not locked: a card with its own keeps it, one without shows the template's
    expect(member.body).toContain('https://mia.example');
    expect(member.body).not.toContain('https://acme.example');
    expect(colleague.body).toContain('https://acme.example');

    const vcf = await visit(`${memberPage}/contact.vcf`);
    expect(vcf.body).toContain('ORG:Acme Studio');
    expect(vcf.body).toContain('1 Brand Street');
    // nothing was copied into the cards, but each says it changed (a wallet pass follows updated_at)
    const storedAfter = await storedCard(memberCard.vcardId);
    expect(storedAfter.company).toBe('Old Company');
    expect(storedAfter.updated_at.getTime()).toBeGreaterThan(storedBefore.updated_at.getTime());
    expect(storedAfter.version).toBe(storedBefore.version);

    // unlocked again: each card shows its own company at once
    await trpcMutate(
      t.app,
      'teams.saveTemplate',
      admin.cookie,
      teamTemplateInput({ company: 'Acme Studio' }, 2),
    );
    expect((await visit(memberPage)).body).toContain('Old Company');
  });

  it('the preview of a team card shows what the template locks, whatever was typed', async () => {
    const { admin, member, memberCard } = await brandedTeam();
    await trpcMutate(
      t.app,
      'teams.saveTemplate',
      admin.cookie,
      teamTemplateInput({ company: 'Acme Preview', locked: ['company'] }),
    );
    const form = await cardForm(member.cookie, memberCard.vcardId, { company: 'Typed Company' });
    const { id: _id, baseVersion: _base, backgroundColour, fontColour, iconColour, ...card } = form;
    const preview = await injectFromApp(t.app, {
      method: 'POST',
      url: '/api/designs/preview',
      headers: { cookie: member.cookie },
      payload: {
        vcardId: memberCard.vcardId,
        colours: { backgroundColour, fontColour, iconColour },
        card: { ...card, position: 'Typed Position' },
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.body).toContain('Acme Preview');
    expect(preview.body).toContain('Typed Position');
    expect(preview.body).not.toContain('Typed Company');
  });
});

describe('locked fields of a team card', () => {
  it('a member saves an unlocked field; a locked one sent as shown or as stored is kept as stored', async () => {
    const { admin, member, memberCard } = await brandedTeam();
    await trpcMutate(
      t.app,
      'teams.saveTemplate',
      admin.cookie,
      teamTemplateInput({ company: 'Acme', locked: ['company', 'colours'] }),
    );
    const asShown = await trpcMutate(
      t.app,
      'vcards.update',
      member.cookie,
      await cardForm(member.cookie, memberCard.vcardId, { position: 'Lead designer', company: 'Acme' }),
    );
    expect(asShown.statusCode, asShown.body).toBe(200);
    const asStored = await trpcMutate(
      t.app,
      'vcards.update',
      member.cookie,
      await cardForm(member.cookie, memberCard.vcardId, { position: 'Head of design' }),
    );
    expect(asStored.statusCode, asStored.body).toBe(200);
    expect(await storedCard(memberCard.vcardId)).toMatchObject({
      position: 'Head of design',
      company: 'Old Company',
    });
    expect((await visit(`/vcard/${memberCard.vcardId}`)).body).toContain('Head of design');
  });

  it('refuses a member, and an admin, who change a locked field, naming it, and saves nothing', async () => {
    const { admin, member, memberCard } = await brandedTeam();
    await trpcMutate(
      t.app,
      'teams.saveTemplate',
      admin.cookie,
      teamTemplateInput({ company: 'Acme', locked: ['company', 'colours', 'address', 'website'] }),
    );
    const before = await storedCard(memberCard.vcardId);
    const attempts: [string, Partial<VcardFormValues>, string][] = [
      [member.cookie, { company: 'My Own Company' }, 'company'],
      [member.cookie, { backgroundColour: '#000000', position: 'Changed too' }, 'colours'],
      [member.cookie, { website: 'https://mine.example' }, 'website'],
      [
        member.cookie,
        { address: { street: 'Home', city: '', region: '', postalCode: '', country: '' } },
        'address',
      ],
      [admin.cookie, { company: 'Admin Company' }, 'company'],
    ];
    for (const [cookie, overrides, field] of attempts) {
      const response = await trpcMutate(
        t.app,
        'vcards.update',
        cookie,
        await cardForm(cookie, memberCard.vcardId, overrides),
      );
      expect(response.statusCode).toBe(403);
      expect(trpcError(response).data).toMatchObject({ reason: 'field_locked', meta: { field } });
    }
    expect(await storedCard(memberCard.vcardId)).toEqual(before);

    // an admin changes it in the template instead, and may still edit the card's unlocked fields
    const unlocked = await trpcMutate(
      t.app,
      'vcards.update',
      admin.cookie,
      await cardForm(admin.cookie, memberCard.vcardId, { position: 'Set by the admin' }),
    );
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await storedCard(memberCard.vcardId)).position).toBe('Set by the admin');
  });

  it('leaves personal cards alone: a member of a team edits their own card freely', async () => {
    const { admin, member } = await brandedTeam();
    await trpcMutate(
      t.app,
      'teams.saveTemplate',
      admin.cookie,
      teamTemplateInput({ company: 'Acme', locked: ['company'] }),
    );
    const created = trpcData<{ id: string; version: number }>(
      await trpcMutate(t.app, 'vcards.create', member.cookie, { ...emptyVcardForm(), name: 'Mia Personal' }),
    );
    const saved = await trpcMutate(t.app, 'vcards.update', member.cookie, {
      ...emptyVcardForm(),
      name: 'Mia Personal',
      company: 'Side Project',
      id: created.id,
      baseVersion: created.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await storedCard(created.id)).company).toBe('Side Project');
  });
});

describe("the template's log entries", () => {
  it('say which fields changed, which were locked or unlocked, and who edited which team card', async () => {
    const { owner, admin, member, memberCard } = await brandedTeam();
    await trpcMutate(
      t.app,
      'teams.saveTemplate',
      admin.cookie,
      teamTemplateInput({ company: 'Acme', website: 'https://acme.example', locked: ['company', 'colours'] }),
    );
    await trpcMutate(
      t.app,
      'teams.saveTemplate',
      admin.cookie,
      teamTemplateInput({ company: 'Acme', website: 'https://acme.example', locked: ['website'] }, 2),
    );
    // the same template again changes nothing, and records nothing
    await trpcMutate(
      t.app,
      'teams.saveTemplate',
      admin.cookie,
      teamTemplateInput({ company: 'Acme', website: 'https://acme.example', locked: ['website'] }, 3),
    );
    await trpcMutate(
      t.app,
      'vcards.update',
      member.cookie,
      await cardForm(member.cookie, memberCard.vcardId, { position: 'Lead designer' }),
    );
    await trpcMutate(
      t.app,
      'vcards.update',
      admin.cookie,
      await cardForm(admin.cookie, memberCard.vcardId, { position: 'Principal designer' }),
    );
    const events = (await eventsOf(owner.cookie)).map(
      ({ actorName, action, subject }) => `${actorName}: ${action} ${subject}`,
    );
    const card = `Mia Member → Mia Member <${member.email}>`;
    // newest first; the entries of one save are written at once, in no order among themselves
    expect(events.slice(0, 2)).toEqual([
      `Adam Admin: card_edited ${card}`,
      `Mia Member: card_edited ${card}`,
    ]);
    expect(events.slice(2, 5).sort()).toEqual([
      'Adam Admin: template_field_locked website',
      'Adam Admin: template_field_unlocked colours',
      'Adam Admin: template_field_unlocked company',
    ]);
    expect(events.slice(5).sort()).toEqual([
      'Adam Admin: template_changed company,website',
      'Adam Admin: template_field_locked colours',
      'Adam Admin: template_field_locked company',
    ]);
  });
});

describe('the template logo', () => {
  it("takes a photo an admin uploaded for the team, and refuses one of someone else's account, the admin's own too", async () => {
    const { teamId, admin, member, memberCard } = await brandedTeam();
    const upload = await uploadTestPhoto(t.app, admin.cookie, '?team=1');
    const saved = await trpcMutate(
      t.app,
      'teams.saveTemplate',
      admin.cookie,
      teamTemplateInput({ logo: upload }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const key = upload.replace(mediaPath(''), '');
    const media = await t.db.selectFrom('media').select('user_id').where('key', '=', key).executeTakeFirst();
    expect(media?.user_id).toBe(memberCard.accountId);
    expect((await visit(`/vcard/${memberCard.vcardId}`)).body).toContain(`src="${upload}"`);

    // another person's photo, and a photo the admin uploaded for themself, are refused; nothing changes
    const othersPhoto = await uploadTestPhoto(t.app, member.cookie);
    const adminsOwnPhoto = await uploadTestPhoto(t.app, admin.cookie);
    for (const logo of [othersPhoto, adminsOwnPhoto]) {
      const refused = await trpcMutate(
        t.app,
        'teams.saveTemplate',
        admin.cookie,
        teamTemplateInput({ logo }, 2),
      );
      expect(trpcError(refused).data).toMatchObject({ reason: 'validation_failed', meta: { field: 'logo' } });
    }
    const template = await t.db
      .selectFrom('team_templates')
      .select('version')
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    expect(template.version).toBe(2);
  });
});

describe('bad input', () => {
  it('refuses each with a clear reason and stores nothing', async () => {
    const { teamId, admin } = await brandedTeam();
    const bad: Record<string, unknown>[] = [
      { ...teamTemplateInput(), website: 'javascript:alert(1)' },
      { ...teamTemplateInput(), backgroundColour: 'red' },
      { ...teamTemplateInput(), layout: 'sideways' },
      { ...teamTemplateInput(), locked: ['company'] },
      { ...teamTemplateInput(), locked: { ...teamTemplateInput().locked, photo: true } },
      { ...teamTemplateInput(), locked: { ...teamTemplateInput().locked, company: 'yes' } },
      { ...teamTemplateInput(), company: 'x'.repeat(101) },
      { ...teamTemplateInput(), company: 'Acme\u202Eevil' },
      { ...teamTemplateInput(), logo: '/media/../../etc/passwd' },
    ];
    for (const input of bad) {
      const response = await trpcMutate(t.app, 'teams.saveTemplate', admin.cookie, input);
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      expect(trpcError(response).data.reason).toBe('validation_failed');
    }
    const rows = await t.db.selectFrom('team_templates').selectAll().where('team_id', '=', teamId).execute();
    expect(rows).toEqual([]);
  });

  it('refuses a save from an older version with the template as it is now', async () => {
    const { admin, owner } = await brandedTeam();
    await trpcMutate(t.app, 'teams.saveTemplate', owner.cookie, teamTemplateInput({ company: 'Owner Co' }));
    const stale = await trpcMutate(
      t.app,
      'teams.saveTemplate',
      admin.cookie,
      teamTemplateInput({ company: 'Admin Co' }),
    );
    expect(stale.statusCode).toBe(409);
    const error = trpcError(stale);
    expect(error.data.reason).toBe('edit_conflict');
    expect(error.data.meta?.current).toMatchObject({ version: 2, values: { company: 'Owner Co' } });
    expect((await templateOf(admin.cookie)).values.company).toBe('Owner Co');
  });
});

describe('the template across processes (Postgres)', needsPostgres(), () => {
  it("drops every member's page in every process when an admin saves it in one", async () => {
    const first = await buildTestApp();
    const second = await buildTestApp({ database: first.config.database });
    try {
      const { admin, memberCard, colleagueCard } = await brandedTeam(first);
      const pages = [`/vcard/${memberCard.vcardId}`, `/vcard/${colleagueCard.vcardId}`];
      for (const app of [first, second]) {
        for (const page of pages) expect((await visit(page, app)).body).toContain('Old Company');
      }
      const saved = await trpcMutate(
        first.app,
        'teams.saveTemplate',
        admin.cookie,
        teamTemplateInput({ company: 'Shared Brand', locked: ['company'] }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      for (const app of [first, second]) {
        for (const page of pages) {
          await vi.waitFor(async () => expect((await visit(page, app)).body).toContain('Shared Brand'), {
            timeout: 5_000,
          });
        }
      }
    } finally {
      await second.close();
      await first.close();
    }
  });
});
