import { createHash, randomBytes, randomInt } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type axe from 'axe-core';
import { createEmailVerificationToken } from 'better-auth/api';
import { test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { withPgClient } from '../../server/lib/pg-client.ts';
import type { PaidPlanId } from '../../src/plans.ts';
import { linkIn as linkInBody, type ReceivedMail } from '../support/mail-receiver.ts';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import { EMAIL_LINK_VALIDITY_HOURS, HOUR_IN_SECONDS } from '../../src/email-links.ts';

/** Every console error of each test's page (a failed request shows as one too), for expectCleanConsole. */
const consoleErrors = new WeakMap<Page, string[]>();

/**
 * Every page fails its test on a Content-Security-Policy violation or an uncaught script error, so the
 * CSP is proven to let the client run, and a broken page cannot pass by accident.
 */
export const test = base.extend<{ postgresOnly: void }>({
  // A test tagged @postgres sets a state only time reaches (a trial or a plan that ended) in the PostgreSQL
  // the server shares (runSql): without DATABASE_URL it is skipped, saying so; CI runs the browser suite on
  // PostgreSQL and fails if one is skipped there (scripts/ci-summary.mjs).
  postgresOnly: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, testInfo) => {
      testInfo.skip(
        testInfo.tags.includes('@postgres') && !process.env.DATABASE_URL,
        'needs PostgreSQL (DATABASE_URL): a state only time reaches is set in its database',
      );
      await use();
    },
    { auto: true },
  ],
  // Each test is a different visitor: the server trusts the loopback proxy (playwright.config.ts), so the
  // auth rate limits count per test as they count per person, and a full run stays under them.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const hash = createHash('sha256')
      .update(`${testInfo.testId}#${testInfo.repeatEachIndex}#${testInfo.retry}`)
      .digest();
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `198.18.${hash[0]}.${hash[1]}` });
  },
  page: async ({ page }, use) => {
    // a violation the page's own code catches (an eval probe) shows in no console message by itself
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `Content-Security-Policy violation: ${event.violatedDirective} refused ${event.blockedURI || 'inline code'}`,
        );
      });
    });
    const problems: string[] = [];
    const errors: string[] = [];
    consoleErrors.set(page, errors);
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      errors.push(message.text());
      if (/Content.Security.Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await use(page);
    expect(problems, 'CSP violations or script errors on the page').toEqual([]);
  },
});

export { expect };

/**
 * No console error so far on the test's page: no failed request (a missing icon is a 404 in the console),
 * no script error, no CSP report. Not part of every test, since some show a refused request on purpose.
 */
export function expectCleanConsole(page: Page): void {
  expect(consoleErrors.get(page) ?? [], `console errors on ${page.url()}`).toEqual([]);
}

/**
 * Closes the open dialog with Escape, as a keyboard user does: a toast shown over it (a form's
 * 'Validation Error') is the top layer and takes the first Escape.
 */
export async function closeWithEscape(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  while (await dialog.isVisible()) await page.keyboard.press('Escape');
}

/**
 * `exclude`: a selector left out, such as a frame that shows a page checked on its own (the design
 * screen's preview is the public page, which its test checks as a visitor opens it).
 */
export interface AccessibilityOptions {
  exclude?: string;
}

/** The rules of axe-core for WCAG 2.1 levels A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it is now (an open dialog included): any violation
 * fails, named with its elements. Called on screens the tests already have open, in both languages, so the
 * check costs a fraction of a second per screen and no sign-up. Animations finish first: colours are
 * measured settled.
 */
export async function expectAccessible(page: Page, options: AccessibilityOptions = {}): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const found = await runAxe(page, [
    // a card's preview (a sandboxed frame without scripts, where axe cannot run) is its public page,
    // which the public page's tests check as a visitor opens it
    'iframe[sandbox]',
    ...(options.exclude ? [options.exclude] : []),
  ]);
  expect(found, `axe-core WCAG 2.1 A/AA violations on ${page.url()}`).toEqual([]);
}

/**
 * axe-core's minified build: the same rules as `axe.source` (its unminified build, 1.5 MB), injected in
 * about 350 ms of the page's time instead of 500 (measured in the headless shell).
 */
const AXE_MINIFIED = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core run in the page itself, injected once per document. The app has no frame axe could enter (its
 * one frame is the preview, left out), and @axe-core/playwright's runner costs far more than the rules: it
 * injects the source twice per check, waits a second on a frame without scripts, and finishes each run in
 * a new blank page (measured: 2.6 s per check against 0.3 s for the rules).
 */
async function runAxe(page: Page, exclude: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_MINIFIED);
  return page.evaluate(
    async ({ tags, exclude }) => {
      const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(
        { exclude: exclude.map((selector) => [selector]) },
        { runOnly: { type: 'tag', values: tags }, iframes: false, resultTypes: ['violations'] },
      );
      return violations.map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    },
    { tags: WCAG_21_AA, exclude },
  );
}

