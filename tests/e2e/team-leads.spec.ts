import { LEAD_TEXTS } from '../../server/leads/texts.ts';
import { paths } from '../../src/routes.ts';
import { DEFAULT_LEAD_FORM, LEAD_MIN_SECONDS } from '../../src/schemas/lead.ts';
import {
  callTrpc,
  closeWithEscape,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  test,
} from './support.ts';
import { businessTeam, teamMember, teamPersonOn } from './team-support.ts';

// A team's leads: a visitor shares their contact on a team card (the form without JavaScript), and an
// admin of the team opens the team's leads from the team page on a phone, in English and in Spanish,
// sees the lead and reads its consent receipt. Axe on the list and the receipt.

const TEXTS = {
  en: {
    link: 'Team leads',
    count: '1 lead',
    details: 'Details',
    receipt: 'Consent receipt',
  },
  es: {
    link: 'Contactos del equipo',
    count: '1 contacto',
    details: 'Detalles',
    receipt: 'Recibo del consentimiento',
  },
} as const;

const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

type TeamView = { members: { userId: string; name: string }[] };

test("an admin opens the team's leads on a phone, in English and Spanish, and reads a lead's receipt", async ({
  page,
  browser,
  extraHTTPHeaders,
}, testInfo) => {
  test.setTimeout(180_000);
  const { owner, team } = await businessTeam(browser, extraHTTPHeaders, { prefix: 'Acme' });
  // the admin is this test's own page (its console is checked)
  await teamPersonOn(page, owner.page, { teamId: team.id, name: 'Adam Admin', role: 'admin' });
  await teamMember(browser, extraHTTPHeaders, owner.page, {
    teamId: team.id,
    name: 'Mia Member',
    role: 'member',
  });
  const { members } = await callTrpc<TeamView>(page, 'teams.mine', undefined, 'GET');
  const mia = members.find((member) => member.name === 'Mia Member');
  const consent = 'I agree that Acme keeps my details.';
  const card = await callTrpc<{ id: string }>(page, 'teams.createCard', {
    holder: { userId: mia?.userId },
    card: {
      ...EMPTY_VCARD,
      name: 'Mia at Acme',
      leadForm: { ...DEFAULT_LEAD_FORM, enabled: true, consentText: consent },
    },
  });

  // a visitor without JavaScript shares their contact on the team card
  // this test's visitor: the lead form's limits count per address
  const visitorContext = await browser.newContext({
    extraHTTPHeaders,
    viewport: PHONE,
    javaScriptEnabled: false,
  });
  const visitor = await visitorContext.newPage();
  const words = LEAD_TEXTS.en;
  await visitor.goto(`/vcard/${card.id}`);
  await visitor.getByText(words.shareTitle).click();
  await visitor.getByLabel(words.labels.name).fill('Grace Hopper');
  await visitor.getByLabel(words.labels.email).fill(`grace-${card.id.slice(0, 8)}@example.com`);
  await visitor.getByRole('checkbox', { name: consent }).check();
  // a person takes longer than the form's least time; a test has to wait for it
  await visitor.waitForTimeout(LEAD_MIN_SECONDS * 1000);
  await visitor.getByRole('button', { name: words.send }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: words.thanksTitle })).toBeVisible();
  await visitorContext.close();

  for (const language of ['en', 'es'] as const) {
    const text = TEXTS[language];
    await callTrpc(page, 'profile.setLanguage', { language });
    // from the team page to the team's leads
    await page.goto(paths.team);
    await page.getByRole('link', { name: text.link }).click();
    await expect(page.getByRole('heading', { level: 1, name: text.link })).toBeVisible();
    const row = page.getByRole('listitem', { name: 'Grace Hopper' });
    await expect(row).toContainText('Mia at Acme');
    await expect(page.getByText(text.count, { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`team-leads-${language}.png`), fullPage: true });

    await row.getByRole('button', { name: new RegExp(text.details) }).click();
    const detail = page.getByRole('dialog', { name: 'Grace Hopper' });
    await expect(detail.getByRole('heading', { name: text.receipt })).toBeVisible();
    await expect(detail.locator('blockquote')).toHaveText(consent);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`team-leads-receipt-${language}.png`) });
    await closeWithEscape(page);
  }
  await owner.page.context().close();
});
