import { randomBytes } from 'node:crypto';
import { paths, TEAM_INVITATION_PARAM } from '../../src/routes.ts';
import { TEAM_EVENTS_PAGE_SIZE } from '../../src/teams.ts';
import {
  buyPlan,
  callTrpc,
  closeWithEscape,
  E2E_PASSWORD,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  linkIn,
  newEmail,
  runSql,
  SCREENS,
  signedInNewPerson,
  test,
  waitForMail,
} from './support.ts';
import {
  addTeamLogEntries,
  businessAccountOn,
  businessOwner,
  businessTeam,
  organizationPost,
  uniqueSlug,
} from './team-support.ts';

// Teams (docs/decisions/021-teams.md): an owner on Business makes a team and invites by e-mail (the real SMTP
// receiver of global-setup.ts); the invited person opens the mailed link signed out, signs up, confirms,
// lands on the invitation signed in and joins. Then the owner manages them. Both languages, phone width,
// axe on the team page, its forms, its dialogs and the invitation's states.

const PHONE = { width: 390, height: 844 };

/** The invitation's link from the mail that arrived for `email`. */
async function invitationLink(email: string): Promise<string> {
  const mail = await waitForMail(email, (m) => m.body.includes(paths.team));
  return linkIn(mail, paths.team);
}

