import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { paths } from '../../src/routes.ts';
import { WEBHOOK_DELIVERIES_PAGE_SIZE } from '../../src/webhooks.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';
import { startWebhookReceiver, type ReceivedWebhook } from '../support/webhook-receiver.ts';
import { FakeHubSpot } from '../support/fake-hubspot.ts';
import {
  appOrigin,
  callTrpc,
  EMPTY_VCARD,
  expect,
  checkAndPhotograph,
  expectAccessible,
  expectAccessibleInBothLanguages,
  signedInNewPerson,
  test,
} from './support.ts';
import { businessAccountOn, organizationPost, teamMember, uniqueSlug } from './team-support.ts';

// Webhooks (a Business feature): an endpoint is added in a dialog, pointed at a receiver this test runs on
// loopback (the e2e server allows 127.0.0.1 and sends batches every 5 s: playwright.config.ts); a test
// event and a QR code's scan show in its delivery log, and each request the receiver got verifies with the
// standardwebhooks library. Free accounts see what the plan needs. Both languages, axe on the page and the
// dialogs, phone and desktop. Then (in English) the rest of an endpoint's buttons: Enable, Edit, Redeliver
// and Show older; and (in both languages) a team admin's team endpoint that hears of a team card. Last, the
// Connections page beside it: HubSpot connected through its own authorization page (a fake HubSpot on
// E2E_HUBSPOT_PORT, which the server is pointed at: playwright.config.ts), a mapping saved, a disconnect.

/** The event a request the receiver got carries. */
function eventOf(request: ReceivedWebhook): string {
  return (JSON.parse(request.body) as { type: string }).type;
}

const TEXTS = {
  en: {
    heading: 'Webhooks',
    empty: 'No endpoints yet.',
    add: 'Add endpoint',
    url: 'URL',
    description: 'Description',
    allEvents: 'All events',
    added: 'Endpoint added',
    sendTest: 'Send test event',
    log: 'Delivery log',
    delivered: 'Delivered',
    showSecret: 'Show secret',
    done: 'Done',
    rotate: 'Rotate secret',
    cancel: 'Cancel',
    delete: 'Delete',
    deleteEndpoint: 'Delete endpoint',
    deleted: 'Endpoint deleted',
    upgrade: 'Upgrade to Business',
    details: 'Details',
    requestBody: 'Request body, as signed and sent on every try',
    answer: "The receiver's answer:",
  },
  es: {
    heading: 'Webhooks',
    empty: 'Aún no hay endpoints.',
    add: 'Añadir endpoint',
    url: 'URL',
    description: 'Descripción',
    allEvents: 'Todos los eventos',
    added: 'Endpoint añadido',
    sendTest: 'Enviar evento de prueba',
    log: 'Registro de entregas',
    delivered: 'Entregado',
    showSecret: 'Mostrar secreto',
    done: 'Listo',
    rotate: 'Cambiar secreto',
    cancel: 'Cancelar',
    delete: 'Eliminar',
    deleteEndpoint: 'Eliminar endpoint',
    deleted: 'Endpoint eliminado',
    upgrade: 'Mejorar a Empresa',
    details: 'Detalles',
    requestBody: 'Cuerpo de la solicitud, tal como se firmó y se envió en cada intento',
    answer: 'La respuesta del receptor:',
  },
} as const;

