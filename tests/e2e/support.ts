import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every page fails its test on a Content-Security-Policy violation or an uncaught script error, so the
 * CSP is proven to let the client run, and a broken page cannot pass by accident.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) {
        problems.push(message.text());
      }
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await use(page);
    expect(problems, 'CSP violations or script errors on the page').toEqual([]);
  },
});

export { expect };

export const E2E_PASSWORD = 'Correct-Horse-42';

/** Signs a new user up through the API from the page's origin; the page's context keeps the session. */
export async function signUpThroughApi(page: Page, name = 'Ada Lovelace'): Promise<string> {
  const email = `e2e-${randomBytes(5).toString('hex')}@example.com`;
  const baseURL = new URL(page.context().pages()[0]?.url() || 'about:blank').origin;
  const origin = baseURL.startsWith('http') ? baseURL : (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100');
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: E2E_PASSWORD },
    headers: { origin },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return email;
}

/** Chooses the interface language the way a visitor does before the first visit (localStorage). */
export async function useLanguage(page: Page, language: 'en' | 'es'): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('language', value), language);
}
