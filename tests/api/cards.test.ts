import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { mediaKeyOf } from '../../src/media.ts';
import { PLANS } from '../../src/plans.ts';
import { emptyVcardForm, SOCIAL_LABEL_MAX_LENGTH, type VcardFormValues } from '../../src/schemas/vcard.ts';
import {
  buildTestApp,
  signUp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  uploadTestPhoto,
  type TestApp,
} from '../support/harness.ts';
import { countLead } from '../../server/analytics/leads.ts';
import {
  addLead,
  addVcard,
  addVisits,
  cardStepInput as card,
  freeUsername,
  versionOf,
} from '../support/factories.ts';

// Card creation (/onboarding step 3), vCards, profile details and test data:
// the rules on the server, all-or-nothing writes, plan limits, and nobody touching another's cards.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const mutate = (path: string, cookie: string, input?: unknown) => trpcMutate(t.app, path, cookie, input);
const query = (path: string, cookie: string, input?: unknown) => trpcQuery(t.app, path, cookie, input);

const uploadPhoto = (cookie: string) => uploadTestPhoto(t.app, cookie);

function vcard(overrides: Partial<VcardFormValues> = {}): VcardFormValues {
  return { ...emptyVcardForm(), name: 'Second Card', ...overrides };
}

async function stored(userId: string) {
  const [profile, vcards, links, media] = await Promise.all([
    t.db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
    t.db.selectFrom('vcards').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
    t.db.selectFrom('links').selectAll().where('user_id', '=', userId).execute(),
    t.db.selectFrom('media').selectAll().where('user_id', '=', userId).execute(),
  ]);
  return { profile, vcards, links, media };
}

async function expectNothingCreated(userId: string) {
  const after = await stored(userId);
  expect(after.profile.initialized).toBe(false);
  expect(after.profile.username).toBeNull();
  expect(after.vcards).toEqual([]);
  expect(after.links).toEqual([]);
}

