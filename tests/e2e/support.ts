import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';

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
