import { paths } from '../../src/routes.ts';
import type { ApiKeyItem, CreatedApiKey } from '../../server/api-keys/service.ts';
import {
  callTrpc,
  checkAndPhotograph,
  EMPTY_VCARD,
  expect,
  markDocument,
  openWithLiveStream,
  signedInNewPerson,
  test,
} from './support.ts';
import { businessAccountOn, businessTeam, teamMember } from './team-support.ts';

// API keys (a Business feature): a key is made behind a dialog that shows it once, it opens GET /api/v1/me
// for a program (no cookie), its last use shows, and once revoked it answers 401. What a program changes
// with a key (a card made and edited, a QR code made) and the key's last use show on the open dashboard
// live, without a reload. Free accounts see what the plan needs. Both languages, axe on the page and the
// dialogs, phone and desktop.

const TEXTS = {
  en: {
    heading: 'API keys',
    create: 'Create API key',
    name: 'Name',
    write: 'Write',
    expires: 'Expires',
    never: 'Never',
    submit: 'Create key',
    warning: 'it will not be shown again',
    created: 'API key created',
    done: 'Done',
    neverUsed: 'Never used',
    lastUsed: 'Last used',
    revoke: 'Revoke',
    revokeKey: 'Revoke key',
    revoked: 'API key revoked',
    empty: 'No API keys yet.',
    upgrade: 'Upgrade to Business',
    teamKeys: 'Team keys',
    createTeamKey: 'Create team key',
  },
  es: {
    heading: 'Claves de API',
    create: 'Crear clave de API',
    name: 'Nombre',
    write: 'Escritura',
    expires: 'Caduca',
    never: 'Nunca',
    submit: 'Crear clave',
    warning: 'no se volverá a mostrar',
    created: 'Clave de API creada',
    done: 'Listo',
    neverUsed: 'Sin usar todavía',
    lastUsed: 'Último uso',
    revoke: 'Revocar',
    revokeKey: 'Revocar clave',
    revoked: 'Clave de API revocada',
    empty: 'Aún no tienes claves de API.',
    upgrade: 'Mejorar a Empresa',
    teamKeys: 'Claves del equipo',
    createTeamKey: 'Crear clave del equipo',
  },
} as const;