describe('card creation (onboarding step 3)', () => {
  it('creates the profile details, the vCard with its QR link, and initialized, in one go', async () => {
    const { cookie, userId } = await signUp(t.app, { name: 'Ana López' });
    const photo = await uploadPhoto(cookie);
    const input = card({
      photo,
      givenName: 'Ana',
      familyName: 'López',
      website: 'https://ana.example',
      socialLinks: { ...card().socialLinks, linkedin: 'https://linkedin.com/in/ana' },
    });

    const response = await mutate('profile.createCard', cookie, input);
    expect(response.statusCode, response.body).toBe(200);
    const { vcardId } = trpcData<{ vcardId: string }>(response);

    const { profile, vcards, links } = await stored(userId);
    expect(profile).toMatchObject({
      username: input.username,
      theme_color: '#9333EA',
      profile_pic: photo,
      position: 'Designer',
      company: 'Estudio, S.L.',
      phone: '+34 600 000 000',
      initialized: true,
      primary_vcard_id: vcardId,
    });
    expect(vcards).toHaveLength(1);
    expect(vcards[0]).toMatchObject({
      id: vcardId,
      name: 'Ana López',
      given_name: 'Ana',
      family_name: 'López',
      photo,
      background_color: '#9333EA',
      font_color: '#FFFFFF',
      icon_color: '#FFFFFF',
      website: 'https://ana.example',
      social_links: [{ platform: 'linkedin', url: 'https://linkedin.com/in/ana' }],
      qr_code: `${t.config.publicUrl}/vcard/${vcardId}`,
    });
    expect(links).toEqual([
      expect.objectContaining({
        vcard_id: vcardId,
        title: 'Ana López',
        url: `${t.config.publicUrl}/vcard/${vcardId}`,
      }),
    ]);
    expect(links[0]?.code).toMatch(/^[0-9A-Za-z]{8}$/);
  });

  it('puts the sign-in e-mail on no card: the card step and a new vCard left without one keep none', async () => {
    const { cookie, userId, email } = await signUp(t.app, { name: 'Ana López' });
    const created = await mutate('profile.createCard', cookie, card({ email: '' }));
    expect(created.statusCode, created.body).toBe(200);
    const { vcardId } = trpcData<{ vcardId: string }>(created);
    await t.db.updateTable('profiles').set({ plan_type: 'pro' }).where('id', '=', userId).execute();
    const second = await mutate('vcards.create', cookie, vcard({ email: '' }));
    expect(second.statusCode, second.body).toBe(200);

    const { profile, vcards } = await stored(userId);
    expect(vcards.map((row) => row.email)).toEqual([null, null]);
    // docs/decisions/012-sign-in-email-never-public.md: the address shows publicly only if typed into a card
    for (const url of [
      `/${profile.username}`,
      `/vcard/${vcardId}`,
      `/vcard/${vcardId}/contact.vcf`,
      `/vcard/${vcards[1]?.id}`,
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body.toLowerCase(), url).not.toContain(email.toLowerCase());
    }
  });

  it.each([
    ['letters on the free plan', 'ana-lopez', M.usernameDigits],
    ['too few digits', '1234567', M.usernameDigits],
    ['a reserved name', 'admin', M.usernameReserved],
    ['nothing', '', M.usernameRequired],
  ])('refuses %s with its message and stores nothing', async (_case, username, message) => {
    const { cookie, userId } = await signUp(t.app);
    const response = await mutate('profile.createCard', cookie, card({ username }));
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).data).toMatchObject({
      reason: 'validation_failed',
      meta: { field: 'username', message },
    });
    await expectNothingCreated(userId);
  });

  it('applies the paid rule (3-30 letters, digits, hyphens) to a paid plan', async () => {
    const { cookie, userId } = await signUp(t.app);
    await t.db.updateTable('profiles').set({ plan_type: 'pro' }).where('id', '=', userId).execute();
    const bad = await mutate('profile.createCard', cookie, card({ username: '12345678-' }));
    expect(trpcError(bad).data.meta).toMatchObject({ message: M.usernameFormat });
    const good = await mutate('profile.createCard', cookie, card({ username: `ana-${freeUsername()}` }));
    expect(good.statusCode, good.body).toBe(200);
  });

  it('refuses a username someone else holds, whatever its case, and stores nothing', async () => {
    const first = await signUp(t.app);
    await t.db.updateTable('profiles').set({ plan_type: 'pro' }).where('id', '=', first.userId).execute();
    const taken = `taken-${Date.now()}`;
    expect((await mutate('profile.createCard', first.cookie, card({ username: taken }))).statusCode).toBe(
      200,
    );

    const second = await signUp(t.app);
    await t.db.updateTable('profiles').set({ plan_type: 'pro' }).where('id', '=', second.userId).execute();
    const check = await query('profile.checkUsername', second.cookie, { username: taken });
    expect(trpcData(check)).toEqual({ status: 'taken', problem: null });
    // the owner's own name is available to them
    expect(trpcData(await query('profile.checkUsername', first.cookie, { username: taken }))).toMatchObject({
      status: 'available',
    });

    const response = await mutate(
      'profile.createCard',
      second.cookie,
      card({ username: taken.toUpperCase() }),
    );
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).data.meta).toMatchObject({ message: M.usernameFormat });
    const exact = await mutate('profile.createCard', second.cookie, card({ username: taken }));
    expect(exact.statusCode).toBe(409);
    expect(trpcError(exact).data.reason).toBe('username_taken');
    await expectNothingCreated(second.userId);
  });

  it('answers the availability check with the rule problem on the plan', async () => {
    const { cookie } = await signUp(t.app);
    expect(trpcData(await query('profile.checkUsername', cookie, { username: 'ab' }))).toEqual({
      status: 'invalid',
      problem: M.usernameDigits,
    });
    expect(trpcData(await query('profile.checkUsername', cookie, { username: freeUsername() }))).toEqual({
      status: 'available',
      problem: null,
    });
  });

  it.each([
    ['a website that is not http(s)', { website: 'javascript:alert(1)' }],
    ['a photo that is not an uploaded one', { photo: 'https://elsewhere.example/me.jpg' }],
    ['a name that is too long', { name: 'a'.repeat(101) }],
  ])('refuses %s and stores nothing', async (_case, overrides) => {
    const { cookie, userId } = await signUp(t.app);
    const response = await mutate('profile.createCard', cookie, card(overrides));
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).data.reason).toBe('validation_failed');
    await expectNothingCreated(userId);
  });

  it("refuses another person's photo and stores nothing", async () => {
    const owner = await signUp(t.app);
    const photo = await uploadPhoto(owner.cookie);
    const other = await signUp(t.app);
    const response = await mutate('profile.createCard', other.cookie, card({ photo }));
    expect(trpcError(response).data).toMatchObject({ reason: 'validation_failed', meta: { field: 'photo' } });
    await expectNothingCreated(other.userId);
  });

  it('needs a session', async () => {
    const response = await mutate('profile.createCard', '', card());
    expect(response.statusCode).toBe(401);
  });
});

