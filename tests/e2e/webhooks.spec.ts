import { Webhook } from 'standardwebhooks';
import { paths } from '../../src/routes.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';
import { startWebhookReceiver, type ReceivedWebhook } from '../support/webhook-receiver.ts';
import { appOrigin, callTrpc, checkAndPhotograph, expect, signedInNewPerson, test } from './support.ts';
import { businessAccountOn } from './team-support.ts';

// Webhooks (a Business feature): an endpoint is added in a dialog, pointed at a receiver this test runs on
// loopback (the e2e server allows 127.0.0.1 and sends batches every 5 s: playwright.config.ts); a test
// event and a QR code's scan show in its delivery log, and each request the receiver got verifies with the
// standardwebhooks library. Free accounts see what the plan needs. Both languages, axe on the page and the
// dialogs, phone and desktop.

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
  },
} as const;

for (const language of ['en', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: a Business owner adds an endpoint, sees a test event and a scan delivered in its log, signed`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const receiver = await startWebhookReceiver();
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
      await expect(testDelivery).toContainText('HTTP 204');
      const [testRequest] = await receiver.waitForAccepted(1);
      expect(testRequest && eventOf(testRequest)).toBe('webhook.test');
      expect(testRequest && verified(testRequest)).toMatchObject({ type: 'webhook.test' });

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