for (const language of ['en', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: a Business owner adds an endpoint, sees a test event and a scan delivered in its log, signed`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    // the test event's answer has a body, for the log to show
    const receiver = await startWebhookReceiver({ answers: [{ status: 200, body: 'thanks, got it' }] });
    try {
      await businessAccountOn(page, language === 'en' ? 'Ada Lovelace' : 'Ada Pérez', language);
      await page.goto(paths.webhooks);
      await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
      await expect(page.getByText(text.empty)).toBeVisible();
      await checkAndPhotograph(page, testInfo, `webhooks-empty-${language}`);

      await page.getByRole('button', { name: text.add }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text.url).fill(receiver.url);
      await dialog.getByLabel(text.description).fill('CRM');
      await dialog.getByRole('checkbox', { name: text.allEvents }).check();
      await expect(dialog.getByRole('checkbox', { name: /link\.scanned/ })).toBeChecked();
      await checkAndPhotograph(page, testInfo, `webhooks-add-${language}`);
      await dialog.getByRole('button', { name: text.add }).click();
      await expect(page.getByText(text.added, { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      const row = page.getByRole('listitem').filter({ hasText: receiver.url });
      await expect(row).toContainText('CRM');

      // the secret, shown on request, is what the receiver verifies with
      await row.getByRole('button', { name: text.showSecret }).click();
      const secretBox = dialog.getByRole('textbox');
      await expect(secretBox).toHaveValue(/^whsec_/);
      const secret = await secretBox.inputValue();
      await checkAndPhotograph(page, testInfo, `webhooks-secret-${language}`);
      await dialog.getByRole('button', { name: text.done }).click();
      const verifier = new Webhook(secret);
      const verified = (request: ReceivedWebhook) =>
        verifier.verify(request.body, request.headers as Record<string, string>);

      // a test event, delivered, in the log that opens with it
      await row.getByRole('button', { name: text.sendTest }).click();
      const log = row.getByRole('region', { name: text.log });
      const testDelivery = log.getByRole('listitem').filter({ hasText: 'webhook.test' });
      await expect(testDelivery).toContainText(text.delivered, { timeout: 30_000 });
      await expect(testDelivery).toContainText('HTTP 200');
      const [testRequest] = await receiver.waitForAccepted(1);
      expect(testRequest && eventOf(testRequest)).toBe('webhook.test');
      expect(testRequest && verified(testRequest)).toMatchObject({ type: 'webhook.test' });
      // its details: the body as sent, and the try with the start of the receiver's answer (left open for
      // the log's check below)
      await testDelivery.getByRole('button', { name: text.details }).click();
      await expect(testDelivery.getByLabel(text.requestBody)).toHaveText(testRequest?.body ?? '');
      await expect(testDelivery.getByLabel(text.answer)).toHaveText('thanks, got it');

      // a visitor's phone scans a QR code: its batch (every 5 s here) shows in the log, which refreshes
      await callTrpc(page, 'links.createQrCode', {
        title: 'Menu',
        url: 'https://example.com/menu',
        icon: '',
      });
      const qrCodes = await callTrpc<{ items: { title: string; qrUrl: string }[] }>(
        page,
        'links.qrCodes',
        undefined,
        'GET',
      );
      const qrUrl = qrCodes.items.find((item) => item.title === 'Menu')?.qrUrl ?? '';
      const scan = await fetch(new URL(qrUrl, appOrigin()), {
        headers: { 'user-agent': IPHONE_SAFARI },
        redirect: 'manual',
      });
      expect(scan.status).toBe(302);
      const scanDelivery = log.getByRole('listitem').filter({ hasText: 'link.scanned' });
      await expect(scanDelivery).toContainText(text.delivered, { timeout: 45_000 });
      await expect(log.getByRole('listitem').filter({ hasText: 'link.created' })).toBeVisible();
      const scanned = receiver.accepted().find((request) => eventOf(request) === 'link.scanned');
      expect(scanned && verified(scanned)).toMatchObject({ type: 'link.scanned' });
      await checkAndPhotograph(page, testInfo, `webhooks-log-${language}`);

      // rotation and deletion, each behind a confirmation
      await row.getByRole('button', { name: text.rotate }).click();
      await checkAndPhotograph(page, testInfo, `webhooks-rotate-${language}`);
      await dialog.getByRole('button', { name: text.cancel }).click();
      await row.getByRole('button', { name: text.delete, exact: true }).click();
      await expect(dialog).toContainText(receiver.url);
      await checkAndPhotograph(page, testInfo, `webhooks-delete-${language}`);
      await dialog.getByRole('button', { name: text.deleteEndpoint }).click();
      await expect(page.getByText(text.deleted, { exact: true })).toBeVisible();
      await expect(page.getByText(text.empty)).toBeVisible();
    } finally {
      await receiver.close();
    }
  });

  test(`${language}: a Free account sees that webhooks are part of Business, and the way to upgrade`, async ({
    page,
  }, testInfo) => {
    await signedInNewPerson(page, 'Grace Hopper');
    if (language === 'es') await callTrpc(page, 'profile.setLanguage', { language });
    await page.goto(paths.webhooks);
    await expect(page.getByRole('link', { name: text.upgrade })).toBeVisible();
    await expect(page.getByRole('button', { name: text.add })).toHaveCount(0);
    await checkAndPhotograph(page, testInfo, `webhooks-upgrade-${language}`);
  });
}

/** An endpoint made as the form makes it, through the page's own procedure; answers its id and version. */
async function addEndpoint(
  page: Page,
  input: { owner?: 'user' | 'team'; url: string; events: string[]; description?: string },
): Promise<{ id: string; version: number }> {
  return callTrpc<{ id: string; version: number }>(page, 'webhooks.create', input);
}

test('en: an endpoint is enabled again, edited, its deliveries paged and one sent again', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const receiver = await startWebhookReceiver();
  try {
    await businessAccountOn(page, 'Ada Lovelace');
    const endpoint = await addEndpoint(page, {
      url: receiver.url,
      events: ['card.created'],
      description: 'CRM',
    });
    // switched off (as a failing endpoint is, with a reason), so the row offers Enable
    await callTrpc(page, 'webhooks.update', {
      id: endpoint.id,
      enabled: false,
      baseVersion: endpoint.version,
    });
    await page.goto(paths.webhooks);
    const row = page.getByRole('listitem').filter({ hasText: receiver.url });
    await expect(row).toContainText('Disabled');
    await expect(row).toContainText('No try is coming');
    await expect(row).toContainText('A card was created');
    await row.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByText('Endpoint enabled', { exact: true })).toBeVisible();
    await expect(row).toContainText('Enabled');

    // Edit: one more event; the row names them as the form does
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('URL')).toHaveValue(receiver.url);
    await dialog.getByRole('checkbox', { name: /link\.created/ }).check();
    await checkAndPhotograph(page, testInfo, 'webhooks-edit-en');
    await dialog.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(page.getByText('Endpoint saved', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('A short link, QR code or profile link was created');

    // more deliveries than a page holds, sent as "Send test event" sends them
    for (let sent = 0; sent <= WEBHOOK_DELIVERIES_PAGE_SIZE; sent += 1) {
      await callTrpc(page, 'webhooks.sendTest', { id: endpoint.id });
    }
    await receiver.waitForAccepted(WEBHOOK_DELIVERIES_PAGE_SIZE + 1);
    await row.getByRole('button', { name: 'Deliveries' }).click();
    const log = row.getByRole('region', { name: 'Delivery log' });
    const deliveries = log.getByRole('listitem');
    await expect(deliveries).toHaveCount(WEBHOOK_DELIVERIES_PAGE_SIZE, { timeout: 30_000 });
    await log.getByRole('button', { name: 'Show older' }).click();
    await expect(deliveries).toHaveCount(WEBHOOK_DELIVERIES_PAGE_SIZE + 1);
    await expect(log.getByRole('button', { name: 'Show older' })).toHaveCount(0);
    const oldest = await deliveries.last().textContent();

    // a new delivery while the older page is open is added at the top and pushes nothing out
    await callTrpc(page, 'webhooks.sendTest', { id: endpoint.id });
    await expect(deliveries).toHaveCount(WEBHOOK_DELIVERIES_PAGE_SIZE + 2, { timeout: 30_000 });
    await expect(deliveries.last()).toHaveText(oldest ?? '');
    await checkAndPhotograph(page, testInfo, 'webhooks-older-en');

    // Redeliver sends the newest again, with its webhook-id
    await expect(deliveries.first()).toContainText('Delivered', { timeout: 30_000 });
    const before = receiver.accepted().length;
    await deliveries.first().getByRole('button', { name: 'Redeliver' }).click();
    await expect(page.getByText('Delivery queued again', { exact: true })).toBeVisible();
    await expect.poll(() => receiver.accepted().length, { timeout: 30_000 }).toBe(before + 1);
    const ids = receiver.accepted().map((request) => request.headers['webhook-id']);
    expect(ids.filter((id) => id === ids.at(-1))).toHaveLength(2);
  } finally {
    await receiver.close();
  }
});

const TEAM_TEXTS = {
  en: {
    section: 'Team endpoints',
    addTeam: 'Add team endpoint',
    cardCreated: 'A card was created',
    deliveries: 'Deliveries',
  },
  es: {
    section: 'Endpoints del equipo',
    addTeam: 'Añadir endpoint del equipo',
    cardCreated: 'Se creó una tarjeta',
    deliveries: 'Entregas',
  },
} as const;

for (const language of ['en', 'es'] as const) {
  const text = { ...TEXTS[language], ...TEAM_TEXTS[language] };

  test(`${language}: a team admin adds a team endpoint, and a team card made shows in its log`, async ({
    page,
    browser,
    extraHTTPHeaders,
  }, testInfo) => {
    test.setTimeout(150_000);
    const receiver = await startWebhookReceiver();
    try {
      await businessAccountOn(page, 'Olga Owner');
      const team = await organizationPost<{ id: string }>(page, 'create', {
        name: `Studio ${randomBytes(2).toString('hex')}`,
        slug: uniqueSlug('hooks'),
      });
      const admin = await teamMember(browser, extraHTTPHeaders, page, {
        teamId: team.id,
        name: 'Adam Admin',
        role: 'admin',
        language,
      });
      const adminPage = admin.page;
      await adminPage.goto(paths.webhooks);
      const section = adminPage.getByRole('region', { name: text.section });
      await expect(section).toBeVisible();
      await checkAndPhotograph(adminPage, testInfo, `webhooks-team-empty-${language}`);
      await section.getByRole('button', { name: text.addTeam }).click();
      const dialog = adminPage.getByRole('dialog');
      await dialog.getByLabel(text.url).fill(receiver.url);
      await dialog.getByRole('checkbox', { name: /card\.created/ }).check();
      await dialog.getByRole('button', { name: text.add }).click();
      await expect(adminPage.getByText(text.added, { exact: true })).toBeVisible();
      const row = section.getByRole('listitem').filter({ hasText: receiver.url });
      await expect(row).toContainText(text.cardCreated);

      const mine = await callTrpc<{ members: { userId: string; name: string }[] }>(
        adminPage,
        'teams.mine',
        undefined,
        'GET',
      );
      const adminId = mine.members.find((member) => member.name === 'Adam Admin')?.userId;
      await callTrpc(adminPage, 'teams.createCard', {
        holder: { userId: adminId },
        card: { ...EMPTY_VCARD, name: 'Adam Admin' },
      });
      await row.getByRole('button', { name: text.deliveries }).click();
      const delivery = row
        .getByRole('region', { name: text.log })
        .getByRole('listitem')
        .filter({ hasText: 'card.created' });
      await expect(delivery).toContainText(text.delivered, { timeout: 30_000 });
      const [request] = await receiver.waitForAccepted(1);
      expect(request && eventOf(request)).toBe('card.created');
      await checkAndPhotograph(adminPage, testInfo, `webhooks-team-log-${language}`);
      await adminPage.context().close();
    } finally {
      await receiver.close();
    }
  });
}

test('a Business owner connects HubSpot on the Connections page, picks the owner of new records, and disconnects', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const hubSpot = new FakeHubSpot();
  await hubSpot.start(Number(process.env.E2E_HUBSPOT_PORT));
  try {
    await businessAccountOn(page, 'Ada Lovelace');
    await page.goto(paths.connections);
    await expect(page.getByRole('heading', { level: 1, name: 'Connections' })).toBeVisible();
    const connect = page.getByRole('button', { name: 'Connect HubSpot' });
    await expect(connect).toBeVisible();
    await checkAndPhotograph(page, testInfo, 'connections-empty-en');

    // HubSpot's page grants access at once and sends the browser back with its code
    await connect.click();
    await expect(
      page.getByText('Connected. New leads are sent to the CRM from now on.', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/connections$/);
    await expect(page.getByText('Account: acme-demo.hubspot.com')).toBeVisible();
    await expect(
      page.getByText('No leads sent yet. Each new lead of your cards is sent here.'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Edit what leads map to' }).click();
    await page.getByLabel('Owner of new records').selectOption({ label: 'Ria Rep' });
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('@first-last');
    await checkAndPhotograph(page, testInfo, 'connections-mapping-en');
    await page.getByRole('button', { name: 'Save mapping' }).click();
    await expect(page.getByText('Mapping saved', { exact: true })).toBeVisible();
    await expectAccessibleInBothLanguages(page, page.getByRole('heading', { level: 1, name: 'Conexiones' }));

    const disconnect = page.getByRole('button', { name: 'Disconnect' });
    await disconnect.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Disconnect HubSpot?');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('Disconnected from HubSpot', { exact: true })).toBeVisible();
    await expect(connect).toBeVisible();
    expect(hubSpot.revokedRefreshTokens.size).toBe(1);
  } finally {
    await hubSpot.stop();
  }
});
