import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { paths, teamCardPath } from '../../src/routes.ts';
import {
  appOrigin,
  buyPlan,
  callTrpc,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  SCREENS,
  signedInNewPerson,
  test,
} from './support.ts';
import { joinTeam } from './team-support.ts';

// A team's card template (src/team-template.ts): the owner locks the company name and sets it on the team
// page; the member's public card shows it at once, the member's team card editor shows it read-only and
// saves their change of an unlocked field, and the server refuses a change of the locked one. Both languages, axe, phone and desktop.

const TEXTS = {
  en: {
    section: 'Card template',
    company: 'Company',
    lock: 'Company: lock on every team card',
    save: 'Save template',
    saved: 'Card template saved',
    activity: 'Activity',
    lockedEntry: /locked Company on every team card/,
    changedEntry: /changed the card template: Company/,
    // the entry names the fields the edit changed
    editedEntry: /edited .*Position on a team card: Mia Member/,
    position: 'Position',
    saveCard: 'Save card',
    cardSaved: 'Team card saved',
    lockedHint: /Set by your team/,
  },
  es: {
    section: 'Plantilla de las tarjetas',
    company: 'Empresa',
    lock: 'Empresa: bloquear en todas las tarjetas del equipo',
    save: 'Guardar plantilla',
    saved: 'Plantilla guardada',
    activity: 'Actividad',
    lockedEntry: /bloqueó Empresa en todas las tarjetas del equipo/,
    changedEntry: /cambió la plantilla de las tarjetas: Empresa/,
    editedEntry: /editó .*Cargo en una tarjeta del equipo: Mia Member/,
    position: 'Cargo',
    saveCard: 'Guardar tarjeta',
    cardSaved: 'Tarjeta del equipo guardada',
    lockedHint: /Lo fija tu equipo/,
  },
} as const;

type Language = keyof typeof TEXTS;