/**
 * expectAccessible on the signed-in screen as it is (in English), then in Spanish: the profile's language
 * changed and the page reloaded, once `spanish` (a text of the screen in Spanish) shows. The page is then
 * back in English, reloaded.
 */
export async function expectAccessibleInBothLanguages(
  page: Page,
  spanish: Locator,
  options: AccessibilityOptions = {},
): Promise<void> {
  await expectAccessible(page, options);
  await callTrpc(page, 'profile.setLanguage', { language: 'es' });
  await page.reload();
  await expect(spanish).toBeVisible();
  await expectAccessible(page, options);
  await callTrpc(page, 'profile.setLanguage', { language: 'en' });
  await page.reload();
}

export const E2E_PASSWORD = 'Correct-Horse-42';

/** The server's AUTH_SECRET, set by playwright.config.ts for the server and the tests alike. */
function e2eAuthSecret(): string {
  const secret = process.env.E2E_AUTH_SECRET;
  if (!secret) throw new Error('playwright.config.ts sets E2E_AUTH_SECRET');
  return secret;
}

/** Reads the e-mails the SMTP receiver of global-setup.ts got, until one for this address matches. */
export async function waitForMail(
  to: string,
  matches: (mail: ReceivedMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : []) {
      const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail;
      if (mail.to.includes(to) && matches(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${to} arrived in ${timeoutMs} ms`);
}

/** The first link in an e-mail that contains the path, e.g. /api/auth/verify-email (mail-receiver.ts). */
export function linkIn(mail: ReceivedMail, pathPart: string): string {
  return linkInBody(mail.body, pathPart).href;
}

/** An address nobody has used yet. */
export function newEmail(): string {
  return `e2e-${randomBytes(5).toString('hex')}@example.com`;
}

/** Fills the sign-in form of the screen that is open (/login or /auth) and presses Sign In. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Fills step 1 of /onboarding (the sign-up form, in English) and presses Create Account. */
export async function fillSignUpForm(
  page: Page,
  {
    name = 'Ada Lovelace',
    email,
    password = E2E_PASSWORD,
  }: { name?: string; email: string; password?: string },
): Promise<void> {
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * Signs a new person up through the API; returns the address and their confirmation link, made as the
 * server makes the one it e-mails (better-auth's token, signed with the server's AUTH_SECRET, which
 * playwright.config.ts sets): the tests of sign-up and confirmation themselves read the e-mail
 * (onboarding.spec.ts, email-flows.spec.ts), the others need not wait for it.
 */
async function signUpThroughApi(page: Page, name: string): Promise<{ email: string; confirmLink: string }> {
  const email = newEmail();
  const origin = appOrigin();
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: E2E_PASSWORD, callbackURL: '/onboarding' },
    headers: { origin },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  const token = await createEmailVerificationToken(
    e2eAuthSecret(),
    email,
    undefined,
    EMAIL_LINK_VALIDITY_HOURS.verifyEmail * HOUR_IN_SECONDS,
    { userId: user.id },
  );
  return { email, confirmLink: `${origin}/api/auth/verify-email?token=${token}&callbackURL=%2Fonboarding` };
}

/**
 * A new, confirmed and signed-in person: signs up through the API, then opens the confirmation link
 * from the e-mail that arrived, as the person would. The page ends signed in, on the onboarding screen.
 */
export async function signUpAndConfirm(page: Page, name = 'Ada Lovelace'): Promise<string> {
  const { email, confirmLink } = await signUpThroughApi(page, name);
  await page.goto(confirmLink);
  return email;
}

/**
 * Like signUpAndConfirm for tests of what comes after the sign-up: the confirmation link is followed by
 * the page's own request context, so the session cookie lands in the browser without rendering the
 * onboarding screen that such a test leaves at once, and (unless told otherwise) onboarding is finished
 * without a card, since the dashboard's home would lead back to it. The page stays where it was (blank).
 */
export async function signedInNewPerson(
  page: Page,
  name = 'Ada Lovelace',
  options: { finishOnboarding?: boolean } = {},
): Promise<string> {
  const { email, confirmLink } = await signUpThroughApi(page, name);
  // the session cookie is set by the confirmation's answer, a redirect to the onboarding screen
  const confirmed = await page.request.get(confirmLink, { maxRedirects: 0 });
  const location = confirmed.headers()['location'] ?? '';
  if (confirmed.status() !== 302 || location.includes('error=')) {
    throw new Error(`confirmation failed: ${confirmed.status()} ${location}`);
  }
  if (options.finishOnboarding ?? true) await finishOnboarding(page);
  return email;
}

/** Finishes the signed-in person's onboarding as 'Free' then 'Skip for now' would, without a card. */
export async function finishOnboarding(page: Page): Promise<void> {
  await callTrpc(page, 'billing.chooseFree', undefined);
  await callTrpc(page, 'onboarding.skipCard', undefined);
}

/** Nothing scrolls sideways, on a phone either. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  // polled: right after the viewport narrows, a chart drawn for the wider one (recharts, on the analytics
  // pages) keeps its width until it measures its box again
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
}

/** Chooses the interface language the way a visitor does before the first visit (localStorage). */
export async function useLanguage(page: Page, language: 'en' | 'es'): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('language', value), language);
}

/** Opens a dashboard page and waits until its live stream (live.changes) is open on the server. */
export async function openWithLiveStream(page: Page, path: string): Promise<void> {
  const stream = page.waitForResponse(
    (response) => response.url().includes('/api/trpc/live.changes') && response.status() === 200,
  );
  await page.goto(path);
  expect((await stream).headers()['content-type']).toBe('text/event-stream');
}

/**
 * Marks the page's document; the mark survives anything but a reload or a navigation, so
 * `html[data-not-reloaded]` proves that what shows since came live.
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.setAttribute('data-not-reloaded', ''));
}

/** The two screens every page is checked and photographed on. */
export const SCREENS = [
  ['phone', { width: 375, height: 812 }],
  ['desktop', { width: 1280, height: 900 }],
] as const;

/**
 * The screen as it is now at each of SCREENS: nothing scrolls sideways, axe finds nothing, and a screenshot
 * named `${name}-${screen}.png` (the whole page, or the screen under an open dialog) for a person to look
 * at. CI takes none, as it keeps no traces: nobody opens them there, and they took a sixth of the longest
 * journeys' time.
 */
export async function checkAndPhotograph(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dialogOpen = await page.getByRole('dialog').isVisible();
  if (!dialogOpen) await page.evaluate(() => window.scrollTo(0, 0));
  for (const [screen, viewport] of SCREENS) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    if (!process.env.CI) {
      await page.screenshot({ path: testInfo.outputPath(`${name}-${screen}.png`), fullPage: !dialogOpen });
    }
  }
}

/** Pays for a plan on the demo checkout (the E2E server has no Stripe keys), as its Pay button does. */
export async function buyPlan(page: Page, plan: PaidPlanId): Promise<void> {
  const response = await page.request.post('/billing/demo/checkout', {
    form: { plan, interval: 'month', action: 'pay' },
    headers: { origin: appOrigin() },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(303);
}

/** The app's origin, which every state-changing request must name (the server's origin check). */
export function appOrigin(): string {
  return String(test.info().project.use.baseURL);
}

/**
 * A card's subdomain address: the app's scheme and port, `{username}.localhost` (the E2E server runs with
 * CARD_DOMAIN=localhost, and Chromium resolves every *.localhost to this machine).
 */
export function subdomainOf(username: string): string {
  const { protocol, port } = new URL(appOrigin());
  return `${protocol}//${username}.localhost:${port}`;
}

/**
 * A tRPC call as the signed-in page would make it (superjson without special values: { json }), for the
 * set-up and checks a test is not about: a mutation by default, a query with 'GET'. An error answer fails
 * the test; the answer's data is returned.
 */
export async function callTrpc<T = unknown>(
  page: Page,
  procedure: string,
  input?: unknown,
  method: 'GET' | 'POST' = 'POST',
): Promise<T> {
  const response =
    method === 'POST'
      ? await page.request.post(`/api/trpc/${procedure}`, {
          data: { json: input },
          headers: { origin: appOrigin() },
        })
      : await page.request.get(
          `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
        );
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** A vCard with nothing filled in (vcards.create input): tests add a name and what they are about. */
export const EMPTY_VCARD = emptyVcardForm();

/** A free-plan username nobody is likely to hold: 8 digits, the first never 0 (spec section 5). */
export function freeUsername(): string {
  return String(10_000_000 + randomInt(90_000_000));
}

/** The signed-in person's profile's edit version: what an edit of it through the API is based on. */
export async function profileVersion(page: Page): Promise<number> {
  return (await callTrpc<{ version: number }>(page, 'profile.me', undefined, 'GET')).version;
}

/** A vCard's edit version: what an edit of it through the API is based on. */
export async function vcardVersion(page: Page, id: string): Promise<number> {
  return (await callTrpc<{ version: number }>(page, 'vcards.get', { id }, 'GET')).version;
}

/** Gives the signed-in person a free-plan username (8 digits), so they have a public profile at /{username}. */
export async function chooseUsername(page: Page, name = 'Ada Lovelace'): Promise<string> {
  const username = freeUsername();
  const baseVersion = await profileVersion(page);
  await callTrpc(page, 'profile.updateDetails', { name, username, photo: null, baseVersion });
  return username;
}

/**
 * Runs one SQL statement on the PostgreSQL that the server shares with the tests (DATABASE_URL), as an
 * administrator would, for a state the product reaches only with time (a trial or a plan that ended): the
 * embedded database belongs to the server process, and the product has no test hook for it. Returns the
 * number of rows it changed. Tests that call it are tagged @postgres (skipped without DATABASE_URL).
 */
export async function runSql(statement: string, values: unknown[]): Promise<number> {
  return withPgClient(
    process.env.DATABASE_URL ?? '',
    async (client) => (await client.query(statement, values)).rowCount ?? 0,
  );
}
