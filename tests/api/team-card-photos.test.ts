import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUnusedPhotoKeys } from '../../server/media/references.ts';
import type { TeamCardView } from '../../server/teams/cards.ts';
import { mediaKeyOf, PHOTO_MAX_BYTES } from '../../src/media.ts';
import { PLANS } from '../../src/plans.ts';
import { emptyVcardForm, type VcardFormValues } from '../../src/schemas/vcard.ts';
import { createSignedInOwner, versionOf } from '../support/factories.ts';
import {
  buildTestApp,
  injectFromApp,
  sendTestPhoto,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  uploadTestPhoto,
  type TestApp,
} from '../support/harness.ts';
import { readQr } from '../support/qr-reader.ts';
import { addTeamCard, addTeamOfFour, organizationCall } from '../support/teams.ts';

// What a team card's photos, preview and printed QR code belong to (docs/decisions/021-teams.md): a photo
// uploaded for a team card (`?card=`) or for the team (`?team=1`: its logo, an admin's new card) is the
// team account's, counted in the team's plan, so it stays with the card when its member leaves; who may
// upload it is who may edit the card (server/access/team-access.ts photoAccount). The team's logo is set only
// through teams.setLogo, with a photo of the team.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const card = (overrides: Partial<VcardFormValues> = {}): VcardFormValues => ({
  ...emptyVcardForm(),
  name: 'Mia Member',
  ...overrides,
});

/** The account a stored photo was filed under (media.user_id), by its /media/ path. */
async function accountOfPhoto(path: string): Promise<string | undefined> {
  const row = await t.db
    .selectFrom('media')
    .select('user_id')
    .where('key', '=', mediaKeyOf(path) ?? '')
    .executeTakeFirst();
  return row?.user_id;
}