/** A POST to the organization plugin as the signed-in page makes it. */
async function organizationPost<T>(page: Page, endpoint: string, data: Record<string, unknown>): Promise<T> {
  const response = await page.request.post(`/api/auth/organization/${endpoint}`, {
    data,
    headers: { origin: appOrigin() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

interface TeamCard {
  id: string;
  version: number;
  name: string;
  company: string | null;
  position: string | null;
  background_color: string;
  font_color: string;
  icon_color: string;
}

/**
 * A Business owner's team (in `language`) with a member who has a team card of their own company: the owner
 * signed in on its own context, the member on `memberPage`.
 */
async function teamWithMemberCard(
  browser: Browser,
  extraHTTPHeaders: Record<string, string> | undefined,
  memberPage: Page,
  language: Language,
) {
  const memberEmail = await signedInNewPerson(memberPage, 'Mia Member');
  const context = await browser.newContext({ baseURL: appOrigin(), extraHTTPHeaders });
  const ownerPage = await context.newPage();
  await signedInNewPerson(ownerPage, 'Olga Owner');
  await buyPlan(ownerPage, 'business');
  for (const page of [ownerPage, memberPage]) await callTrpc(page, 'profile.setLanguage', { language });
  const team = await organizationPost<{ id: string }>(ownerPage, 'create', {
    name: `Acme ${randomBytes(2).toString('hex')}`,
    slug: `acme-${randomBytes(3).toString('hex')}`,
  });
  await joinTeam(ownerPage, { page: memberPage, email: memberEmail }, team.id, 'member');
  const mine = await callTrpc<{ members: { userId: string; email: string }[] }>(
    ownerPage,
    'teams.mine',
    undefined,
    'GET',
  );
  const memberId = mine.members.find((member) => member.email === memberEmail)?.userId;
  const card = await callTrpc<{ id: string }>(ownerPage, 'teams.createCard', {
    holder: { userId: memberId },
    card: { ...EMPTY_VCARD, name: 'Mia Member', company: 'Old Company', position: 'Designer' },
  });
  return { ownerPage, cardId: card.id };
}

/** A save of the member's team card through the app's API, as the vCard form sends it. */
async function saveCard(page: Page, card: TeamCard, changes: Record<string, unknown>) {
  return page.request.post('/api/trpc/vcards.update', {
    headers: { origin: appOrigin() },
    data: {
      json: {
        ...EMPTY_VCARD,
        name: card.name,
        company: card.company ?? '',
        position: card.position ?? '',
        backgroundColour: card.background_color,
        fontColour: card.font_color,
        iconColour: card.icon_color,
        ...changes,
        id: card.id,
        baseVersion: card.version,
      },
    },
  });
}

for (const language of ['en', 'es'] as const) {
  test(`${language}: an owner locks and sets the company on every team card; the member keeps editing the unlocked fields`, async ({
    page,
    browser,
    extraHTTPHeaders,
  }, testInfo) => {
    // an owner and a member in two browsers, each screen checked by axe: 37-39 s in CI
    test.slow();
    const text = TEXTS[language];
    const { ownerPage, cardId } = await teamWithMemberCard(browser, extraHTTPHeaders, page, language);

    // the owner sets the company and locks it
    await ownerPage.goto(paths.team);
    const template = ownerPage.getByRole('region', { name: text.section });
    await expect(template).toBeVisible();
    await template.getByLabel(text.company, { exact: true }).fill('Acme Studio');
    await template.getByLabel(text.lock).check();
    await expectAccessible(ownerPage);
    await template.getByRole('button', { name: text.save }).click();
    await expect(ownerPage.getByText(text.saved, { exact: true })).toBeVisible();
    const activity = ownerPage.getByRole('region', { name: text.activity });
    await expect(activity.getByText(text.lockedEntry)).toBeVisible();
    await expect(activity.getByText(text.changedEntry)).toBeVisible();
    await expectAccessible(ownerPage);
    for (const [device, viewport] of SCREENS) {
      await ownerPage.setViewportSize(viewport);
      await expectNoSidewaysScroll(ownerPage);
      await template.evaluate((section) => section.scrollIntoView({ block: 'start' }));
      await ownerPage.screenshot({ path: testInfo.outputPath(`team-template-${device}-${language}.png`) });
    }

    // the member's public card shows the template's company at once
    await page.goto(`/vcard/${cardId}`);
    await expect(page.getByText(/Acme Studio/).first()).toBeVisible();
    await expect(page.getByText(/Old Company/)).toHaveCount(0);

    // in the team card editor the member sees the locked company read-only, with why, and changes an
    // unlocked field
    await page.goto(teamCardPath(cardId));
    const company = page.getByLabel(text.company, { exact: true });
    await expect(company).toHaveValue('Acme Studio');
    await expect(company).toHaveAttribute('readonly', '');
    await expect(page.getByText(text.lockedHint).first()).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(text.position, { exact: true }).fill('Lead designer');
    await page.getByRole('button', { name: text.saveCard }).click();
    await expect(page.getByText(text.cardSaved, { exact: true })).toBeVisible();
    for (const [device, viewport] of SCREENS) {
      await page.setViewportSize(viewport);
      await expectNoSidewaysScroll(page);
      await company.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`team-card-locked-${device}-${language}.png`) });
    }

    // a change of the locked field sent anyway is refused by the server, and nothing is saved
    const saved = await callTrpc<TeamCard>(page, 'vcards.get', { id: cardId }, 'GET');
    const locked = await saveCard(page, saved, { company: 'My Own Company', position: 'Not saved' });
    expect(locked.status()).toBe(403);
    expect(await locked.json()).toMatchObject({
      error: { json: { data: { reason: 'field_locked', meta: { field: 'company' } } } },
    });
    expect(await callTrpc<TeamCard>(page, 'vcards.get', { id: cardId }, 'GET')).toMatchObject({
      position: 'Lead designer',
      company: 'Old Company',
    });
    await page.goto(`/vcard/${cardId}`);
    await expect(page.getByText(/Lead designer/)).toBeVisible();
    await expect(page.getByText(/Acme Studio/).first()).toBeVisible();

    // the owner's log names who edited the card
    await ownerPage.reload();
    await expect(
      ownerPage.getByRole('region', { name: text.activity }).getByText(text.editedEntry),
    ).toBeVisible();
    await ownerPage.context().close();
  });
}
