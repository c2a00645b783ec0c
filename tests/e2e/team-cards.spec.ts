import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { paths } from '../../src/routes.ts';
import { readQr } from '../support/qr-reader.ts';
import {
  callTrpc,
  checkAndPhotograph,
  closeWithEscape,
  EMPTY_VCARD,
  expect,
  runSql,
  SCREENS,
  test,
} from './support.ts';
import {
  businessAccountOn,
  businessTeam,
  organizationPost,
  teamMember,
  teamPersonOn,
  uniqueSlug,
} from './team-support.ts';

// A team's cards (docs/decisions/021-teams.md): an admin makes a card for a member on the team page, the
// member edits it, and at offboarding the admin removes the member and hands the card to another member: the
// card's printed QR code, downloaded from the dashboard and read with jsQR, then opens the successor's
// card. The team's logo, the dialogs and the editor in both languages, axe on each, phone and desktop.

/** A small picture as a person would pick it: a portrait JPEG, or a logo PNG with transparency. */
function picture(kind: 'portrait' | 'logo') {
  const image =
    kind === 'portrait'
      ? sharp({ create: { width: 480, height: 640, channels: 3, background: '#8a5a44' } }).jpeg()
      : sharp({
          create: { width: 320, height: 120, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 0 } },
        })
          .composite([
            {
              input: Buffer.from(
                '<svg width="320" height="120"><rect x="20" y="20" width="280" height="80" rx="16" fill="#0f766e"/></svg>',
              ),
            },
          ])
          .png();
  return image.toBuffer().then((buffer) => ({
    name: kind === 'portrait' ? 'portrait.jpg' : 'logo.png',
    mimeType: kind === 'portrait' ? 'image/jpeg' : 'image/png',
    buffer,
  }));
}

/** Picks a photo in a photo input (inside `scope`) and waits for its upload. */
async function pickPhoto(scope: Locator, kind: 'portrait' | 'logo'): Promise<void> {
  await scope.locator('input[type="file"]').setInputFiles(await picture(kind));
  await expect(scope.getByRole('img', { name: /^(Current photo|Foto actual)$/ })).toHaveAttribute(
    'src',
    /^\/media\/[0-9a-f]{32}\.(jpg|png)$/,
  );
}

/** Ends the Business plan of the team's owner, as time would (the shared PostgreSQL only). */
async function endPlanOf(email: string): Promise<void> {
  await runSql(`update profiles set plan_type = 'free', subscription_end = now() where email = $1`, [email]);
}

/**
 * A card made by `admin` (through teams.createCard, as the New card dialog sends it) for a new invitation
 * sent by `inviter`, whose person has not joined: `nora-…@example.com`.
 */
async function newcomersCard(inviter: Page, admin: Page, teamId: string, name: string): Promise<void> {
  const invitation = await organizationPost<{ id: string }>(inviter, 'invite-member', {
    email: `nora-${randomBytes(3).toString('hex')}@example.com`,
    role: 'member',
    organizationId: teamId,
  });
  await callTrpc(admin, 'teams.createCard', {
    holder: { invitationId: invitation.id },
    card: { ...EMPTY_VCARD, name },
  });
}

/** Downloads a card's QR code as PNG from its row, as a person would, and reads what it says. */
async function printedQrCode(page: Page, card: Locator, label: string): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: label }).click(),
  ]);
  const { text } = await readQr(await readFile(await file.path()), { flatten: true });
  if (!text) throw new Error('the downloaded QR code could not be read');
  return text;
}

