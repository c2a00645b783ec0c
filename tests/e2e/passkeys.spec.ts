import type { Page } from '@playwright/test';
import {
  callTrpc,
  closeWithEscape,
  E2E_PASSWORD,
  expect,
  expectAccessible,
  signedInNewPerson,
  test,
} from './support.ts';

// Passkeys with Chromium's virtual authenticator (DevTools WebAuthn domain): a platform authenticator
// that keeps discoverable credentials and verifies the person, as a phone or laptop with a screen lock.

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** When the browser drops the session cookie: seconds since 1970, or -1 when it ends with the browser. */
async function sessionCookieExpiry(page: Page): Promise<number | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name.endsWith('session_token'))?.expires;
}

async function signOut(page: Page) {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
}

const TEXTS = {
  en: {
    card: 'Passkeys',
    add: 'Add a passkey',
    password: 'Your password',
    continue: 'Continue',
    name: 'Passkey name',
    cancel: 'Cancel',
    rename: 'Rename',
    remove: 'Remove',
  },
  es: {
    card: 'Llaves de acceso',
    add: 'Añadir una llave de acceso',
    password: 'Tu contraseña',
    continue: 'Continuar',
    name: 'Nombre de la llave de acceso',
    cancel: 'Cancelar',
    rename: 'Cambiar nombre',
    remove: 'Eliminar',
  },
} as const;

function passkeysCard(page: Page, language: keyof typeof TEXTS = 'en') {
  return page.getByRole('region', { name: TEXTS[language].card, exact: true });
}

/**
 * The Passkeys card and both steps of adding one (password, then name) pass axe in English and Spanish,
 * and each step's Cancel gives focus back to 'Add a passkey'. The page is left in English.
 */
async function expectAddingAccessible(page: Page): Promise<void> {
  for (const language of ['en', 'es'] as const) {
    const text = TEXTS[language];
    await callTrpc(page, 'profile.setLanguage', { language });
    await page.goto('/dashboard/account');
    const card = passkeysCard(page, language);
    const add = card.getByRole('button', { name: text.add });
    await expect(add).toBeVisible();
    await expectAccessible(page);
    await add.click();
    await expect(card.getByLabel(text.password)).toBeFocused();
    await expectAccessible(page);
    await card.getByRole('button', { name: text.cancel }).click();
    await expect(add).toBeFocused();
    await add.click();
    await card.getByLabel(text.password).fill(E2E_PASSWORD);
    await card.getByRole('button', { name: text.continue }).click();
    await expect(card.getByLabel(text.name)).toBeFocused();
    await expectAccessible(page);
    await card.getByRole('button', { name: text.cancel }).click();
    await expect(add).toBeFocused();
  }
  await callTrpc(page, 'profile.setLanguage', { language: 'en' });
}

/**
 * The list with a passkey, its Rename and Remove dialogs pass axe in English and Spanish, and Escape gives
 * focus back to the button that opened each. The page is left in English.
 */
async function expectListAccessible(page: Page): Promise<void> {
  for (const language of ['en', 'es'] as const) {
    const text = TEXTS[language];
    await callTrpc(page, 'profile.setLanguage', { language });
    await page.goto('/dashboard/account');
    const card = passkeysCard(page, language);
    for (const name of [text.rename, text.remove]) {
      const opener = card.getByRole('button', { name });
      await opener.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page);
      await closeWithEscape(page);
      await expect(opener).toBeFocused();
    }
    await expectAccessible(page);
  }
  await callTrpc(page, 'profile.setLanguage', { language: 'en' });
}

test('adds a passkey in account settings, signs in with it, renames and removes it', async ({ page }) => {
  // the journey, and each of its screens and dialogs in two languages
  test.slow();
  const authenticator = await addVirtualAuthenticator(page);
  await signedInNewPerson(page);
  await expectAddingAccessible(page);
  await page.goto('/dashboard/account');
  const card = passkeysCard(page);
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();

  // adding asks for the password first, as the other security changes do
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await card.getByLabel('Your password').fill('Wrong-Password-1');
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('The password is not correct.', { exact: true })).toBeVisible();
  await card.getByLabel('Your password').fill(E2E_PASSWORD);
  await card.getByRole('button', { name: 'Continue' }).click();
  const name = card.getByLabel('Passkey name');
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('Chrome · Linux');
  await name.fill('My laptop');
  await card.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByText('Passkey added', { exact: true })).toBeVisible();
  await expect(card.getByText('My laptop')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add a passkey' })).toBeFocused();
  await expect(card.getByText(/^Added /)).toBeVisible();
  const [credential] = await authenticator.credentials();
  expect(credential?.isResidentCredential).toBe(true);

  // sign out, then in with the passkey, no password and no code: on /login through the e-mail field's
  // autofill (the virtual authenticator answers that request with its only passkey, as a person picking
  // it from the suggestions)
  await signOut(page);
  await page.goto('/login');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  // /login has no "Remember me": the session is kept, as a password's there
  expect(await sessionCookieExpiry(page)).toBeGreaterThan(Date.now() / 1000 + 2 * 86_400);

  // on /auth with the button, in a browser without passkey autofill
  await signOut(page);
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  await page.goto('/auth');
  // the field that offers passkeys among its suggestions where the browser can
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email webauthn');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  // "Remember me" was left unticked: a session that ends with the browser, as a password's
  expect(await sessionCookieExpiry(page)).toBe(-1);

  await expectListAccessible(page);
  await page.goto('/dashboard/account');
  await card.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await expect(rename.getByLabel('Passkey name')).toHaveValue('My laptop');
  await rename.getByLabel('Passkey name').fill('  ');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename.getByText('Give the passkey a name')).toBeVisible();
  await rename.getByLabel('Passkey name').fill('Work laptop');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename).toBeHidden();
  await expect(card.getByText('Work laptop')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Rename' })).toBeFocused();

  await card.getByRole('button', { name: 'Remove' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(
    remove.getByText('You can no longer sign in with “Work laptop”.', { exact: false }),
  ).toBeVisible();
  await remove.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('Passkey removed', { exact: true })).toBeVisible();
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  // its Remove button went with it: the page's heading has focus
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeFocused();
});
