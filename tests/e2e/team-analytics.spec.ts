import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { paths } from '../../src/routes.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';
import {
  appOrigin,
  callTrpc,
  checkAndPhotograph,
  EMPTY_VCARD,
  expect,
  expectAccessible,
  SCREENS,
  test,
} from './support.ts';
import { businessTeam, organizationPost, teamMember, teamPersonOn } from './team-support.ts';

// A team's analytics (advancedAnalytics): an admin of a Business team opens them from the team page, sees
// the team's views per member (an invitee's card under their address) and per card, and downloads the
// members' CSV, whose numbers are the page's. Both languages, axe at phone and desktop width.

const TEXTS = {
  en: {
    link: 'Team analytics',
    byMember: 'By member',
    byCard: 'By card',
    breakdowns: 'Breakdowns',
    devices: 'Devices',
    breakdownsOf: 'Breakdowns of',
    visitorsNote: /Unique visitors are counted for the whole team only/,
    uniqueVisitors: 'Unique visitors',
    pending: '(invitation pending)',
    download: 'Download members CSV',
    header: 'member,email,cards,scans,views,clicks,leads,interactions,previous_interactions',
  },
  es: {
    link: 'Analíticas del equipo',
    byMember: 'Por miembro',
    byCard: 'Por tarjeta',
    breakdowns: 'Desgloses',
    devices: 'Dispositivos',
    breakdownsOf: 'Desgloses de',
    visitorsNote: /Los visitantes únicos se cuentan solo para todo el equipo/,
    uniqueVisitors: 'Visitantes únicos',
    pending: '(invitación pendiente)',
    download: 'Descargar CSV de miembros',
    header:
      'miembro,correo,tarjetas,escaneos,visitas,clics,contactos,interacciones,interacciones_del_periodo_anterior',
  },
} as const;

type TeamView = { members: { userId: string; name: string }[] };
type TeamCards = { id: string; name: string; pageUrl: string }[];
type TeamAnalytics = { overview: { totals: { views: { current: number } } } };

for (const language of ['en', 'es'] as const) {
  test(`an admin opens the team's analytics, sees each member and card, and downloads the CSV (${language})`, async ({
    page,
    browser,
    extraHTTPHeaders,
  }, testInfo) => {
    test.setTimeout(180_000);
    const text = TEXTS[language];
    const { owner, team } = await businessTeam(browser, extraHTTPHeaders, { prefix: 'Acme', language });
    // the admin is this test's own page (its console is checked)
    await teamPersonOn(page, owner.page, { teamId: team.id, name: 'Adam Admin', role: 'admin', language });
    const miaPerson = await teamMember(browser, extraHTTPHeaders, owner.page, {
      teamId: team.id,
      name: 'Mia Member',
      role: 'member',
    });

    // a card for Mia, and one for someone invited who has not joined
    const { members } = await callTrpc<TeamView>(page, 'teams.mine', undefined, 'GET');
    const mia = members.find((member) => member.name === 'Mia Member');
    await callTrpc(page, 'teams.createCard', {
      holder: { userId: mia?.userId },
      card: { ...EMPTY_VCARD, name: 'Mia at Acme' },
    });
    const noraEmail = `nora-${randomBytes(3).toString('hex')}@example.com`;
    const noraInvitation = await organizationPost<{ id: string }>(owner.page, 'invite-member', {
      email: noraEmail,
      role: 'member',
      organizationId: team.id,
    });
    const noraCard = await callTrpc<{ id: string }>(page, 'teams.createCard', {
      holder: { invitationId: noraInvitation.id },
      card: { ...EMPTY_VCARD, name: 'Nora at Acme' },
    });
    // a card made before its person joins is a draft: published, it is seen (and counted) at once
    await callTrpc(page, 'teams.publishCard', { vcardId: noraCard.id });

    // visitors' phones open Mia's card twice and Nora's once
    const cards = await callTrpc<TeamCards>(page, 'teams.cards', undefined, 'GET');
    const visit = async (name: string) => {
      const card = cards.find((item) => item.name === name);
      const response = await fetch(new URL(card?.pageUrl ?? '', appOrigin()), {
        headers: { 'user-agent': IPHONE_SAFARI },
      });
      expect(response.status).toBe(200);
    };
    await visit('Mia at Acme');
    await visit('Mia at Acme');
    await visit('Nora at Acme');
    // views are written about a second after they happen
    await expect
      .poll(async () => {
        const data = await callTrpc<TeamAnalytics>(
          page,
          'analytics.team',
          { timeZone: 'UTC', range: '30d' },
          'GET',
        );
        return data.overview.totals.views.current;
      })
      .toBe(3);

    // from the team page to the team's analytics
    await page.goto(paths.team);
    await page.getByRole('link', { name: text.link }).click();
    await expect(page.getByRole('heading', { level: 1, name: text.link })).toBeVisible();
    const byMember = page.getByRole('region', { name: text.byMember });
    await expect(byMember.getByRole('row', { name: /Mia Member/ }).getByRole('cell')).toHaveText([
      '0',
      '2',
      '0',
      '0',
    ]);
    await expect(byMember.getByRole('row', { name: new RegExp(noraEmail) })).toContainText(text.pending);
    const byCard = page.getByRole('region', { name: text.byCard });
    await expect(byCard.getByRole('row', { name: /Mia at Acme/ })).toContainText('Mia Member');
    await expect(byCard.getByRole('row', { name: /Nora at Acme/ }).getByRole('cell')).toHaveText([
      '0',
      '1',
      '0',
      '0',
    ]);
    // on a phone each row is a block of labels over values, the table is not shown
    await page.setViewportSize(SCREENS[0][1]);
    await expect(byMember.getByRole('table')).toBeHidden();
    await expect(
      byMember.getByRole('listitem').filter({ hasText: 'Mia Member' }).getByRole('definition'),
    ).toHaveText([/^Mia Member/, '0', '2', '0', '0']);
    // the team's visits broken down as a person's own are: the three views were on a phone
    await expect(page.getByRole('heading', { level: 2, name: text.breakdowns })).toBeVisible();
    await expect(page.getByRole('region', { name: text.devices, exact: true })).toContainText('3');
    await checkAndPhotograph(page, testInfo, `team-analytics-${language}`);

    // the breakdowns of one member's cards, then of one card: theirs only, without unique visitors
    const devices = page.getByRole('region', { name: text.devices, exact: true });
    const breakdownsOf = page.getByLabel(text.breakdownsOf);
    await breakdownsOf.selectOption({ label: 'Mia Member' });
    await expect(devices.getByRole('listitem')).toHaveText([/\D2$/]);
    await expect(page.getByText(text.visitorsNote)).toBeVisible();
    await expect(page.getByRole('region', { name: text.uniqueVisitors })).toHaveCount(0);
    await expectAccessible(page);
    await breakdownsOf.selectOption({ label: 'Nora at Acme' });
    await expect(devices.getByRole('listitem')).toHaveText([/\D1$/]);
    await breakdownsOf.selectOption({ index: 0 });
    await expect(devices.getByRole('listitem')).toHaveText([/\D3$/]);
    await expect(page.getByRole('region', { name: text.uniqueVisitors })).toBeVisible();

    // the members' CSV has the page's numbers, its headers in the reader's language
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byMember.getByRole('link', { name: text.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^tapcard-${team.slug}-members-30d-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(text.header);
    expect(lines).toContain(`Mia Member,${miaPerson.email},1,0,2,0,0,2,0`);
    await owner.page.context().close();
    await miaPerson.page.context().close();
  });
}
