import { randomBytes } from 'node:crypto';
import { paths } from '../../src/routes.ts';
import { callTrpc, checkAndPhotograph, EMPTY_VCARD, expect, test } from './support.ts';
import { businessAccountOn, organizationPost, uniqueSlug } from './team-support.ts';

// White label (a Business feature): a team's owner turns it on from the team page, saved at once with a
// toast; the team's card pages then carry the team's name and no Tapcard, and carry it again once it is
// turned off. Both languages, axe on the team page with the switch, phone and desktop.

const TEXTS = {
  en: {
    section: 'White label',
    checkbox: "Use the team's brand only",
    on: 'White label is on',
    off: 'White label is off',
    openPage: (name: string) => `Open page of ${name}`,
    cards: 'Cards',
  },
  es: {
    section: 'Marca blanca',
    checkbox: 'Usar solo la marca del equipo',
    on: 'Marca blanca activada',
    off: 'Marca blanca desactivada',
    openPage: (name: string) => `Abrir página de ${name}`,
    cards: 'Tarjetas',
  },
} as const;

for (const language of ['en', 'es'] as const) {
  const text = TEXTS[language];
  test(`${language}: an owner turns white label on and off, and the team's card page follows`, async ({
    page,
    browser,
  }, testInfo) => {
    const ownerName = language === 'en' ? 'Olga Owner' : 'Olga Dueña';
    const teamName = `Northwind ${randomBytes(2).toString('hex')}`;
    await businessAccountOn(page, ownerName, language);
    await organizationPost(page, 'create', { name: teamName, slug: uniqueSlug('brand') });
    const mine = await callTrpc<{ members: { userId: string; name: string }[] }>(
      page,
      'teams.mine',
      undefined,
      'GET',
    );
    const ownerId = mine.members.find((member) => member.name === ownerName)?.userId;
    await callTrpc(page, 'teams.createCard', {
      holder: { userId: ownerId },
      card: { ...EMPTY_VCARD, name: ownerName },
    });

    await page.goto(paths.team);
    const card = page.getByRole('region', { name: text.cards }).getByRole('article', { name: ownerName });
    const pageUrl = await card.getByRole('link', { name: text.openPage(ownerName) }).getAttribute('href');
    if (!pageUrl) throw new Error('the card has no page link');
    const visitor = await browser.newPage();
    await visitor.goto(pageUrl);
    expect(await visitor.content()).toMatch(/tapcard/i);

    const whiteLabel = page.getByRole('checkbox', { name: text.checkbox });
    await expect(whiteLabel).not.toBeChecked();
    await whiteLabel.check();
    await expect(page.getByText(text.on, { exact: true })).toBeVisible();
    await expect(whiteLabel).toBeChecked();
    await checkAndPhotograph(page, testInfo, `team-white-label-${language}`);
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: ownerName })).toBeVisible();
    expect(await visitor.content()).not.toMatch(/tapcard/i);
    expect(await visitor.locator('meta[property="og:site_name"]').getAttribute('content')).toBe(teamName);

    await whiteLabel.uncheck();
    await expect(page.getByText(text.off, { exact: true })).toBeVisible();
    await visitor.reload();
    expect(await visitor.content()).toMatch(/tapcard/i);
    await visitor.close();
  });
}
