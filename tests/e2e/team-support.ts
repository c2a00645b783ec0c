import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { InvitableTeamRole } from '../../src/teams.ts';
import { appOrigin, buyPlan, callTrpc, expect, signedInNewPerson } from './support.ts';

// Teams as their specs set them up: a Business owner on a browser context of their own, and the
// organization plugin's endpoints called as the team page calls them.

type Language = 'en' | 'es';

/** A new confirmed person, signed in on a browser context of their own, in `language`. */
export async function personOnOwnContext(
  browser: Browser,
  extraHTTPHeaders: Record<string, string> | undefined,
  name: string,
  language: Language = 'en',
): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext({ baseURL: appOrigin(), extraHTTPHeaders });
  const page = await context.newPage();
  const email = await signedInNewPerson(page, name);
  if (language === 'es') await callTrpc(page, 'profile.setLanguage', { language });
  return { page, email };
}

/** A new Business account (demo checkout) signed in on `page`, in `language`; returns its address. */
export async function businessAccountOn(
  page: Page,
  name: string,
  language: Language = 'en',
): Promise<string> {
  const email = await signedInNewPerson(page, name);
  await buyPlan(page, 'business');
  if (language === 'es') await callTrpc(page, 'profile.setLanguage', { language });
  return email;
}

/** A Business account, signed in on its own browser context, in `language`. */
export async function businessOwner(
  browser: Browser,
  extraHTTPHeaders: Record<string, string> | undefined,
  name: string,
  language: Language = 'en',
): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext({ baseURL: appOrigin(), extraHTTPHeaders });
  const page = await context.newPage();
  return { page, email: await businessAccountOn(page, name, language) };
}

/**
 * A Business owner on their own browser context and the team they made, named `${prefix} xxxx` (a random
 * suffix: every run makes its own) unless `exactName`.
 */
export async function businessTeam(
  browser: Browser,
  extraHTTPHeaders: Record<string, string> | undefined,
  options: { prefix: string; exactName?: string; ownerName?: string; language?: Language },
): Promise<{ owner: { page: Page; email: string }; team: { id: string; slug: string; name: string } }> {
  const owner = await businessOwner(
    browser,
    extraHTTPHeaders,
    options.ownerName ?? 'Olga Owner',
    options.language,
  );
  const name = options.exactName ?? `${options.prefix} ${randomBytes(2).toString('hex')}`;
  const team = await organizationPost<{ id: string; slug: string; name: string }>(owner.page, 'create', {
    name,
    slug: uniqueSlug(options.prefix.toLowerCase()),
  });
  return { owner, team };
}

/** A team made and an invitation sent through the organization plugin, as the team page calls it. */
export async function organizationPost<T>(
  page: Page,
  endpoint: string,
  data: Record<string, unknown>,
): Promise<T> {
  const response = await page.request.post(`/api/auth/organization/${endpoint}`, {
    data,
    headers: { origin: appOrigin() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

export function uniqueSlug(prefix: string): string {
  return `${prefix}-${randomBytes(3).toString('hex')}`;
}

/** `person`, signed in on `page`, invited by `inviter` with `role` and accepted through the plugin. */
export async function joinTeam(
  inviter: Page,
  person: { page: Page; email: string },
  teamId: string,
  role: InvitableTeamRole,
): Promise<void> {
  const invitation = await organizationPost<{ id: string }>(inviter, 'invite-member', {
    email: person.email,
    role,
    organizationId: teamId,
  });
  await organizationPost(person.page, 'accept-invitation', { invitationId: invitation.id });
}

interface NewTeamPerson {
  teamId: string;
  name: string;
  role: InvitableTeamRole;
  language?: Language;
}

/**
 * A new person signed in on `page` (a test's own page, whose console the test checks), in `language`,
 * invited by `inviter` with `role` and accepted (the e-mail's journey is teams.spec.ts's); returns the
 * person's address.
 */
export async function teamPersonOn(page: Page, inviter: Page, fields: NewTeamPerson): Promise<string> {
  const email = await signedInNewPerson(page, fields.name);
  if (fields.language === 'es') await callTrpc(page, 'profile.setLanguage', { language: fields.language });
  await joinTeam(inviter, { page, email }, fields.teamId, fields.role);
  return email;
}

/** As teamPersonOn, on a browser context of the person's own. */
export async function teamMember(
  browser: Browser,
  extraHTTPHeaders: Record<string, string> | undefined,
  inviter: Page,
  fields: NewTeamPerson,
): Promise<{ page: Page; email: string }> {
  const person = await personOnOwnContext(browser, extraHTTPHeaders, fields.name, fields.language);
  await joinTeam(inviter, person, fields.teamId, fields.role);
  return person;
}

/**
 * `count` entries in the team's log, made as the team page makes them: the team renamed through the
 * organization plugin to `{name} 1` … `{name} {count}`, one after the other (so the last is the newest).
 */
export async function addTeamLogEntries(
  owner: Page,
  teamId: string,
  name: string,
  count: number,
): Promise<void> {
  for (let entry = 1; entry <= count; entry += 1) {
    await organizationPost(owner, 'update', { organizationId: teamId, data: { name: `${name} ${entry}` } });
  }
}