const countMedia = async () =>
  Number(
    (
      await t.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

/** The reason of a refused upload, after checking that it stored nothing. */
async function refusedUpload(cookie: string, query: string): Promise<{ status: number; reason: string }> {
  const before = await countMedia();
  const response = await sendTestPhoto(t.app, cookie, query);
  expect(await countMedia()).toBe(before);
  return { status: response.statusCode, reason: (response.json() as { reason: string }).reason };
}

/** A team of four with one card, made for Mia (the member) by the admin. */
async function teamWithCard() {
  const team = await addTeamOfFour(t);
  const created = await addTeamCard(t.db, team.teamId, { memberId: team.member.userId, name: 'Mia Member' });
  return { ...team, ...created };
}

function saveCard(cookie: string, id: string, values: VcardFormValues, baseVersion: number) {
  return trpcMutate(t.app, 'vcards.update', cookie, { ...values, id, baseVersion });
}

describe('photos uploaded for a team card', () => {
  it("are the team's, for the member the card is for and for the team's admins, and stay with the card", async () => {
    const { member, admin, owner, vcardId, accountId } = await teamWithCard();
    const membersPhoto = await uploadTestPhoto(t.app, member.cookie, `?card=${vcardId}`);
    const adminsPhoto = await uploadTestPhoto(t.app, admin.cookie, `?card=${vcardId}`);
    const ownersPhoto = await uploadTestPhoto(t.app, owner.cookie, `?card=${vcardId}`);
    for (const photo of [membersPhoto, adminsPhoto, ownersPhoto]) {
      expect(await accountOfPhoto(photo)).toBe(accountId);
    }

    // the member's editor saves the card with it
    const saved = await saveCard(
      member.cookie,
      vcardId,
      card({ photo: membersPhoto }),
      await versionOf(t.db, 'vcards', vcardId),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // the member leaves: the photo stays the team's, on the card, and the clean-up keeps it
    const left = await organizationCall(t.app, member.cookie, 'leave', {
      organizationId: (
        await t.db
          .selectFrom('teams')
          .select('id')
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).id,
    });
    expect(left.statusCode, left.body).toBe(200);
    const stored = await t.db
      .selectFrom('vcards')
      .select(['photo', 'member_id'])
      .where('id', '=', vcardId)
      .executeTakeFirst();
    expect(stored).toEqual({ photo: membersPhoto, member_id: null });
    expect(await accountOfPhoto(membersPhoto)).toBe(accountId);
    const unused = await findUnusedPhotoKeys(t.db, new Date(Date.now() + 60_000));
    expect(unused).not.toContain(mediaKeyOf(membersPhoto));
  });

  it('are refused to another member of the team and to a stranger, and store nothing', async () => {
    const { successor, vcardId } = await teamWithCard();
    const stranger = await createSignedInOwner(t, { plan: 'business' });
    for (const cookie of [successor.cookie, stranger.cookie]) {
      expect(await refusedUpload(cookie, `?card=${vcardId}`)).toEqual({ status: 404, reason: 'not_found' });
    }
    // nor is a card that does not exist told apart from someone else's
    expect(await refusedUpload(successor.cookie, `?card=${randomUUID()}`)).toEqual({
      status: 404,
      reason: 'not_found',
    });
  });

  it("refuses someone else's photo on a team card, and the member's own personal upload", async () => {
    const { member, successor, vcardId } = await teamWithCard();
    const version = await versionOf(t.db, 'vcards', vcardId);
    const personal = await uploadTestPhoto(t.app, member.cookie);
    const othersPersonal = await uploadTestPhoto(t.app, successor.cookie);
    for (const photo of [personal, othersPersonal]) {
      const refused = await saveCard(member.cookie, vcardId, card({ photo }), version);
      expect(trpcError(refused).data).toMatchObject({ reason: 'validation_failed' });
    }
    expect(
      await t.db
        .selectFrom('vcards')
        .select(['photo', 'version'])
        .where('id', '=', vcardId)
        .executeTakeFirst(),
    ).toEqual({ photo: null, version });
  });

  it("count against the team's plan, not the uploader's", async () => {
    const { member, vcardId, accountId } = await teamWithCard();
    // the member's own Free storage is full
    const freeBytes = PLANS.free.limits.storageMb * 1024 * 1024;
    await t.db
      .insertInto('media')
      .values({
        key: `${'f'.repeat(32)}.jpg`,
        user_id: member.userId,
        content_type: 'image/jpeg',
        bytes: freeBytes,
        width: 1,
        height: 1,
      })
      .execute();
    expect(await refusedUpload(member.cookie, '')).toMatchObject({ reason: 'storage_quota_exceeded' });
    const forTheCard = await uploadTestPhoto(t.app, member.cookie, `?card=${vcardId}`);
    expect(await accountOfPhoto(forTheCard)).toBe(accountId);
  });

  it("for the team (an admin's new card) are the team's, and refused to a member and a stranger", async () => {
    const { admin, member, successor } = await teamWithCard();
    const stranger = await createSignedInOwner(t, { plan: 'business' });
    const photo = await uploadTestPhoto(t.app, admin.cookie, '?team=1');
    const created = await trpcMutate(t.app, 'teams.createCard', admin.cookie, {
      holder: { userId: successor.userId },
      card: card({ name: 'Sam Successor', photo }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = trpcData<{ id: string }>(created);
    const team = await t.db
      .selectFrom('vcards')
      .select(['photo', 'user_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(team.photo).toBe(photo);
    expect(await accountOfPhoto(photo)).toBe(team.user_id);

    expect(await refusedUpload(member.cookie, '?team=1')).toEqual({
      status: 403,
      reason: 'team_role_required',
    });
    expect(await refusedUpload(stranger.cookie, '?team=1')).toEqual({
      status: 403,
      reason: 'team_role_required',
    });
  });

  it('refuses a malformed purpose with validation_failed, storing nothing', async () => {
    const { admin, vcardId } = await teamWithCard();
    for (const query of ['?card=not-a-card', '?team=yes', `?card=${vcardId}&kind=banner`]) {
      expect(await refusedUpload(admin.cookie, query)).toEqual({ status: 400, reason: 'validation_failed' });
    }
  });
});

describe("a team card's preview and printed QR code", () => {
  const preview = (cookie: string, vcardId: string) =>
    injectFromApp(t.app, {
      method: 'POST',
      url: '/api/designs/preview',
      headers: { cookie },
      payload: {
        vcardId,
        colours: { backgroundColour: '#1E3A8A', fontColour: '#FFFFFF', iconColour: '#FFFFFF' },
        card: { ...card({ name: 'Mia Typing' }), photo: null },
      },
    });
  const download = (cookie: string, linkId: string): Promise<LightMyRequestResponse> =>
    injectFromApp(t.app, { method: 'GET', url: `/api/qr-codes/${linkId}/png`, headers: { cookie } });

  it('are drawn for whoever may edit the card, and for nobody else', async () => {
    const { member, admin, successor, vcardId, linkId, code } = await teamWithCard();
    const stranger = await createSignedInOwner(t, { plan: 'business' });
    for (const cookie of [member.cookie, admin.cookie]) {
      const page = await preview(cookie, vcardId);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.body).toContain('Mia Typing');
      const file = await download(cookie, linkId);
      expect(file.statusCode, file.body).toBe(200);
      const { text } = await readQr(file.rawPayload);
      expect(text).toMatch(new RegExp(`/l/${code}\\?`));
    }
    const cards = trpcData<TeamCardView[]>(await trpcQuery(t.app, 'teams.cards', admin.cookie));
    expect(cards.find((row) => row.id === vcardId)?.qrCodeId).toBe(linkId);
    for (const cookie of [successor.cookie, stranger.cookie]) {
      expect((await preview(cookie, vcardId)).statusCode).toBe(404);
      expect((await download(cookie, linkId)).statusCode).toBe(404);
    }
  });
});

describe("the team's logo", () => {
  /** A transparent PNG sent as a graphic for the team; returns the route's answer. */
  async function uploadLogo(cookie: string): Promise<LightMyRequestResponse> {
    const png = await sharp({
      create: { width: 40, height: 20, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    expect(png.length).toBeLessThan(PHOTO_MAX_BYTES);
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    return injectFromApp(t.app, {
      method: 'POST',
      url: '/api/media/photos?kind=graphic&team=1',
      headers: { cookie },
      payload: form,
    });
  }

  const teamRow = (teamId: string) =>
    t.db
      .selectFrom('teams')
      .select(['logo', 'account_id'])
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();

  it('is a graphic of the team, set and replaced by an admin, logged, and released when replaced', async () => {
    const { teamId, admin, member } = await addTeamOfFour(t);
    const uploaded = await uploadLogo(admin.cookie);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const logo = (uploaded.json() as { path: string }).path;
    // its transparency is kept
    expect(logo).toMatch(/\.png$/);
    const set = await trpcMutate(t.app, 'teams.setLogo', admin.cookie, { logo });
    expect(set.statusCode, set.body).toBe(200);
    const team = await teamRow(teamId);
    expect(team.logo).toBe(logo);
    expect(await accountOfPhoto(logo)).toBe(team.account_id);
    // every member sees it; the clean-up keeps it
    const mine = trpcData<{ logo: string | null }>(await trpcQuery(t.app, 'teams.mine', member.cookie));
    expect(mine.logo).toBe(logo);
    expect(await findUnusedPhotoKeys(t.db, new Date(Date.now() + 60_000))).not.toContain(mediaKeyOf(logo));

    const next = (await uploadLogo(admin.cookie).then((response) => response.json())) as { path: string };
    expect((await trpcMutate(t.app, 'teams.setLogo', admin.cookie, { logo: next.path })).statusCode).toBe(
      200,
    );
    expect(await accountOfPhoto(logo)).toBeUndefined();
    expect((await trpcMutate(t.app, 'teams.setLogo', admin.cookie, { logo: null })).statusCode).toBe(200);
    expect((await teamRow(teamId)).logo).toBeNull();
    expect(await accountOfPhoto(next.path)).toBeUndefined();

    const log = await t.db
      .selectFrom('team_events')
      .select(['action', 'actor_name'])
      .where('team_id', '=', teamId)
      .orderBy('created_at')
      .execute();
    expect(log.map((entry) => entry.action)).toEqual(['logo_changed', 'logo_changed', 'logo_removed']);
  });

  it("refuses a photo that is not the team's, and a logo through the organization plugin", async () => {
    const { teamId, admin, owner } = await addTeamOfFour(t);
    const personal = await uploadTestPhoto(t.app, admin.cookie);
    const refused = await trpcMutate(t.app, 'teams.setLogo', admin.cookie, { logo: personal });
    expect(trpcError(refused).data.reason).toBe('validation_failed');
    const notAPhoto = await trpcMutate(t.app, 'teams.setLogo', admin.cookie, {
      logo: 'https://tracker.example/logo.png',
    });
    expect(trpcError(notAPhoto).data.reason).toBe('validation_failed');

    const teamsPhoto = await uploadTestPhoto(t.app, admin.cookie, '?team=1');
    const update = await organizationCall(t.app, owner.cookie, 'update', {
      organizationId: teamId,
      data: { logo: teamsPhoto },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await teamRow(teamId)).logo).toBeNull();

    const founder = await createSignedInOwner(t, { plan: 'business' });
    const create = await organizationCall(t.app, founder.cookie, 'create', {
      name: 'Logo Team',
      slug: `logo-team-${Date.now()}`,
      logo: 'https://tracker.example/logo.png',
    });
    expect(create.statusCode).toBe(400);
    expect(await t.db.selectFrom('team_members').where('user_id', '=', founder.userId).execute()).toEqual([]);
  });
});
