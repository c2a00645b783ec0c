import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { paths } from '../../src/routes.ts';
import { callTrpc, checkAndPhotograph, EMPTY_VCARD, expect, SCREENS, test } from './support.ts';
import { businessAccountOn, organizationPost, teamMember, uniqueSlug } from './team-support.ts';

// An admin pauses one team card (docs/decisions/021-teams.md: offboarding hands a card on or pauses it): the
// dialog says what visitors get and that nothing is deleted, the card's public page then says Paused, the
// member sees their card paused, and Resume brings the page back. Both languages, axe on the screen and the
// dialog, phone and desktop.

/** A visitor's browser in `locale`, on the card's public page. */
async function visitorOn(browser: Browser, locale: string, url: string): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

const TEXTS = {
  en: {
    cards: 'Cards',
    pause: (name: string) => `Pause ${name}`,
    resume: (name: string) => `Resume ${name}`,
    dialog: 'Pause the team card',
    dialogText: 'Nothing is deleted',
    confirm: 'Pause card',
    paused: 'Team card paused',
    resumed: 'Team card live again',
    pausedByTeam: 'Paused by the team',
    live: 'Live',
    openPage: (name: string) => `Open page of ${name}`,
    pausedTitle: 'Paused',
    mine: 'Your team card',
    log: (actor: string, name: string, email: string) => [
      `${actor} made a paused team card live again: ${name} → ${name} <${email}>`,
      `${actor} paused a team card: ${name} → ${name} <${email}>`,
    ],
    activity: 'Team activity, newest first',
  },
  es: {
    cards: 'Tarjetas',
    pause: (name: string) => `Pausar ${name}`,
    resume: (name: string) => `Reactivar ${name}`,
    dialog: '¿Pausar la tarjeta del equipo',
    dialogText: 'No se elimina nada',
    confirm: 'Pausar tarjeta',
    paused: 'Tarjeta del equipo en pausa',
    resumed: 'Tarjeta del equipo activa de nuevo',
    pausedByTeam: 'En pausa por el equipo',
    live: 'Activa',
    openPage: (name: string) => `Abrir página de ${name}`,
    pausedTitle: 'En pausa',
    mine: 'Tu tarjeta del equipo',
    log: (actor: string, name: string, email: string) => [
      `${actor} volvió a publicar una tarjeta del equipo en pausa: ${name} → ${name} <${email}>`,
      `${actor} pausó una tarjeta del equipo: ${name} → ${name} <${email}>`,
    ],
    activity: 'Actividad del equipo, lo más reciente primero',
  },
} as const;

for (const language of ['en', 'es'] as const) {
  const text = TEXTS[language];
  test(`${language}: an admin pauses a team card behind a dialog, its page says Paused, the member sees it, and Resume brings it back`, async ({
    page,
    browser,
    extraHTTPHeaders,
  }, testInfo) => {
    test.setTimeout(150_000);
    const ownerName = language === 'en' ? 'Olga Owner' : 'Olga Dueña';
    const memberName = language === 'en' ? 'Mia Member' : 'Mía Miembro';
    await businessAccountOn(page, ownerName, language);
    const team = await organizationPost<{ id: string }>(page, 'create', {
      name: `Studio ${randomBytes(2).toString('hex')}`,
      slug: uniqueSlug('pause'),
    });
    const mia = await teamMember(browser, extraHTTPHeaders, page, {
      teamId: team.id,
      name: memberName,
      role: 'member',
      language,
    });
    const mine = await callTrpc<{ members: { userId: string; name: string }[] }>(
      page,
      'teams.mine',
      undefined,
      'GET',
    );
    const memberId = mine.members.find((member) => member.name === memberName)?.userId;
    await callTrpc(page, 'teams.createCard', {
      holder: { userId: memberId },
      card: { ...EMPTY_VCARD, name: memberName },
    });

    await page.goto(paths.team);
    const cards = page.getByRole('region', { name: text.cards });
    const card = cards.getByRole('article', { name: memberName });
    await expect(card).toContainText(text.live);
    const pageUrl = await card.getByRole('link', { name: text.openPage(memberName) }).getAttribute('href');
    if (!pageUrl) throw new Error('the card has no page link');

    // Pause asks first, saying what visitors get and that nothing is deleted
    await card.getByRole('button', { name: text.pause(memberName), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text.dialog);
    await expect(dialog).toContainText(text.dialogText);
    await checkAndPhotograph(page, testInfo, `team-card-pause-dialog-${language}`);
    await dialog.getByRole('button', { name: text.confirm }).click();
    await expect(page.getByText(text.paused, { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText(text.pausedByTeam);
    await expect(card.getByRole('button', { name: text.resume(memberName) })).toBeVisible();
    await checkAndPhotograph(page, testInfo, `team-card-paused-admin-${language}`);

    // a visitor, and a scanned code's page, get the Paused page
    const visitor = await visitorOn(browser, language === 'en' ? 'en-US' : 'es-ES', pageUrl);
    await expect(visitor).toHaveTitle(text.pausedTitle);
    await expect(visitor.getByText(memberName)).toHaveCount(0);

    // the member sees their card paused, on a phone
    await mia.page.setViewportSize(SCREENS[0][1]);
    await mia.page.goto(paths.team);
    const own = mia.page.getByRole('region', { name: text.mine }).getByRole('article', { name: memberName });
    await expect(own).toContainText(text.pausedByTeam);
    await checkAndPhotograph(mia.page, testInfo, `team-card-paused-member-${language}`);

    // Resume: the page is live again at once, and the member's screen says so (live update)
    await card.getByRole('button', { name: text.resume(memberName) }).click();
    await expect(page.getByText(text.resumed, { exact: true })).toBeVisible();
    await expect(card).toContainText(text.live);
    await expect(own).toContainText(text.live);
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: memberName })).toBeVisible();

    // the team's log says who paused it and who resumed it
    const activity = page.getByRole('list', { name: text.activity });
    await expect(activity.getByRole('listitem').locator('p')).toContainText(
      text.log(ownerName, memberName, mia.email),
    );
    await visitor.context().close();
    await mia.page.context().close();
  });
}
