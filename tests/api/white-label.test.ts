import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardColours } from '../../src/card-colours.ts';
import { personMarkSvg } from '../../server/public-profile/og-image.ts';
import {
  renderPausedPage,
  renderProfilePage,
  renderUnavailablePage,
} from '../../server/public-profile/render.ts';
import { findProfileByUsername, pageBranding, pageFeatures } from '../../server/public-profile/service.ts';
import { PAGE_TEXTS } from '../../server/public-profile/texts.ts';
import { cardVcf } from '../../server/public-profile/vcf.ts';
import { addLink, addVcard, createOwner, createSignedInOwner } from '../support/factories.ts';
import { customDomainFor } from '../support/domains.ts';
import {
  buildTestApp,
  smtpMail,
  trpcError,
  trpcMutate,
  uploadTestPhoto,
  type TestApp,
} from '../support/harness.ts';
import { startMailReceiver, type MailReceiver, type ReceivedMail } from '../support/mail-receiver.ts';
import { addTeam, addTeamCard, inviteToTeam, setTeamWhiteLabel, teamAccountOf } from '../support/teams.ts';
import { expectPausedPage, visitOnPhone } from '../support/visits.ts';

// White label (docs/decisions/015-what-each-plan-feature-is.md, feature whiteLabel;
// server/branding/branding.ts): for a Business team with white label on, and for a Business account served on
// its verified custom domain, no byte of the public page, the paused and not-found pages, the .vcf, the
// preview picture's source or the team's e-mails names Tapcard; the customer's name and logo stand in. A Pro
// account's same surfaces still say Tapcard.

const TAPCARD = /tapcard/i;
const TEAM_NAME = 'Northwind Traders';

let t: TestApp;
let mail: MailReceiver;

beforeAll(async () => {
  mail = await startMailReceiver();
  // an operator whose own name and address are not Tapcard's: the whole message can be read for the name
  t = await buildTestApp({ mail: smtpMail(mail.url, { from: 'Card Desk <no-reply@cards.example.net>' }) });
});

afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const visit = (url: string) => visitOnPhone(t.app, url);

/** A team of a `plan` owner with a logo, a card of Mia's and a paused one, its white label `on` or off. */
async function brandedTeam({
  plan = 'business',
  on = true,
}: { plan?: 'business' | 'pro'; on?: boolean } = {}) {
  const owner = await createSignedInOwner(t, { plan, name: 'Olga Owner' });
  const { teamId } = await addTeam(t.db, [{ userId: owner.userId, role: 'owner' }], { name: TEAM_NAME });
  const logo = await uploadTestPhoto(t.app, owner.cookie, '?team=1');
  expect((await trpcMutate(t.app, 'teams.setLogo', owner.cookie, { logo })).statusCode).toBe(200);
  await setTeamWhiteLabel(t.db, teamId, on);
  const card = await addTeamCard(t.db, teamId, {
    name: 'Mia Member',
    card: { company: 'Northwind', position: 'Designer', phone: '+34 600 000 000' },
  });
  const paused = await addTeamCard(t.db, teamId, { name: 'Sam Paused', card: { paused_at: new Date() } });
  return { owner, teamId, logo, card, paused };
}