test(
  'an admin makes a card for a member, who edits it; offboarding hands it on and its printed QR code opens the successor’s card',
  { tag: '@postgres' },
  async ({ page, browser, extraHTTPHeaders }, testInfo) => {
    // four people signed up, three photos uploaded, each screen checked by axe: 2.7 min on a busy machine
    test.setTimeout(300_000);
    const { owner, team } = await businessTeam(browser, extraHTTPHeaders, { prefix: 'Northwind' });
    const teamName = team.name;
    // the admin is this test's own page (its console is checked); the members sign in on their own
    const adminEmail = await teamPersonOn(page, owner.page, {
      teamId: team.id,
      name: 'Adam Admin',
      role: 'admin',
    });
    const mia = await teamMember(browser, extraHTTPHeaders, owner.page, {
      teamId: team.id,
      name: 'Mia Member',
      role: 'member',
    });
    const sam = await teamMember(browser, extraHTTPHeaders, owner.page, {
      teamId: team.id,
      name: 'Sam Successor',
      role: 'member',
    });

    // the admin's team page: no cards yet; the admin renames the team and sets its logo
    await page.goto(paths.team);
    const cards = page.getByRole('region', { name: 'Cards' });
    await expect(cards.getByText(/^No team cards yet/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rename team' })).toBeVisible();
    await pickPhoto(page.getByRole('group', { name: 'Team logo' }), 'logo');
    await expect(page.getByText('Logo saved', { exact: true })).toBeVisible();
    await checkAndPhotograph(page, testInfo, 'team-cards-empty-en');

    // New card, for Mia: whom it is for, then the card's fields, with a photo uploaded for the team
    await cards.getByRole('button', { name: 'New card' }).click();
    const dialog = page.getByRole('dialog', { name: 'New team card' });
    const holder = dialog.getByLabel('The card is for');
    await expect(holder.locator('option')).toHaveText([
      `Olga Owner (${owner.email})`,
      `Adam Admin (${adminEmail})`,
      `Mia Member (${mia.email})`,
      `Sam Successor (${sam.email})`,
    ]);
    await holder.selectOption({ label: `Mia Member (${mia.email})` });
    await checkAndPhotograph(page, testInfo, 'team-card-new-holder-en');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Mia Member');
    await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(mia.email);
    await dialog.getByRole('textbox', { name: 'Position' }).fill('Designer');
    await pickPhoto(dialog, 'portrait');
    await checkAndPhotograph(page, testInfo, 'team-card-new-fields-en');
    await dialog.getByRole('button', { name: 'Create card' }).click();
    await expect(page.getByText('Team card created', { exact: true })).toBeVisible();
    const card = cards.getByRole('article', { name: 'Mia Member' });
    await expect(card).toContainText('For Mia Member');
    await expect(card).toContainText('Live');
    await expect(card).toContainText('Designer');
    // and one for someone invited, who has not joined yet
    await newcomersCard(owner.page, page, team.id, 'Nora Newcomer');
    const noras = cards.getByRole('article', { name: 'Nora Newcomer' });
    await expect(noras).toContainText(/Waiting for nora-.*@example\.com/);
    // a draft until Nora joins: no page to open yet, and an admin may publish it
    await expect(noras).toContainText('Draft');
    await expect(noras).toContainText('Not public yet');
    await expect(noras.getByRole('link', { name: 'Open page of Nora Newcomer' })).toHaveCount(0);
    await checkAndPhotograph(page, testInfo, 'team-cards-admin-en');
    await noras.getByRole('button', { name: 'Publish Nora Newcomer' }).click();
    const publish = page.getByRole('dialog', { name: 'Publish the team card Nora Newcomer now?' });
    await expect(publish).toContainText('before nora-');
    await checkAndPhotograph(page, testInfo, 'team-dialog-publish-en');
    await publish.getByRole('button', { name: 'Publish card' }).click();
    await expect(page.getByText('Team card published', { exact: true })).toBeVisible();
    await expect(noras).toContainText('Live');
    await expect(noras.getByRole('link', { name: 'Open page of Nora Newcomer' })).toBeVisible();

    // the QR code printed for the card: its short link, which opens the card
    const printed = await printedQrCode(page, card, 'Download PNG');
    expect(printed).toMatch(/\/l\/[^/?]+\?/);

    // Mia, on a phone, edits her card's position (an unlocked field) and photo
    await mia.page.setViewportSize(SCREENS[0][1]);
    await mia.page.goto(paths.team);
    const mine = mia.page.getByRole('region', { name: 'Your team card' });
    await expect(mine.getByRole('article', { name: 'Mia Member' })).toContainText('For Mia Member');
    await expect(mine.getByRole('button', { name: 'Hand over Mia Member' })).toHaveCount(0);
    await expect(mia.page.getByRole('img', { name: `Logo of ${teamName}` })).toBeVisible();
    await checkAndPhotograph(mia.page, testInfo, 'team-card-member-en');
    await mine.getByRole('link', { name: 'Edit Mia Member' }).click();
    await expect(mia.page.getByRole('heading', { level: 1, name: 'Edit team card' })).toBeVisible();
    const position = mia.page.getByRole('textbox', { name: 'Position' });
    await expect(position).toHaveValue('Designer');
    await position.fill('Lead designer');
    await pickPhoto(
      mia.page.locator('form').filter({ has: mia.page.getByRole('button', { name: 'Save card' }) }),
      'portrait',
    );
    await checkAndPhotograph(mia.page, testInfo, 'team-card-editor-member-en');
    await mia.page.getByRole('button', { name: 'Save card' }).click();
    await expect(mia.page.getByText('Team card saved', { exact: true })).toBeVisible();
    const scanned = await page.request.get(printed);
    expect(await scanned.text()).toContain('Lead designer');

    // Sam has no team card yet
    await sam.page.goto(paths.team);
    const samsCard = sam.page.getByRole('region', { name: 'Your team card' });
    await expect(samsCard).toContainText("The team's admins have not made a card for you yet.");
    await checkAndPhotograph(sam.page, testInfo, 'team-card-member-none-en');

    // offboarding: the admin removes Mia; her card stays with the team, for nobody
    await page.setViewportSize(SCREENS[1][1]);
    await page.getByRole('button', { name: 'Remove Mia Member from the team' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove from team' }).click();
    await expect(page.getByText('Mia Member left the team', { exact: true })).toBeVisible();
    await expect(card).toContainText('Nobody (handed back)');
    await checkAndPhotograph(page, testInfo, 'team-cards-handed-back-en');

    // the Delete dialog says what a deletion would break, and is left
    await card.getByRole('button', { name: 'Delete Mia Member' }).click();
    await expect(page.getByRole('dialog')).toContainText('and so does its printed QR code');
    await checkAndPhotograph(page, testInfo, 'team-card-delete-dialog-en');
    await closeWithEscape(page);
    await expect(card.getByRole('button', { name: 'Delete Mia Member' })).toBeFocused();

    // the admin hands the card to Sam
    await card.getByRole('button', { name: 'Hand over Mia Member' }).click();
    const handOver = page.getByRole('dialog', { name: 'Hand over Mia Member' });
    await handOver.getByLabel('Hand the card to').selectOption({ label: `Sam Successor (${sam.email})` });
    await checkAndPhotograph(page, testInfo, 'team-card-hand-over-en');
    await handOver.getByRole('button', { name: 'Hand over' }).click();
    await expect(page.getByText('Card handed over', { exact: true })).toBeVisible();
    await expect(card).toContainText('For Sam Successor');
    await checkAndPhotograph(page, testInfo, 'team-cards-handed-over-en');

    // Sam's open page shows it as his card at once (live update), and the admin writes his details into it
    await expect(samsCard.getByRole('article', { name: 'Mia Member' })).toContainText('For Sam Successor');
    await card.getByRole('link', { name: 'Edit Mia Member' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit team card' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sam Successor');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(sam.email);
    await page.getByRole('textbox', { name: 'Position' }).fill('Designer');
    await checkAndPhotograph(page, testInfo, 'team-card-editor-admin-en');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Team card saved', { exact: true })).toBeVisible();

    // the QR code printed for Mia now opens Sam's card
    await page.goto(printed);
    await expect(page.getByRole('heading', { level: 1, name: 'Sam Successor' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Email' })).toHaveAttribute('href', `mailto:${sam.email}`);
    await expect(page.getByText('Lead designer')).toHaveCount(0);

    // the team's log tells the story
    await page.goto(paths.team);
    const activity = page.getByRole('list', { name: 'Team activity, newest first' });
    await expect(activity.getByRole('listitem').locator('p')).toContainText([
      `Adam Admin handed on a team card: Mia Member → Sam Successor <${sam.email}>`,
      `Adam Admin removed Mia Member <${mia.email}> from the team`,
      `Adam Admin made a team card: Mia Member → Mia Member <${mia.email}>`,
      `Adam Admin changed the logo of ${teamName}`,
    ]);

    // the team's Business plan ends: its cards are paused, and an admin is told who brings them back
    await endPlanOf(owner.email);
    await page.reload();
    await expect(cards.getByRole('article', { name: 'Sam Successor' })).toContainText('Paused');
    await expect(cards.getByRole('alert')).toContainText(
      "the team's owner, Olga Owner, brings every card back by renewing the Business plan",
    );
    await checkAndPhotograph(page, testInfo, 'team-cards-paused-admin-en');
    for (const person of [owner, mia, sam]) await person.page.context().close();
  },
);

test(
  'in Spanish: the cards, their dialogs, the editor, a member’s card, the logo, and a team whose plan ended',
  { tag: '@postgres' },
  async ({ page, browser, extraHTTPHeaders }, testInfo) => {
    test.setTimeout(180_000);
    // the owner is this test's own page (its console is checked)
    const ownerEmail = await businessAccountOn(page, 'Olga Dueña', 'es');
    const teamName = `Estudio ${randomBytes(2).toString('hex')}`;
    const team = await organizationPost<{ id: string }>(page, 'create', {
      name: teamName,
      slug: uniqueSlug('estudio'),
    });
    const mia = await teamMember(browser, extraHTTPHeaders, page, {
      teamId: team.id,
      name: 'Mía Miembro',
      role: 'member',
      language: 'es',
    });

    // the member, before the team made her a card
    await mia.page.setViewportSize(SCREENS[0][1]);
    await mia.page.goto(paths.team);
    const mine = mia.page.getByRole('region', { name: 'Tu tarjeta del equipo' });
    await expect(mine).toContainText('Los administradores del equipo aún no han creado una tarjeta para ti.');
    await checkAndPhotograph(mia.page, testInfo, 'team-card-member-none-es');

    await page.goto(paths.team);
    const cards = page.getByRole('region', { name: 'Tarjetas' });
    await expect(cards.getByText(/^Aún no hay tarjetas del equipo/)).toBeVisible();
    await pickPhoto(page.getByRole('group', { name: 'Logotipo del equipo' }), 'logo');
    await expect(page.getByText('Logotipo guardado', { exact: true })).toBeVisible();
    await checkAndPhotograph(page, testInfo, 'team-cards-empty-es');

    await cards.getByRole('button', { name: 'Nueva tarjeta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva tarjeta del equipo' });
    await dialog.getByLabel('La tarjeta es para').selectOption({ label: `Mía Miembro (${mia.email})` });
    await checkAndPhotograph(page, testInfo, 'team-card-new-holder-es');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(dialog.getByText(`Para Mía Miembro (${mia.email})`)).toBeVisible();
    await checkAndPhotograph(page, testInfo, 'team-card-new-fields-es');
    await dialog.getByRole('button', { name: 'Crear tarjeta' }).click();
    await expect(page.getByText('Tarjeta del equipo creada', { exact: true })).toBeVisible();
    const card = cards.getByRole('article', { name: 'Mía Miembro' });
    await expect(card).toContainText('Para Mía Miembro');
    await expect(card).toContainText('Activa');
    await newcomersCard(page, page, team.id, 'Nora Nueva');
    const noras = cards.getByRole('article', { name: 'Nora Nueva' });
    await expect(noras).toContainText(/Esperando a nora-.*@example\.com/);
    await expect(noras).toContainText('Borrador');
    await checkAndPhotograph(page, testInfo, 'team-cards-owner-es');

    // the team's verified domain (its DNS proof is tests/e2e/domains.spec.ts's): every card's QR code is
    // printed with it once chosen
    const teamDomain = `tarjetas-${randomBytes(3).toString('hex')}.example.org`;
    await runSql(
      `insert into custom_domains (user_id, domain, token, status, verified_at)
       select account_id, $2, 'token', 'verified', now() from teams where id = $1`,
      [team.id, teamDomain],
    );
    await page.reload();
    await page.getByLabel('Dirección en el código').selectOption(teamDomain);
    await expect(page.getByText('Dirección de los códigos QR cambiada', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Dirección en el código')).toHaveValue(teamDomain);
    await checkAndPhotograph(page, testInfo, 'team-printed-domain-es');

    // each dialog, checked and left with the keyboard
    for (const [name, opener, text] of [
      ['hand-over', 'Traspasar Mía Miembro', 'La tarjeta conserva su dirección'],
      ['delete-card', 'Eliminar Mía Miembro', 'y también su código QR impreso'],
      ['delete-team', 'Eliminar equipo', 'Las tarjetas del equipo también se eliminan'],
    ] as const) {
      await page.getByRole('button', { name: opener, exact: true }).click();
      await expect(page.getByRole('dialog')).toContainText(text);
      await checkAndPhotograph(page, testInfo, `team-dialog-${name}-es`);
      await closeWithEscape(page);
    }

    // the editor, in Spanish
    await card.getByRole('link', { name: 'Editar Mía Miembro' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar tarjeta del equipo' })).toBeVisible();
    await checkAndPhotograph(page, testInfo, 'team-card-editor-es');

    // the member's own card, on a phone, shown as soon as it was made (live update)
    await expect(mine.getByRole('article', { name: 'Mía Miembro' })).toContainText('Activa');
    await checkAndPhotograph(mia.page, testInfo, 'team-card-member-es');

    // a team whose Business plan ended: its cards are paused, and the member is told who brings them back
    await endPlanOf(ownerEmail);
    await mia.page.reload();
    await expect(mine.getByRole('article', { name: 'Mía Miembro' })).toContainText('En pausa');
    await expect(mine.getByRole('alert')).toContainText(
      'el propietario del equipo, Olga Dueña, reactiva todas las tarjetas',
    );
    await checkAndPhotograph(mia.page, testInfo, 'team-card-paused-member-es');
    // the owner's billing page and the dashboard's banner name the team's paused cards (not "Nada está en
    // pausa")
    await page.goto(paths.billing);
    await expect(page.getByText(`El equipo ${teamName} tiene 2 tarjetas en pausa`)).toHaveCount(2);
    await checkAndPhotograph(page, testInfo, 'billing-team-paused-es');
    await runSql(`update profiles set plan_type = 'business', subscription_end = null where email = $1`, [
      ownerEmail,
    ]);

    // the owner removes the member: her card stays with the team, for nobody
    await organizationPost(page, 'remove-member', { memberIdOrEmail: mia.email, organizationId: team.id });
    await page.goto(paths.team);
    await expect(card).toContainText('Nadie (devuelta al equipo)');
    await checkAndPhotograph(page, testInfo, 'team-cards-handed-back-es');
    await mia.page.context().close();
  },
);