test('an owner invites a new person by e-mail, who signs up from the link, joins, and is managed by the owner', async ({
  page,
  browser,
  extraHTTPHeaders,
}, testInfo) => {
  // two people, two sign-ups and a dozen screens checked: past a minute on a busy 2-core machine
  test.slow();
  const owner = await businessOwner(browser, extraHTTPHeaders, 'Olga Owner');
  const ownerPage = owner.page;

  // the empty team page of a Business account: the create form, the short name following the name
  await ownerPage.goto(paths.team);
  await expect(ownerPage.getByRole('heading', { name: 'Create your team' })).toBeVisible();
  const suffix = randomBytes(2).toString('hex');
  await ownerPage.getByLabel('Team name').fill(`Acme Studio ${suffix}`);
  await expect(ownerPage.getByLabel('Short name')).toHaveValue(`acme-studio-${suffix}`);
  await expectAccessible(ownerPage);
  await ownerPage.screenshot({ path: testInfo.outputPath('team-create-desktop-en.png'), fullPage: true });
  await ownerPage.getByRole('button', { name: 'Create team' }).click();
  await expect(ownerPage.getByRole('heading', { level: 2, name: `Acme Studio ${suffix}` })).toBeVisible();
  await expect(ownerPage.getByText('You', { exact: true })).toBeVisible();

  // two invitations: the person who will join, and one to withdraw
  const inviteeEmail = newEmail();
  const otherEmail = newEmail();
  // the addresses show in the audit log too: each check looks in its own section
  const pending = ownerPage.getByRole('region', { name: 'Pending invitations' });
  for (const email of [inviteeEmail, otherEmail]) {
    await ownerPage.getByLabel('Email address').fill(email);
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
    await expect(ownerPage.getByText('Invitation sent', { exact: true })).toBeVisible();
    await expect(pending.getByText(email, { exact: true })).toBeVisible();
  }
  await expectAccessible(ownerPage);

  // the invited person, signed out on a phone, opens the link from the mail
  await page.setViewportSize(PHONE);
  const link = await invitationLink(inviteeEmail);
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\?next=/);
  await expect(page.getByText('Sign in or create an account with the invited address')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await expect(page.getByText('Sign in or create an account with the invited address')).toBeVisible();
  await page.getByLabel('Name').fill('Ina Invitee');
  await page.getByLabel('Email').fill(inviteeEmail);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Check your email', { exact: true })).toBeVisible();

  // the confirmation link leads back to the invitation, signed in
  const confirmation = await waitForMail(inviteeEmail, (m) => m.body.includes('/api/auth/verify-email'));
  await page.goto(linkIn(confirmation, '/api/auth/verify-email'));
  const invitationId = new URL(link).searchParams.get(TEAM_INVITATION_PARAM) ?? '';
  await expect(page).toHaveURL(`${paths.team}?${TEAM_INVITATION_PARAM}=${invitationId}`);
  const panel = page.getByRole('region', { name: `Olga Owner invited you to join Acme Studio ${suffix}` });
  await expect(panel).toContainText('as Member');
  // the invitation is what the person came for: no upgrade prompt beside it
  await expect(page.getByText('Team access is part of the Business plan')).toHaveCount(0);
  await expect(page.getByText('Finish setting up your account')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('invitation-pending-phone-en.png'), fullPage: true });
  await panel.getByRole('button', { name: 'Accept and join' }).click();

  await expect(page.getByText(`Welcome to Acme Studio ${suffix}`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(paths.team);
  await expect(page.getByText(`You joined Acme Studio ${suffix}`)).toBeVisible();
  // joining finished onboarding: no personal card is asked for, the team's admins make the card
  await expect(
    page.getByText("The team's admins make your card: it shows below as soon as they do."),
  ).toBeVisible();
  await expect(page.getByText('Finish setting up your account')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Members (2)' })).toBeVisible();
  // a member sees the list, read-only, and can leave
  await expect(page.getByLabel(/^Role of/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Invite people' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Activity' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Leave team' }).click();
  await expect(page.getByRole('dialog')).toContainText('You stop being a member at once');
  await expectAccessible(page);
  await closeWithEscape(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('team-member-phone-en.png'), fullPage: true });

  // the owner's list shows the new member; the owner makes them an admin and withdraws the other invitation
  await ownerPage.reload();
  await expect(
    ownerPage.getByRole('region', { name: 'Members (2)' }).getByText(inviteeEmail, { exact: true }),
  ).toBeVisible();
  await ownerPage.getByLabel('Role of Ina Invitee').selectOption('admin');
  await expect(ownerPage.getByText('Ina Invitee is now: Admin.', { exact: true })).toBeVisible();
  expect((await callTrpc<{ me: { role: string } }>(page, 'teams.mine', undefined, 'GET')).me.role).toBe(
    'admin',
  );
  await ownerPage.getByRole('button', { name: `Withdraw the invitation to ${otherEmail}` }).click();
  await expect(ownerPage.getByText('Invitation withdrawn', { exact: true })).toBeVisible();
  await expect(pending.getByText(otherEmail, { exact: true })).toHaveCount(0);

  // each dialog of the owner, checked and closed with the keyboard
  for (const [opener, text] of [
    ['Remove Ina Invitee from the team', 'leaves the team at once'],
    ['Make owner: Ina Invitee', 'You stay in the team as an admin'],
    ['Delete team', 'This cannot be undone'],
    ['Rename team', 'Members and invitations show the new name'],
  ] as const) {
    await ownerPage.getByRole('button', { name: opener, exact: true }).click();
    await expect(ownerPage.getByRole('dialog')).toContainText(text);
    await expectAccessible(ownerPage);
    if (opener === 'Make owner: Ina Invitee') {
      // the owner's own subscription stays theirs: the dialog says so and offers to end it
      await expect(ownerPage.getByRole('dialog')).toContainText(
        'Your own subscription does not move with the team',
      );
      await expect(
        ownerPage.getByRole('checkbox', { name: /^Cancel my subscription when its period ends on / }),
      ).not.toBeChecked();
      await ownerPage.screenshot({ path: testInfo.outputPath('team-transfer-dialog-desktop-en.png') });
    }
    await closeWithEscape(ownerPage);
    await expect(ownerPage.getByRole('button', { name: opener, exact: true })).toBeFocused();
  }
  for (const [device, viewport] of SCREENS) {
    await ownerPage.setViewportSize(viewport);
    await expectNoSidewaysScroll(ownerPage);
    await ownerPage.screenshot({ path: testInfo.outputPath(`team-owner-${device}-en.png`), fullPage: true });
  }

  // the audit log, newest first: the role change and the withdrawal arrived without a reload
  const activity = ownerPage.getByRole('list', { name: 'Team activity, newest first' });
  const ina = `Ina Invitee <${inviteeEmail}>`;
  await expect(activity.getByRole('listitem').locator('p')).toHaveText([
    `Olga Owner withdrew the invitation to ${otherEmail}`,
    `Olga Owner made ${ina} an admin`,
    `Ina Invitee accepted the invitation to ${inviteeEmail} and joined as a member`,
    `Olga Owner invited ${otherEmail} as a member`,
    `Olga Owner invited ${inviteeEmail} as a member`,
    `Olga Owner created the team Acme Studio ${suffix}`,
  ]);
  await expect(activity.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(ownerPage.getByText('Entries are kept for 12 months.')).toBeVisible();
  await callTrpc(ownerPage, 'profile.setLanguage', { language: 'es' });
  await ownerPage.reload();
  await expect(activity).toHaveCount(0);
  const actividad = ownerPage.getByRole('list', { name: 'Actividad del equipo, lo más reciente primero' });
  await expect(actividad.getByRole('listitem').locator('p')).toHaveText([
    `Olga Owner retiró la invitación para ${otherEmail}`,
    `Olga Owner hizo administrador a ${ina}`,
    `Ina Invitee aceptó la invitación para ${inviteeEmail} y se unió como miembro`,
    `Olga Owner invitó a ${otherEmail} como miembro`,
    `Olga Owner invitó a ${inviteeEmail} como miembro`,
    `Olga Owner creó el equipo Acme Studio ${suffix}`,
  ]);
  await expect(ownerPage.getByText('Las entradas se guardan 12 meses.')).toBeVisible();
  await expectAccessible(ownerPage);
  for (const [device, viewport] of SCREENS) {
    await ownerPage.setViewportSize(viewport);
    await expectNoSidewaysScroll(ownerPage);
    await ownerPage.screenshot({
      path: testInfo.outputPath(`team-activity-${device}-es.png`),
      fullPage: true,
    });
  }
  await ownerPage.context().close();
});

test('in Spanish: the team page, the invitation, and an invitation opened by another account', async ({
  page,
  extraHTTPHeaders,
  browser,
}, testInfo) => {
  // two accounts, an invitation and each screen checked in Spanish: 40 s in CI, near the minute on a busy machine
  test.slow();
  const inviteeEmail = await signedInNewPerson(page, 'Iker Invitado');
  await callTrpc(page, 'profile.setLanguage', { language: 'es' });
  const { owner, team } = await businessTeam(browser, extraHTTPHeaders, {
    prefix: 'Estudio',
    ownerName: 'Olga Dueña',
    language: 'es',
  });
  const teamName = team.name;
  await organizationPost(owner.page, 'invite-member', {
    email: inviteeEmail,
    role: 'admin',
    organizationId: team.id,
  });
  const link = await invitationLink(inviteeEmail);

  await owner.page.goto(paths.team);
  await expect(owner.page.getByRole('heading', { name: 'Invitaciones pendientes' })).toBeVisible();
  await expect(owner.page.getByText(/Administrador · Caduca el/)).toBeVisible();
  await expectAccessible(owner.page);
  for (const [device, viewport] of SCREENS) {
    await owner.page.setViewportSize(viewport);
    await expectNoSidewaysScroll(owner.page);
    await owner.page.screenshot({ path: testInfo.outputPath(`team-owner-${device}-es.png`), fullPage: true });
  }

  // the owner opening the invitation meant for someone else
  await owner.page.goto(link);
  const otherAccount = owner.page.getByRole('region', { name: 'Esta invitación es para otra cuenta' });
  await expect(otherAccount).toContainText(
    `Esta invitación es para ${inviteeEmail}; has iniciado sesión como ${owner.email}`,
  );
  await expectAccessible(owner.page);
  await owner.page.screenshot({ path: testInfo.outputPath('invitation-other-account-desktop-es.png') });
  await otherAccount.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(owner.page).toHaveURL(/\/auth\?next=/);
  await expect(
    owner.page.getByText('Inicia sesión o crea una cuenta con la dirección invitada'),
  ).toBeVisible();
  await owner.page.context().close();

  // the invited person, on a phone, in Spanish
  await page.setViewportSize(PHONE);
  await page.goto(link);
  const panel = page.getByRole('region', {
    name: `Olga Dueña te ha invitado a unirte a ${teamName} como Administrador`,
  });
  await expect(panel).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('invitation-pending-phone-es.png'), fullPage: true });
  await panel.getByRole('button', { name: 'Aceptar y unirme' }).click();
  await expect(page.getByText(`Te has unido a ${teamName}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Miembros (2)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invitar a personas' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('team-admin-phone-es.png'), fullPage: true });
});

test(
  'an invitation that was withdrawn, declined, or never existed says so; a Pro account sees the upgrade',
  { tag: '@postgres' },
  async ({ page, browser, extraHTTPHeaders }, testInfo) => {
    const inviteeEmail = await signedInNewPerson(page, 'Dana Declines');
    await buyPlan(page, 'pro');
    await page.goto(paths.team);
    await expect(page.getByText('Team access is part of the Business plan')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Business' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('team-upsell-desktop-en.png'), fullPage: true });

    const { owner, team } = await businessTeam(browser, extraHTTPHeaders, {
      prefix: 'States',
      exactName: 'States Team',
    });
    const invite = () =>
      organizationPost<{ id: string }>(owner.page, 'invite-member', {
        email: inviteeEmail,
        role: 'member',
        organizationId: team.id,
      });
    const states = page.getByRole('region');

    const withdrawn = await invite();
    await organizationPost(owner.page, 'cancel-invitation', { invitationId: withdrawn.id });
    await page.goto(`${paths.team}?${TEAM_INVITATION_PARAM}=${withdrawn.id}`);
    await expect(states.filter({ hasText: 'This invitation was withdrawn' })).toContainText(
      'States Team withdrew the invitation. Ask Olga Owner',
    );
    await expectAccessible(page);

    const declined = await invite();
    await page.goto(`${paths.team}?${TEAM_INVITATION_PARAM}=${declined.id}`);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText('You declined this invitation')).toBeVisible();
    await expectAccessible(page);

    await page.goto(`${paths.team}?${TEAM_INVITATION_PARAM}=no-such-invitation`);
    await expect(page.getByText('This invitation link does not work')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(paths.team);

    // an expired one needs the clock moved on, which only the shared database allows
    const expired = await invite();
    await runSql("UPDATE team_invitations SET expires_at = now() - interval '1 day' WHERE id = $1", [
      expired.id,
    ]);
    await page.goto(`${paths.team}?${TEAM_INVITATION_PARAM}=${expired.id}`);
    await expect(page.getByText('This invitation has expired')).toBeVisible();
    await expect(page.getByText(/Ask Olga Owner to send it again/)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('invitation-expired-desktop-en.png') });
    await owner.page.goto(paths.team);
    await expect(owner.page.getByText(/Expired on/)).toBeVisible();
    await owner.page.context().close();
  },
);

const LOG_TEXTS = {
  en: {
    activity: 'Activity',
    log: 'Team activity, newest first',
    showOlder: 'Show older',
    created: (name: string) => `Olga Owner created the team ${name}`,
    renamed: (name: string) => `Olga Owner renamed the team to ${name}`,
  },
  es: {
    activity: 'Actividad',
    log: 'Actividad del equipo, lo más reciente primero',
    showOlder: 'Ver anteriores',
    created: (name: string) => `Olga Owner creó el equipo ${name}`,
    renamed: (name: string) => `Olga Owner cambió el nombre del equipo a ${name}`,
  },
} as const;

for (const language of ['en', 'es'] as const) {
  test(`the team's log shows a page of entries, and Show older the older ones until there are no more (${language})`, async ({
    page,
  }, testInfo) => {
    const text = LOG_TEXTS[language];
    await businessAccountOn(page, 'Olga Owner', language);
    const name = `Acme ${randomBytes(2).toString('hex')}`;
    const team = await organizationPost<{ id: string }>(page, 'create', { name, slug: uniqueSlug('acme') });
    const renames = TEAM_EVENTS_PAGE_SIZE + 5;
    await addTeamLogEntries(page, team.id, name, renames);
    // newest first: the renames from the last to the first, then the team's creation
    const expected = [
      ...Array.from({ length: renames }, (_, index) => text.renamed(`${name} ${renames - index}`)),
      text.created(name),
    ];

    await page.goto(paths.team);
    const activity = page.getByRole('region', { name: text.activity });
    const entries = activity.getByRole('list', { name: text.log }).getByRole('listitem').locator('p');
    await expect(entries).toHaveText(expected.slice(0, TEAM_EVENTS_PAGE_SIZE));
    const showOlder = activity.getByRole('button', { name: text.showOlder });
    await showOlder.click();
    await expect(entries).toHaveText(expected);
    await expect(showOlder).toHaveCount(0);
    await expectAccessible(page);
    for (const [device, viewport] of SCREENS) {
      await page.setViewportSize(viewport);
      await expectNoSidewaysScroll(page);
      await activity.screenshot({ path: testInfo.outputPath(`team-log-older-${device}-${language}.png`) });
    }
  });
}