/** The From header's display name of a received message. */
function fromDisplayName(received: ReceivedMail): string {
  const from = /^From: (.*)$/m.exec(received.body)?.[1] ?? '';
  return from
    .replace(/<[^>]*>\s*$/, '')
    .replace(/"/g, '')
    .trim();
}

describe('a team with white label on', () => {
  it('has no Tapcard in any byte of its card page, .vcf, paused page or preview picture source', async () => {
    const { card, paused, logo } = await brandedTeam();

    const page = await visit(`/vcard/${card.vcardId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(TAPCARD);
    expect(page.body).toContain(`<meta property="og:site_name" content="${TEAM_NAME}">`);
    // the team's logo is the page's icon, not the site's
    expect(page.body).toContain(`<link rel="icon" href="${logo}">`);
    expect(page.body).not.toContain('/favicon.svg');

    const vcf = await visit(`/vcard/${card.vcardId}/contact.vcf`);
    expect(vcf.statusCode).toBe(200);
    expect(vcf.body).not.toMatch(TAPCARD);
    expect(vcf.body).toContain(`PRODID:-//${TEAM_NAME}//Digital business card//EN`);
    expect(JSON.stringify(vcf.headers)).not.toMatch(TAPCARD);

    for (const language of ['en', 'es']) {
      const pausedPage = await visitOnPhone(t.app, `/vcard/${paused.vcardId}`, {
        'accept-language': language,
      });
      expectPausedPage(pausedPage, language === 'en' ? 'Paused' : 'En pausa');
      expect(pausedPage.body).not.toMatch(TAPCARD);
      expect(pausedPage.body).toContain(TEAM_NAME);
      expect(pausedPage.body).not.toContain('href="/"');
    }

    const picture = await visit(`/vcard/${card.vcardId}/og.jpg`);
    expect(picture.statusCode).toBe(200);
    const svg = personMarkSvg(cardColours({ background: null, font: null, icon: null }));
    expect(svg).not.toMatch(TAPCARD);
    expect(svg).not.toContain('<text');
  });

  it("sends its invitations in the team's name: no Tapcard in the subject, text, HTML or sender", async () => {
    const { owner } = await brandedTeam();
    const email = `invitee-${randomUUID()}@example.com`;
    await inviteToTeam(t.app, owner.cookie, { email, role: 'member' });
    const invitation = await mail.waitFor((m) => m.to.includes(email));
    expect(invitation.subject).toContain(TEAM_NAME);
    expect(invitation.subject).not.toMatch(TAPCARD);
    // the whole message: headers, the text part and the HTML part
    expect(invitation.body).not.toMatch(TAPCARD);
    expect(fromDisplayName(invitation)).toBe(TEAM_NAME);
    // the address stays the operator's
    expect(invitation.body).toMatch(/^From: .*<no-reply@cards\.example\.net>/m);
  });

  it('is turned on by its owner on Business only, and off at any time', async () => {
    const business = await brandedTeam({ on: false });
    const on = await trpcMutate(t.app, 'teams.setWhiteLabel', business.owner.cookie, { whiteLabel: true });
    expect(on.statusCode).toBe(200);
    const page = await visit(`/vcard/${business.card.vcardId}`);
    expect(page.body).not.toMatch(TAPCARD);
    // the switch drops the cached page at once
    await trpcMutate(t.app, 'teams.setWhiteLabel', business.owner.cookie, { whiteLabel: false });
    expect((await visit(`/vcard/${business.card.vcardId}`)).body).toMatch(TAPCARD);

    const pro = await brandedTeam({ plan: 'pro', on: false });
    const refused = await trpcMutate(t.app, 'teams.setWhiteLabel', pro.owner.cookie, { whiteLabel: true });
    expect(trpcError(refused).data.reason).toBe('plan_required');
    const row = await t.db
      .selectFrom('teams')
      .select('white_label')
      .where('id', '=', pro.teamId)
      .executeTakeFirst();
    expect(row?.white_label).toBe(false);
  });

  it("carries Tapcard's name again once its plan in effect has no white label", async () => {
    // a team's cards on a plan without teams answer the paused page (docs/decisions/021-teams.md): Tapcard's
    const { card } = await brandedTeam({ plan: 'pro', on: true });
    const page = await visit(`/vcard/${card.vcardId}`);
    expectPausedPage(page);
    expect(page.body).toMatch(TAPCARD);
  });
});

describe('the pages that stand in for a short link', () => {
  const unknownCode = () => `zz${randomBytes(4).toString('hex')}`;

  it('of a white-label team name the team, anywhere for its paused code and on its domain for an unknown one', async () => {
    const { paused, teamId } = await brandedTeam();
    const pausedPage = await visit(`/l/${paused.code}`);
    expectPausedPage(pausedPage);
    expect(pausedPage.body).toContain(TEAM_NAME);
    expect(pausedPage.body).not.toMatch(TAPCARD);

    const domain = await customDomainFor(t, (await teamAccountOf(t.db, teamId)) ?? '');
    const onDomain = (url: string) => visitOnPhone(t.app, url, { host: domain });
    const pausedOnDomain = await onDomain(`/l/${paused.code}`);
    expectPausedPage(pausedOnDomain);
    expect(pausedOnDomain.body).toContain(TEAM_NAME);
    expect(pausedOnDomain.body).not.toMatch(TAPCARD);
    for (const code of [unknownCode(), (await addLink(t.db, (await createOwner(t.db)).id)).code]) {
      const unknown = await onDomain(`/l/${code}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain(TEAM_NAME);
      expect(unknown.body).not.toMatch(TAPCARD);
    }
    // on the main address an unknown code is nobody's: Tapcard's page
    expect((await visit(`/l/${unknownCode()}`)).body).toMatch(TAPCARD);
  });

  it("of any other path on a white-label domain (the app's, or none) name the customer, never Tapcard", async () => {
    const { teamId } = await brandedTeam();
    const teamDomain = await customDomainFor(t, (await teamAccountOf(t.db, teamId)) ?? '');
    const person = await createOwner(t.db, { plan: 'business', name: 'Bea Business' });
    await addVcard(t.db, person.id, { name: 'Bea Business' });
    const personalDomain = await customDomainFor(t, person.id);
    for (const [domain, name] of [
      [teamDomain, TEAM_NAME],
      [personalDomain, 'Bea Business'],
    ] as const) {
      for (const url of ['/nope', '/dashboard', '/auth', '/api/auth/get-session', '/vcard/x/y/z']) {
        const page = await visitOnPhone(t.app, url, { host: domain });
        expect(page.statusCode, `${domain}${url}`).toBe(404);
        expect(page.body, `${domain}${url}`).toContain(name);
        expect(page.body, `${domain}${url}`).not.toMatch(TAPCARD);
      }
    }
    // a domain whose account's plan has no white label (Pro) does not name the customer
    const pro = await createOwner(t.db, { plan: 'pro', name: 'Pat Pro' });
    await addVcard(t.db, pro.id, { name: 'Pat Pro' });
    const proDomain = await customDomainFor(t, pro.id);
    expect((await visitOnPhone(t.app, '/nope', { host: proDomain })).body).not.toContain('Pat Pro');
  });

  it("of a Business person name them on their custom domain only; a team without white label's say Tapcard", async () => {
    const owner = await createOwner(t.db, { plan: 'business', name: 'Bea Business' });
    const vcardId = await addVcard(t.db, owner.id, { name: 'Bea Business', paused_at: new Date() });
    const { code } = await addLink(t.db, owner.id, { kind: 'qr', vcard_id: vcardId });
    const domain = await customDomainFor(t, owner.id);

    const onDomain = await visitOnPhone(t.app, `/l/${code}`, { host: domain });
    expectPausedPage(onDomain);
    expect(onDomain.body).toContain('Bea Business');
    expect(onDomain.body).not.toMatch(TAPCARD);
    const unknown = await visitOnPhone(t.app, `/l/${unknownCode()}`, {
      host: domain,
      'accept-language': 'es',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Bea Business');
    expect(unknown.body).not.toMatch(TAPCARD);

    // on the main address her name does not stand in, and her plan (adFree) shows no footer
    const onMain = await visit(`/l/${code}`);
    expectPausedPage(onMain);
    expect(onMain.body).not.toContain('Bea Business');
    expect(onMain.body).not.toContain(PAGE_TEXTS.en.madeWith);

    const { paused } = await brandedTeam({ on: false });
    expect((await visit(`/l/${paused.code}`)).body).not.toContain(TEAM_NAME);
  });
});

describe('a Business account on its verified custom domain', () => {
  async function businessProfile(plan: 'business' | 'pro') {
    const owner = await createSignedInOwner(t, { plan, name: 'Bea Business' });
    await addVcard(t.db, owner.userId, { name: 'Bea Business', company: 'Bea & Co' });
    const profile = await findProfileByUsername(t.db, owner.username ?? '');
    if (!profile?.card.vcardId) throw new Error('no profile');
    return { profile, card: { ...profile.card, vcardId: profile.card.vcardId } };
  }

  /** Every surface served for the profile: its page, .vcf, paused page and not-found page. */
  function surfaces(
    profile: Awaited<ReturnType<typeof businessProfile>>['profile'],
    onCustomDomain: boolean,
  ) {
    const branding = pageBranding(profile, onCustomDomain);
    const card = { ...profile.card, vcardId: profile.card.vcardId ?? '' };
    return {
      page: renderProfilePage({
        profile,
        locale: 'en',
        pageUrl: 'https://cards.bea.example/',
        publicUrl: 'https://cards.bea.example',
        wallet: { apple: false, google: false },
        qrSvg: '<svg></svg>',
        ...pageFeatures(profile),
        branding,
      }),
      vcf: cardVcf(profile, card, null, branding),
      paused: ['en', 'es']
        .map((locale) => renderPausedPage(locale as 'en' | 'es', 'card', branding))
        .join(''),
      notFound: ['en', 'es']
        .map((locale) => renderUnavailablePage(locale as 'en' | 'es', 404, branding))
        .join(''),
    };
  }

  it('has no Tapcard in any byte of its page, .vcf, paused or not-found page', async () => {
    const { profile } = await businessProfile('business');
    const served = surfaces(profile, true);
    for (const [surface, bytes] of Object.entries(served)) {
      expect(bytes, surface).not.toMatch(TAPCARD);
    }
    expect(served.page).toContain('<meta property="og:site_name" content="Bea Business">');
    expect(served.notFound).toContain('Bea Business');
    // on the main address the same account's page still names Tapcard
    expect(surfaces(profile, false).page).toMatch(TAPCARD);
  });

  it("a Pro account on the same input is not white-labelled: Tapcard's page and .vcf, its own pages without the footer", async () => {
    const { profile } = await businessProfile('pro');
    const served = surfaces(profile, true);
    expect(served.page).toContain('<meta property="og:site_name" content="Tapcard">');
    expect(served.vcf).toMatch(TAPCARD);
    for (const [surface, bytes] of Object.entries(served)) {
      // adFree (Pro): no 'Made with Tapcard' on any of them
      expect(bytes, surface).not.toContain(PAGE_TEXTS.en.madeWith);
    }
    for (const surface of [served.paused, served.notFound]) expect(surface).not.toContain('Bea Business');
  });
});

describe('a Pro account', () => {
  it('still says Tapcard on its page, .vcf and not-found page, and in its team e-mails', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro', name: 'Paul Pro' });
    const vcardId = await addVcard(t.db, owner.userId, { name: 'Paul Pro' });
    // made later, so that the page of the username (its oldest card) is never the paused one
    const pausedId = await addVcard(t.db, owner.userId, {
      name: 'Paul Paused',
      paused_at: new Date(),
      created_at: new Date(Date.now() + 60_000),
    });

    const page = await visit(`/${owner.username}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta property="og:site_name" content="Tapcard">');
    expect((await visit(`/vcard/${vcardId}/contact.vcf`)).body).toContain('PRODID:-//Tapcard//');
    // its paused card's page names nobody, and its plan (adFree) shows no footer
    const paused = await visit(`/vcard/${pausedId}`);
    expectPausedPage(paused);
    expect(paused.body).not.toContain('Paul');
    expect(paused.body).not.toContain(PAGE_TEXTS.en.madeWith);
    const unknown = await visit(`/vcard/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatch(TAPCARD);

    // a Business team without white label: its invitation names Tapcard, from the operator's name
    const { owner: teamOwner } = await brandedTeam({ on: false });
    const email = `invitee-${randomUUID()}@example.com`;
    await inviteToTeam(t.app, teamOwner.cookie, { email, role: 'member' });
    const invitation = await mail.waitFor((m) => m.to.includes(email));
    expect(invitation.subject).toMatch(TAPCARD);
    expect(fromDisplayName(invitation)).toBe('Card Desk');
  });
});

describe('a Business team without white label', () => {
  it("keeps Tapcard's name but shows no 'Made with Tapcard' on its paused card and code (adFree)", async () => {
    const { paused } = await brandedTeam({ on: false });
    for (const url of [`/vcard/${paused.vcardId}`, `/l/${paused.code}`]) {
      const page = await visit(url);
      expectPausedPage(page);
      expect(page.body, url).not.toContain(PAGE_TEXTS.en.madeWith);
      expect(page.body, url).not.toContain(PAGE_TEXTS.en.goHome);
    }
    // an account on Free (its plan ended) still gets the footer on its paused page
    const free = await createOwner(t.db, { plan: 'free' });
    const freePaused = await addVcard(t.db, free.id, { paused_at: new Date() });
    const page = await visit(`/vcard/${freePaused}`);
    expectPausedPage(page);
    expect(page.body).toContain(PAGE_TEXTS.en.madeWith);
  });
});