for (const language of ['en', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: a Business owner creates a key, sees it once, calls the API with it, sees its last use, and revokes it`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await businessAccountOn(page, language === 'en' ? 'Ada Lovelace' : 'Ada Pérez', language);
    await page.goto(paths.apiKeys);
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    await expect(page.getByText(text.empty)).toBeVisible();
    await checkAndPhotograph(page, testInfo, `api-keys-empty-${language}`);

    await page.getByRole('button', { name: text.create }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.name).fill('Zapier');
    await dialog.getByRole('checkbox', { name: text.write }).check();
    await dialog.getByLabel(text.expires).selectOption({ label: text.never });
    await checkAndPhotograph(page, testInfo, `api-keys-create-${language}`);
    await dialog.getByRole('button', { name: text.submit }).click();

    // the key, once, with the warning
    await expect(page.getByText(text.created, { exact: true })).toBeVisible();
    await expect(dialog).toContainText(text.warning);
    const key = await dialog.getByRole('textbox').inputValue();
    expect(key).toMatch(/^tc_[A-Za-z]{64}$/);
    await checkAndPhotograph(page, testInfo, `api-keys-shown-once-${language}`);
    await dialog.getByRole('button', { name: text.done }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: text.create })).toBeFocused();
    const row = page.getByRole('listitem').filter({ hasText: 'Zapier' });
    await expect(row).toContainText(text.neverUsed);
    await expect(row).toContainText(key.slice(0, 9));
    await expect(page.locator('body')).not.toContainText(key);

    // a program calls the API with the key alone (the request fixture has no cookie)
    const me = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${key}` } });
    expect(me.status(), await me.text()).toBe(200);
    expect(await me.json()).toMatchObject({ plan: 'business', scopes: ['read', 'write'] });
    expect(me.headers()['ratelimit-limit']).toBeDefined();

    await page.reload();
    await expect(row).toContainText(text.lastUsed);
    await expect(row).not.toContainText(text.neverUsed);
    await checkAndPhotograph(page, testInfo, `api-keys-listed-${language}`);

    // revoke, behind its confirmation
    await row.getByRole('button', { name: text.revoke, exact: true }).click();
    await expect(dialog).toContainText('Zapier');
    await checkAndPhotograph(page, testInfo, `api-keys-revoke-${language}`);
    await dialog.getByRole('button', { name: text.revokeKey }).click();
    await expect(page.getByText(text.revoked, { exact: true })).toBeVisible();
    await expect(page.getByText(text.empty)).toBeVisible();
    const refused = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
  });

  test(`${language}: what a program does with the key shows on the open dashboard live: its last use, a card made and edited, a QR code made`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await businessAccountOn(page, language === 'en' ? 'Ada Lovelace' : 'Ada Pérez', language);
    await openWithLiveStream(page, paths.apiKeys);
    await expect(page.getByText(text.empty)).toBeVisible();
    await markDocument(page);
    // made elsewhere (another tab, a script): the open list shows it
    const { key } = await callTrpc<CreatedApiKey>(page, 'apiKeys.create', {
      owner: 'user',
      name: 'CRM sync',
      scopes: ['read', 'write'],
      expiry: 'never',
    });
    const row = page.getByRole('listitem').filter({ hasText: 'CRM sync' });
    await expect(row).toContainText(text.neverUsed);

    // a program with the key alone (the request fixture has no cookie)
    const headers = { authorization: `Bearer ${key}` };
    const me = await request.get('/api/v1/me', { headers });
    expect(me.status(), await me.text()).toBe(200);
    await expect(row).toContainText(text.lastUsed);
    const [listed] = await callTrpc<ApiKeyItem[]>(page, 'apiKeys.list', { owner: 'user' }, 'GET');
    expect(listed?.lastUsedAt).not.toBeNull();
    await expect(page.locator('html[data-not-reloaded]')).toHaveCount(1);

    await openWithLiveStream(page, paths.vcards);
    await markDocument(page);
    const created = await request.post('/api/v1/cards', {
      headers,
      data: { ...EMPTY_VCARD, name: 'Grace Hopper', email: 'grace@example.com' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const card = (await created.json()) as { id: string; version: number };
    const article = page.getByRole('article', { name: 'Grace Hopper' });
    await expect(article).toContainText('grace@example.com');

    const edited = await request.patch(`/api/v1/cards/${card.id}`, {
      headers,
      data: {
        ...EMPTY_VCARD,
        name: 'Grace Hopper',
        email: 'grace@example.com',
        position: 'Rear Admiral',
        company: 'US Navy',
        baseVersion: card.version,
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    await expect(article).toContainText('Rear Admiral');
    await expect(article).toContainText('US Navy');
    await expect(page.locator('html[data-not-reloaded]')).toHaveCount(1);
    await checkAndPhotograph(page, testInfo, `api-live-vcards-${language}`);

    await openWithLiveStream(page, paths.qrCodes);
    await markDocument(page);
    const qrCode = await request.post('/api/v1/qr-codes', {
      headers,
      data: { title: 'Summer menu', url: 'https://example.com/menu', icon: '' },
    });
    expect(qrCode.status(), await qrCode.text()).toBe(201);
    await expect(page.getByRole('article', { name: 'Summer menu' })).toBeVisible();
    await expect(page.locator('html[data-not-reloaded]')).toHaveCount(1);
    await checkAndPhotograph(page, testInfo, `api-live-qr-codes-${language}`);
  });

  test(`${language}: a team's admin on the Free plan makes a team key, which calls the API as the team on its owner's plan`, async ({
    browser,
    request,
    extraHTTPHeaders,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { owner, team } = await businessTeam(browser, extraHTTPHeaders, {
      prefix: 'Keys',
      exactName: 'Tapcard Team',
      language,
    });
    const admin = await teamMember(browser, extraHTTPHeaders, owner.page, {
      teamId: team.id,
      name: 'Adam Admin',
      role: 'admin',
      language,
    });
    const page = admin.page;
    await page.goto(paths.apiKeys);
    const section = page.getByRole('region', { name: text.teamKeys });
    await expect(section).toBeVisible();
    // the admin's own plan is Free: no key of their own, the team's all the same
    await expect(page.getByRole('button', { name: text.create, exact: true })).toHaveCount(0);
    await checkAndPhotograph(page, testInfo, `api-keys-team-empty-${language}`);

    await section.getByRole('button', { name: text.createTeamKey }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.name).fill('Team CRM');
    await dialog.getByRole('button', { name: text.submit }).click();
    await expect(dialog).toContainText(text.warning);
    const key = await dialog.getByRole('textbox').inputValue();
    await dialog.getByRole('button', { name: text.done }).click();
    await expect(section.getByRole('listitem').filter({ hasText: 'Team CRM' })).toBeVisible();
    await checkAndPhotograph(page, testInfo, `api-keys-team-listed-${language}`);

    const me = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${key}` } });
    expect(me.status(), await me.text()).toBe(200);
    expect(await me.json()).toMatchObject({ kind: 'team', plan: 'business', scopes: ['read'] });

    // the team's owner sees it too, and revokes it
    await owner.page.goto(paths.apiKeys);
    const ownerSection = owner.page.getByRole('region', { name: text.teamKeys });
    const row = ownerSection.getByRole('listitem').filter({ hasText: 'Team CRM' });
    await row.getByRole('button', { name: text.revoke, exact: true }).click();
    await owner.page.getByRole('dialog').getByRole('button', { name: text.revokeKey }).click();
    // the revoke has answered (while the dialog is open the list behind it is hidden: no row to count yet)
    await expect(owner.page.getByText(text.revoked, { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    const refused = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
    await owner.page.context().close();
    await page.context().close();
  });

  test(`${language}: a Free account sees that API keys are part of Business, and the way to upgrade`, async ({
    page,
  }, testInfo) => {
    await signedInNewPerson(page, 'Grace Hopper');
    if (language === 'es') await callTrpc(page, 'profile.setLanguage', { language });
    await page.goto(paths.apiKeys);
    await expect(page.getByRole('link', { name: text.upgrade })).toBeVisible();
    await expect(page.getByRole('button', { name: text.create })).toHaveCount(0);
    await checkAndPhotograph(page, testInfo, `api-keys-upgrade-${language}`);
  });
}
