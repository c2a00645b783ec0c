import { randomBytes } from 'node:crypto';
import { paths } from '../../src/routes.ts';
import { startTxtDnsServer, type TxtDnsServer } from '../support/dns-server.ts';
import {
  appOrigin,
  callTrpc,
  checkAndPhotograph,
  chooseUsername,
  expect,
  markDocument,
  openWithLiveStream,
  signedInNewPerson,
  test,
} from './support.ts';
import { businessAccountOn } from './team-support.ts';

// Custom domains (a Business feature): a domain is added on the domains page, which shows the TXT record
// to add; a DNS server this test runs on loopback (the e2e server asks it: DNS_SERVERS in
// playwright.config.ts) answers the record, and a check made from another tab turns the status Verified
// live on the page. Free accounts see what the plan needs. Both languages, axe, phone and desktop.

const TEXTS = {
  en: {
    heading: 'Domains',
    empty: 'No domains yet.',
    field: 'Domain',
    add: 'Add domain',
    added: 'Domain added',
    pending: 'Pending',
    verified: 'Verified',
    bare: 'Enter the domain name only',
    remove: 'Remove',
    removeDomain: 'Remove domain',
    removed: 'Domain removed',
    upgrade: 'Upgrade to Business',
    createQr: 'Create New QR',
    qrTitle: 'Title',
    qrUrl: 'Destination URL',
    qrAddress: 'Address in the code',
    createQrButton: 'Create QR code',
    qrCreated: 'QR code created successfully',
  },
  es: {
    heading: 'Dominios',
    empty: 'Todavía no hay dominios.',
    field: 'Dominio',
    add: 'Añadir dominio',
    added: 'Dominio añadido',
    pending: 'Pendiente',
    verified: 'Verificado',
    bare: 'Introduce solo el nombre de dominio',
    remove: 'Eliminar',
    removeDomain: 'Eliminar dominio',
    removed: 'Dominio eliminado',
    upgrade: 'Mejorar a Empresa',
    createQr: 'Crear nuevo QR',
    qrTitle: 'Título',
    qrUrl: 'URL de destino',
    qrAddress: 'Dirección en el código',
    createQrButton: 'Crear código QR',
    qrCreated: 'Código QR creado correctamente',
  },
} as const;

let dns: TxtDnsServer;

// one DNS server on the run's E2E_DNS_PORT answers this file's tests: they run in one worker, in order
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  dns = await startTxtDnsServer(Number(process.env.E2E_DNS_PORT));
});

test.afterAll(async () => {
  await dns?.close();
});