describe('vCards', () => {
  async function userWithCard(plan: 'free' | 'pro' | 'business' = 'free') {
    const user = await signUp(t.app);
    expect((await mutate('profile.createCard', user.cookie, card())).statusCode).toBe(200);
    if (plan !== 'free') {
      await t.db.updateTable('profiles').set({ plan_type: plan }).where('id', '=', user.userId).execute();
    }
    return user;
  }

  it('blocks the free plan at one vCard', async () => {
    const { cookie, userId } = await userWithCard();
    const response = await mutate('vcards.create', cookie, vcard());
    expect(response.statusCode).toBe(403);
    expect(trpcError(response).data).toMatchObject({
      reason: 'limit_reached',
      meta: { resource: 'vcards', limit: PLANS.free.limits.vcards },
    });
    expect((await stored(userId)).vcards).toHaveLength(1);
    const list = trpcData<{ limit: number; vcards: unknown[] }>(await query('vcards.list', cookie));
    expect(list).toMatchObject({ limit: PLANS.free.limits.vcards });
  });

  it('lets Pro create up to its limit and no more, even when the creates arrive at once', async () => {
    const { cookie, userId } = await userWithCard('pro');
    const limit = PLANS.pro.limits.vcards;
    const responses = await Promise.all(
      Array.from({ length: limit + 3 }, (_, index) =>
        mutate('vcards.create', cookie, vcard({ name: `Card ${index}` })),
      ),
    );
    const created = responses.filter((response) => response.statusCode === 200);
    expect(created).toHaveLength(limit - 1);
    expect((await stored(userId)).vcards).toHaveLength(limit);
    // every vCard manages exactly one link
    expect((await stored(userId)).links.filter((link) => link.vcard_id)).toHaveLength(limit);
  });

  it('edits, picks the primary one, and deletes a vCard with its link and unused photo', async () => {
    const { cookie, userId } = await userWithCard('business');
    const firstPhoto = await uploadPhoto(cookie);
    const { id, version } = trpcData<{ id: string; version: number }>(
      await mutate('vcards.create', cookie, vcard({ photo: firstPhoto })),
    );

    const secondPhoto = await uploadPhoto(cookie);
    const update = await mutate('vcards.update', cookie, {
      ...vcard({ name: 'Renamed', photo: secondPhoto, fontColour: '#111111' }),
      id,
      baseVersion: version,
    });
    expect(update.statusCode, update.body).toBe(200);
    let state = await stored(userId);
    expect(state.vcards.find((row) => row.id === id)).toMatchObject({
      name: 'Renamed',
      photo: secondPhoto,
      font_color: '#111111',
    });
    expect(state.links.find((link) => link.vcard_id === id)?.title).toBe('Renamed');
    // the replaced photo is gone from the database and from storage
    expect(state.media.map((row) => row.key)).not.toContain(mediaKeyOf(firstPhoto));
    expect(await t.app.inject({ method: 'GET', url: firstPhoto }).then((r) => r.statusCode)).toBe(404);

    expect((await mutate('vcards.setPrimary', cookie, { id })).statusCode).toBe(200);
    expect(trpcData<{ primaryId: string }>(await query('vcards.list', cookie)).primaryId).toBe(id);

    expect((await mutate('vcards.delete', cookie, { id })).statusCode).toBe(200);
    state = await stored(userId);
    expect(state.vcards.map((row) => row.id)).not.toContain(id);
    expect(state.links.some((link) => link.vcard_id === id)).toBe(false);
    expect(state.media.map((row) => row.key)).not.toContain(mediaKeyOf(secondPhoto));
    expect(state.profile.primary_vcard_id).toBeNull();
  });

  it("never lets another person read, change or delete someone's vCard", async () => {
    const owner = await userWithCard('pro');
    const [ownerCard] = (await stored(owner.userId)).vcards;
    const id = ownerCard?.id ?? '';
    const intruder = await userWithCard('pro');

    const attempts = [
      await query('vcards.get', intruder.cookie, { id }),
      await mutate('vcards.update', intruder.cookie, { ...vcard({ name: 'Hacked' }), id, baseVersion: 1 }),
      await mutate('vcards.delete', intruder.cookie, { id }),
      await mutate('vcards.setPrimary', intruder.cookie, { id }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(trpcError(response).data.reason).toBe('not_found');
    }
    const list = trpcData<{ vcards: { id: string }[] }>(await query('vcards.list', intruder.cookie));
    expect(list.vcards.map((row) => row.id)).not.toContain(id);

    const after = await stored(owner.userId);
    expect(after.vcards).toEqual([ownerCard]);
    expect(after.links.filter((link) => link.vcard_id === id)).toHaveLength(1);
    expect((await stored(intruder.userId)).profile.primary_vcard_id).not.toBe(id);
  });

  it('saves given and family name, the new social profiles and the labelled link, and reads them back', async () => {
    const { cookie, userId } = await userWithCard('pro');
    const input = vcard({
      name: 'María José García López',
      givenName: 'María José',
      familyName: 'García López',
      socialLinks: {
        ...vcard().socialLinks,
        github: 'https://github.com/mariajose',
        whatsapp: '+34 600 123 456',
        mastodon: '@mariajose@mastodon.social',
        threads: 'https://www.threads.com/@mariajose',
        telegram: 'https://t.me/mariajose',
      },
      otherLink: { label: 'Portfolio', url: 'https://maria.example/trabajos' },
    });
    const { id } = trpcData<{ id: string }>(await mutate('vcards.create', cookie, input));
    const row = (await stored(userId)).vcards.find((vcard) => vcard.id === id);
    expect(row).toMatchObject({
      given_name: 'María José',
      family_name: 'García López',
      social_links: [
        { platform: 'github', url: 'https://github.com/mariajose' },
        { platform: 'mastodon', url: 'https://mastodon.social/@mariajose' },
        { platform: 'threads', url: 'https://www.threads.com/@mariajose' },
        { platform: 'telegram', url: 'https://t.me/mariajose' },
        { platform: 'whatsapp', url: 'https://wa.me/34600123456' },
        { platform: 'other', url: 'https://maria.example/trabajos', label: 'Portfolio' },
      ],
    });
    expect(trpcData(await query('vcards.get', cookie, { id }))).toMatchObject({
      given_name: 'María José',
      family_name: 'García López',
    });

    // blank parts are saved as none: the .vcf suggests them from the name again
    const update = await mutate('vcards.update', cookie, {
      ...input,
      givenName: ' ',
      familyName: '',
      id,
      baseVersion: await versionOf(t.db, 'vcards', id),
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await stored(userId)).vcards.find((vcard) => vcard.id === id)).toMatchObject({
      given_name: null,
      family_name: null,
    });
  });

  it('saves a department, a work phone and a postal address, reads them back, and counts a change as a version', async () => {
    const { cookie, userId } = await userWithCard('free');
    const [card] = (await stored(userId)).vcards;
    if (!card) throw new Error('no card');
    const input = {
      ...vcard({
        name: 'Ana Ruiz',
        department: 'Ventas',
        phone: '+34 600 123 456',
        workPhone: '+34 955 000 111',
      }),
      address: {
        street: ' Calle Sierpes 12 ',
        city: 'Sevilla',
        region: '',
        postalCode: '41004',
        country: 'España',
      },
      id: card.id,
      baseVersion: card.version,
    };
    const response = await mutate('vcards.update', cookie, input);
    expect(response.statusCode, response.body).toBe(200);
    const address = {
      street: 'Calle Sierpes 12',
      city: 'Sevilla',
      region: null,
      postalCode: '41004',
      country: 'España',
    };
    const row = (await stored(userId)).vcards[0];
    expect(row).toMatchObject({ department: 'Ventas', work_phone: '+34 955 000 111', address });
    expect(row?.version).toBe(card.version + 1);
    expect(trpcData(await query('vcards.get', cookie, { id: card.id }))).toMatchObject({
      department: 'Ventas',
      work_phone: '+34 955 000 111',
      address,
    });

    // only the address changes: a new version; every part blank: no address at all
    const cleared = await mutate('vcards.update', cookie, {
      ...input,
      address: { street: '', city: ' ', region: '', postalCode: '', country: '' },
      baseVersion: card.version + 1,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const after = (await stored(userId)).vcards[0];
    expect(after?.address).toBeNull();
    expect(after?.version).toBe(card.version + 2);
  });

  it.each([
    [
      'a street over 200 characters',
      { address: { street: 'x'.repeat(201) } },
      'address.street',
      M.vcardStreetTooLong,
    ],
    [
      'a postal code over 20 characters',
      { address: { postalCode: '1'.repeat(21) } },
      'address.postalCode',
      M.vcardPostalCodeTooLong,
    ],
    ['a department over 100 characters', { department: 'd'.repeat(101) }, 'department', M.vcardFieldTooLong],
    ['a work phone over 20 characters', { workPhone: '9'.repeat(21) }, 'workPhone', M.vcardPhoneTooLong],
    ['a phone that is not a number', { phone: 'not a phone' }, 'phone', M.vcardPhoneInvalid],
    ['a work phone too short for its country', { workPhone: '+34 12' }, 'workPhone', M.vcardPhoneInvalid],
  ])('refuses %s with its message and stores nothing', async (_case, fields, path, message) => {
    const { cookie, userId } = await userWithCard('pro');
    const before = await stored(userId);
    const bad = { ...vcard(), ...fields };
    if ('address' in fields) bad.address = { ...vcard().address, ...fields.address };
    const created = await mutate('vcards.create', cookie, bad);
    expect(created.statusCode).toBe(400);
    expect(trpcError(created).data).toMatchObject({
      reason: 'validation_failed',
      fieldErrors: [{ path, message }],
    });
    expect(await stored(userId)).toEqual(before);
  });

  it.each([
    [
      'a WhatsApp number without its country code',
      { whatsapp: '600 123 456' },
      'socialLinks.whatsapp',
      M.whatsappInvalid,
    ],
    [
      'a WhatsApp link elsewhere',
      { whatsapp: 'https://example.com/600123456' },
      'socialLinks.whatsapp',
      M.whatsappInvalid,
    ],
    [
      'a Mastodon name without its server',
      { mastodon: '@mariajose' },
      'socialLinks.mastodon',
      M.mastodonInvalid,
    ],
    [
      'a GitHub profile that is not a web address',
      { github: 'github.com/mariajose' },
      'socialLinks.github',
      M.urlScheme,
    ],
  ])(
    'refuses %s with its message, on create and on update, and stores nothing',
    async (_case, links, path, message) => {
      const { cookie, userId } = await userWithCard('pro');
      const before = await stored(userId);
      const bad = vcard({ socialLinks: { ...vcard().socialLinks, ...links } });

      const created = await mutate('vcards.create', cookie, bad);
      expect(created.statusCode).toBe(400);
      expect(trpcError(created).data).toMatchObject({
        reason: 'validation_failed',
        fieldErrors: [{ path, message }],
      });

      const [card] = before.vcards;
      const updated = await mutate('vcards.update', cookie, {
        ...bad,
        id: card?.id,
        baseVersion: card?.version,
      });
      expect(updated.statusCode).toBe(400);
      expect(trpcError(updated).data).toMatchObject({
        reason: 'validation_failed',
        fieldErrors: [{ path, message }],
      });
      const after = await stored(userId);
      expect(after.vcards).toEqual(before.vcards);
      expect(after.links).toEqual(before.links);
    },
  );

  it('still saves the form of a client from before the new fields (a tab open across an upgrade)', async () => {
    const { cookie, userId } = await userWithCard('pro');
    const {
      givenName: _g,
      familyName: _f,
      otherLink: _o,
      socialLinks,
      ...older
    } = vcard({ name: 'Old Tab' });
    const {
      github: _gh,
      mastodon: _m,
      threads: _th,
      telegram: _te,
      whatsapp: _w,
      ...sixPlatforms
    } = socialLinks;
    const response = await mutate('vcards.create', cookie, {
      ...older,
      socialLinks: { ...sixPlatforms, linkedin: 'https://linkedin.com/in/old' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await stored(userId)).vcards.find((row) => row.name === 'Old Tab')).toMatchObject({
      given_name: null,
      family_name: null,
      social_links: [{ platform: 'linkedin', url: 'https://linkedin.com/in/old' }],
    });
  });

  it('refuses a labelled link without its label or its address, and a label over the limit', async () => {
    const { cookie, userId } = await userWithCard('pro');
    const attempts: [Record<string, string>, string, string][] = [
      [{ label: 'Portfolio', url: '' }, 'otherLink.url', M.socialUrlRequired],
      [{ label: '', url: 'https://maria.example' }, 'otherLink.label', M.socialLabelRequired],
      [
        { label: 'a'.repeat(SOCIAL_LABEL_MAX_LENGTH + 1), url: 'https://maria.example' },
        'otherLink.label',
        M.socialLabelTooLong,
      ],
    ];
    for (const [otherLink, path, message] of attempts) {
      const response = await mutate(
        'vcards.create',
        cookie,
        vcard({ otherLink: otherLink as VcardFormValues['otherLink'] }),
      );
      expect(response.statusCode).toBe(400);
      expect(trpcError(response).data.fieldErrors).toEqual([{ path, message }]);
    }
    expect((await stored(userId)).vcards).toHaveLength(1);
    // exactly the limit is accepted, as the message ("at most") says
    const atLimit = vcard({
      otherLink: { label: 'a'.repeat(SOCIAL_LABEL_MAX_LENGTH), url: 'https://maria.example' },
    });
    expect((await mutate('vcards.create', cookie, atLimit)).statusCode).toBe(200);
  });

  it('refuses a bad vCard with its message and stores nothing', async () => {
    const { cookie, userId } = await userWithCard('pro');
    const response = await mutate(
      'vcards.create',
      cookie,
      vcard({ email: 'not-an-email', website: 'data:text/html,x' }),
    );
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).data.fieldErrors).toEqual([
      { path: 'email', message: M.vcardEmailInvalid },
      { path: 'website', message: M.urlScheme },
    ]);
    expect((await stored(userId)).vcards).toHaveLength(1);
  });
});

describe('profile details (/dashboard/profile)', () => {
  it('saves name, username and photo, and keeps the card photo that shares the upload', async () => {
    const { cookie, userId } = await signUp(t.app);
    const photo = await uploadPhoto(cookie);
    await mutate('profile.createCard', cookie, card({ photo }));
    const username = freeUsername();
    const newPhoto = await uploadPhoto(cookie);
    const response = await mutate('profile.updateDetails', cookie, {
      name: 'Ana María López',
      username,
      photo: newPhoto,
      baseVersion: await versionOf(t.db, 'profiles', userId),
    });
    expect(response.statusCode, response.body).toBe(200);
    const state = await stored(userId);
    expect(state.profile).toMatchObject({ name: 'Ana María López', username, profile_pic: newPhoto });
    // the vCard still uses the first upload, so it stays
    expect(state.media.map((row) => row.key).sort()).toEqual(
      [mediaKeyOf(photo), mediaKeyOf(newPhoto)].sort(),
    );
    const user = await t.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe('Ana María López');
  });

  it("cannot take another person's username", async () => {
    const owner = await signUp(t.app);
    const username = freeUsername();
    await mutate('profile.createCard', owner.cookie, card({ username }));
    const other = await signUp(t.app);
    const response = await mutate('profile.updateDetails', other.cookie, {
      name: 'Other',
      username,
      photo: null,
      baseVersion: await versionOf(t.db, 'profiles', other.userId),
    });
    expect(trpcError(response).data.reason).toBe('username_taken');
    expect((await stored(other.userId)).profile.username).toBeNull();
  });
});

describe('test data', () => {
  it('shows the banner only for an uninitialized profile over a minute old with data, and clears it all', async () => {
    const { cookie, userId } = await signUp(t.app);
    const status = () =>
      query('profile.testDataStatus', cookie).then((r) => trpcData<{ show: boolean }>(r).show);
    expect(await status()).toBe(false);

    // someone who made a card and links, then (say) went back to onboarding
    await mutate('profile.createCard', cookie, card({ photo: await uploadPhoto(cookie) }));
    const [vcardRow] = (await stored(userId)).vcards;
    await t.db
      .insertInto('links')
      .values({
        user_id: userId,
        kind: 'profile',
        code: `T${Date.now()}`.slice(0, 8),
        title: 'Mine',
        url: 'https://x.example',
      })
      .execute();
    await addVisits(t.db, userId, { vcardId: vcardRow?.id ?? null });
    // a lead left on the card, counted as recordLead counts one; and someone else's, which stays
    const receiveLead = async (owner: string, vcardId: string) => {
      await addLead(t.db, { userId: owner, vcardId });
      await countLead(t.db, { userId: owner, vcardId, at: new Date() });
    };
    await receiveLead(userId, vcardRow?.id ?? '');
    const other = await signUp(t.app);
    await receiveLead(other.userId, await addVcard(t.db, other.userId));
    await t.db.updateTable('profiles').set({ initialized: false }).where('id', '=', userId).execute();
    expect(await status()).toBe(false); // not a minute old yet
    await sql`update profiles set created_at = now() - interval '2 minutes' where id = ${userId}`.execute(
      t.db,
    );
    expect(await status()).toBe(true);

    expect((await mutate('profile.clearTestData', cookie)).statusCode).toBe(200);
    const after = await stored(userId);
    expect(after.vcards).toEqual([]);
    expect(after.links).toEqual([]);
    // how many rows of each table of activity a person has left
    const left = async (id: string) => {
      const tables = ['profile_views', 'leads', 'lead_events', 'activity_quarter_hours'] as const;
      const counts = await Promise.all(
        tables.map((table) => t.db.selectFrom(table).select('user_id').where('user_id', '=', id).execute()),
      );
      return Object.fromEntries(tables.map((table, index) => [table, counts[index]?.length]));
    };
    expect(await left(userId)).toEqual({
      profile_views: 0,
      leads: 0,
      lead_events: 0,
      activity_quarter_hours: 0,
    });
    expect(await left(other.userId)).toEqual({
      profile_views: 0,
      leads: 1,
      lead_events: 1,
      activity_quarter_hours: 1,
    });
    expect(await status()).toBe(false);
  });
});
