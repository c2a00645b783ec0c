import { paths, teamCardPath } from '../../src/routes.ts';
import { callTrpc, checkAndPhotograph, EMPTY_VCARD, expect, runSql, SCREENS, test } from './support.ts';
import { businessTeam, teamMember, teamPersonOn } from './team-support.ts';

// A seat on a Business team never expires (docs/decisions/021-teams.md): an admin and a member whose own free
// trials ended keep working on the team's pages with no "Trial expired" window, and the window on their
// personal pages says what stays live. The admin in English, the member in Spanish; axe at phone and
// desktop width.

/** Ends a person's free trial as time would: it started 30 days ago (the state only time reaches). */
async function endTrialOf(email: string): Promise<void> {
  expect(
    await runSql(`update profiles set trial_start_date = now() - interval '30 days' where email = $1`, [
      email,
    ]),
  ).toBe(1);
}

test(
  "an admin and a member whose own trials ended keep working on the team's pages, and are told so",
  { tag: '@postgres' },
  async ({ page, browser, extraHTTPHeaders }, testInfo) => {
    test.setTimeout(180_000);
    const { owner, team } = await businessTeam(browser, extraHTTPHeaders, { prefix: 'Acme' });
    const teamName = team.name;
    // the admin is this test's own page (its console is checked)
    const adminEmail = await teamPersonOn(page, owner.page, {
      teamId: team.id,
      name: 'Adam Admin',
      role: 'admin',
    });
    const mia = await teamMember(browser, extraHTTPHeaders, owner.page, {
      teamId: team.id,
      name: 'Mia Member',
      role: 'member',
      language: 'es',
    });
    const { members } = await callTrpc<{ members: { userId: string; email: string }[] }>(
      page,
      'teams.mine',
      undefined,
      'GET',
    );
    const miaId = members.find((member) => member.email === mia.email)?.userId;
    const { id: miasCard } = await callTrpc<{ id: string }>(page, 'teams.createCard', {
      holder: { userId: miaId },
      card: { ...EMPTY_VCARD, name: 'Mia Member', position: 'Designer' },
    });
    await endTrialOf(adminEmail);
    await endTrialOf(mia.email);

    // the admin: the team page with no window over it, and a card made through New card
    await page.goto(paths.team);
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(page.getByText('Your free trial has expired')).toBeVisible();
    await expect(page.getByText('The pages of ' + teamName)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'New card' }).click();
    const dialog = page.getByRole('dialog', { name: 'New team card' });
    await dialog.getByRole('combobox').selectOption({ label: `Adam Admin (${adminEmail})` });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Create card' }).click();
    await expect(page.getByText('Team card created', { exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Adam Admin' })).toContainText('Live');
    await checkAndPhotograph(page, testInfo, 'team-seat-admin-en');
    // the admin's own pages keep the window, which names the team's pages as open
    await page.goto(paths.vcards);
    const window = page.getByRole('dialog', { name: 'Trial Expired' });
    await expect(window).toContainText(`Your card at ${teamName} stays live on the team's plan`);
    await window.getByRole('link', { name: "the team's pages" }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // the member, on a phone in Spanish: the team card editor saves
    await mia.page.setViewportSize(SCREENS[0][1]);
    await mia.page.goto(teamCardPath(miasCard));
    await expect(
      mia.page.getByRole('heading', { level: 1, name: 'Editar tarjeta del equipo' }),
    ).toBeVisible();
    await expect(mia.page.getByRole('dialog')).toHaveCount(0);
    await mia.page.getByRole('textbox', { name: 'Cargo' }).fill('Diseñadora jefa');
    await mia.page.getByRole('button', { name: 'Guardar tarjeta' }).click();
    await expect(mia.page.getByText('Tarjeta del equipo guardada', { exact: true })).toBeVisible();
    await checkAndPhotograph(mia.page, testInfo, 'team-seat-member-editor-es');
    // her personal pages keep the window, which says her card at the team stays live
    await mia.page.goto(paths.dashboard);
    const miasWindow = mia.page.getByRole('dialog', { name: 'Prueba caducada' });
    await expect(miasWindow).toContainText(`Tu tarjeta de ${teamName} sigue activa con el plan del equipo`);
    await checkAndPhotograph(mia.page, testInfo, 'team-seat-member-window-es');
    const cardPage = await mia.page.request.get(`/vcard/${miasCard}`);
    expect(cardPage.status()).toBe(200);
    expect(await cardPage.text()).toContain('Diseñadora jefa');
  },
);