for (const language of ['en', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: a Business owner adds a domain, adds its TXT record, sees it verified live, and the card opens on it`, async ({
    page,
    browser,
  }, testInfo) => {
    // a domain's check and its card opened on it, waiting for the live update: 34 s in CI
    test.slow();
    const name = language === 'en' ? 'Ada Lovelace' : 'Ada Pérez';
    await businessAccountOn(page, name, language);
    // a public card to open on the domain
    await chooseUsername(page, name);
    await openWithLiveStream(page, paths.domains);
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    await expect(page.getByText(text.empty)).toBeVisible();
    await checkAndPhotograph(page, testInfo, `domains-empty-${language}`);

    // a pasted address is refused under the field
    const field = page.getByLabel(text.field, { exact: true });
    await field.fill('https://cards.example.com/ada');
    await page.getByRole('button', { name: text.add }).click();
    await expect(field).toHaveAccessibleDescription(new RegExp(text.bare));

    const domain = `cards-${randomBytes(4).toString('hex')}.example.org`;
    await field.fill(domain.toUpperCase());
    await page.getByRole('button', { name: text.add }).click();
    await expect(page.getByText(text.added, { exact: true })).toBeVisible();
    const row = page.getByRole('listitem', { name: domain });
    await expect(row).toContainText(text.pending);
    await expect(row).toContainText(`_tapcard-verify.${domain}`);
    const value = (await row.locator('code', { hasText: 'tapcard-verify=' }).textContent()) ?? '';
    expect(value).toMatch(/^tapcard-verify=[\w-]+$/);
    await checkAndPhotograph(page, testInfo, `domains-pending-${language}`);

    // the record is added at "the DNS provider"; a check from another tab shows here without a reload
    dns.set(`_tapcard-verify.${domain}`, 'v=spf1 -all', value);
    await markDocument(page);
    const [listed] = await callTrpc<{ id: string }[]>(page, 'domains.list', { owner: 'user' }, 'GET');
    // the add checked the domain once already: a check is allowed again after a few seconds
    await expect(async () => {
      await callTrpc(page, 'domains.check', { owner: 'user', id: listed?.id });
    }).toPass({ timeout: 30_000, intervals: [2_000] });
    await expect(row).toContainText(text.verified);
    await expect(page.locator('html[data-not-reloaded]')).toHaveCount(1);
    await checkAndPhotograph(page, testInfo, `domains-verified-${language}`);

    // a visitor's browser resolves the domain to this server (--host-resolver-rules in playwright.config.ts)
    const { port } = new URL(appOrigin());
    const visitor = await browser.newPage();
    await visitor.goto(`http://${domain}:${port}/`);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(await visitor.locator('link[rel=canonical]').getAttribute('href')).toBe(`https://${domain}/`);
    // white label (Business): the customer's domain carries no Tapcard name
    expect(await visitor.content()).not.toMatch(/tapcard/i);
    // nothing of the app on the customer's domain
    expect((await visitor.goto(`http://${domain}:${port}${paths.dashboard}`))?.status()).toBe(404);

    // a QR code made for the domain is printed with it, and its short link answers there
    await page.goto(paths.qrCodes);
    await page.getByRole('button', { name: text.createQr }).first().click();
    const create = page.getByRole('dialog', { name: text.createQr });
    await create.getByLabel(text.qrTitle).fill('Flyer');
    await create.getByLabel(text.qrUrl).fill(`${appOrigin()}/`);
    await create.getByLabel(text.qrAddress).selectOption(domain);
    await checkAndPhotograph(page, testInfo, `domains-qr-code-${language}`);
    await create.getByRole('button', { name: text.createQrButton }).click();
    await expect(page.getByText(text.qrCreated, { exact: true })).toBeVisible();
    const shortLink = page.getByText(new RegExp(`^https://${domain.replace(/\./g, '\\.')}/l/\\w+$`)).first();
    await expect(shortLink).toBeVisible();
    const code = (await shortLink.textContent())?.split('/l/')[1] ?? '';
    await visitor.goto(`http://${domain}:${port}/l/${code}?qr`);
    await expect(visitor).toHaveURL(`${appOrigin()}/`);
    await page.goto(paths.domains);

    await row.getByRole('button', { name: text.remove, exact: true }).click();
    await checkAndPhotograph(page, testInfo, `domains-remove-${language}`);
    await page.getByRole('dialog').getByRole('button', { name: text.removeDomain }).click();
    await expect(page.getByText(text.removed, { exact: true })).toBeVisible();
    await expect(page.getByText(text.empty)).toBeVisible();
    // a printed address of the removed domain leads to the card on the main address
    await visitor.goto(`http://${domain}:${port}/`);
    await expect(visitor).toHaveURL(new RegExp(`^${appOrigin()}/`));
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    await visitor.close();
  });
}

test('a Free account sees what the plan needs, and no form', async ({ page }, testInfo) => {
  await signedInNewPerson(page);
  await page.goto(paths.domains);
  await expect(page.getByRole('link', { name: TEXTS.en.upgrade })).toBeVisible();
  await expect(page.getByRole('button', { name: TEXTS.en.add })).toHaveCount(0);
  await checkAndPhotograph(page, testInfo, 'domains-free');
});
