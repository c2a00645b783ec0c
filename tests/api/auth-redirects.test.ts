import { createEmailVerificationToken } from 'better-auth/api';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMailingTestApp,
  injectFromApp,
  signUp,
  TEST_PASSWORD,
  type MailingTestApp,
} from '../support/harness.ts';
import { countUsers, createUnconfirmedUser } from '../support/factories.ts';
import { linkIn } from '../support/mail-receiver.ts';

// Every place an auth endpoint can send a person after an e-mail link or a sign-in (callbackURL,
// redirectTo, errorCallbackURL, newUserCallbackURL) stays on this origin, however the address is
// spelled. better-auth's trusted-origin check decides (server/auth/auth.ts); this table proves it for
// every endpoint, as a browser would read each answer.

let t: MailingTestApp;

beforeAll(async () => {
  t = await buildMailingTestApp({
    oauth: {
      google: { clientId: 'google-client-id.apps.example', clientSecret: 'google-secret' },
      apple: undefined,
    },
  });
});

afterAll(async () => {
  await t?.close();
});

/** Addresses that lead off this origin in a browser, or that a browser or router may read two ways. */
const HOSTILE = [
  'https://evil.example/dashboard',
  'HTTP://EVIL.EXAMPLE',
  '//evil.example/dashboard',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  'https:evil.example',
  'https:/evil.example',
  'http://localhost:3000@evil.example/',
  'http://localhost:3000.evil.example/',
  'http://evil.example#@localhost:3000',
  'https://localhost:3000/dashboard',
  'http://localhost:3001/dashboard',
  '/%2F%2Fevil.example',
  '/%2fevil.example',
  '/%5Cevil.example',
  '/%5c%5cevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n//evil.example',
  '\t//evil.example',
  ' //evil.example',
  '/\u0000/evil.example',
  'javascript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
];
/**
 * Addresses of this app: accepted, so the table cannot pass by refusing everything (/login?next=… is where
 * Google and Apple bring back a person who asked for a dashboard page).
 */
const OWN = [
  '/dashboard/account',
  '/onboarding?step=2',
  '/login?next=%2Fdashboard%2Faccount',
  'http://localhost:3000/dashboard',
];

interface Endpoint {
  name: string;
  /** Calls the endpoint with `target` as its redirect address. */
  call: (target: string) => Promise<LightMyRequestResponse>;
}

let counter = 0;
const fresh = () => `redirect-${++counter}-${Date.now()}@example.com`;
const post = (url: string, payload: object, cookie?: string) =>
  injectFromApp(t.app, { method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const get = (url: string) => injectFromApp(t.app, { method: 'GET', url });
const query = (target: string) => encodeURIComponent(target);

async function endpoints(): Promise<Endpoint[]> {
  const owner = await signUp(t.app);
  const waiting = await createUnconfirmedUser(t);
  const secret = t.config.authSecret ?? '';
  const confirmToken = await createEmailVerificationToken(secret, waiting.email, undefined, 3600, {
    userId: waiting.userId,
  });
  const usedToken = await createEmailVerificationToken(secret, owner.email, undefined, 3600, {
    userId: owner.userId,
  });
  const changeToken = await createEmailVerificationToken(secret, owner.email, fresh(), 3600, {
    requestType: 'change-email-confirmation',
    userId: owner.userId,
  });
  await post('/api/auth/request-password-reset', { email: owner.email, redirectTo: '/auth' });
  const resetMail = await t.mail.waitFor((m) => m.to.includes(owner.email) && m.subject.includes('Reset'));
  const resetToken = linkIn(resetMail.body, '/api/auth/reset-password/').pathname.split('/').at(-1) ?? '';
  // the unconfirmed sign-up's confirmation goes out through the mail queue, later on a busy machine: waited
  // for, so it does not land among the mail a test counts (the owner was made without a sign-up: no mail)
  await t.mail.waitFor((m) => m.to.includes(waiting.email) && m.subject.startsWith('Confirm'));

  return [
    {
      name: 'sign-up callbackURL',
      call: (target) =>
        post('/api/auth/sign-up/email', {
          name: 'Redirect',
          email: fresh(),
          password: TEST_PASSWORD,
          callbackURL: target,
        }),
    },
    {
      name: 'sign-in callbackURL',
      call: (target) =>
        post('/api/auth/sign-in/email', { email: owner.email, password: TEST_PASSWORD, callbackURL: target }),
    },
    {
      name: 'resend callbackURL',
      call: (target) =>
        post('/api/auth/send-verification-email', { email: waiting.email, callbackURL: target }),
    },
    {
      name: 'reset request redirectTo',
      call: (target) => post('/api/auth/request-password-reset', { email: owner.email, redirectTo: target }),
    },
    {
      name: 'change of address callbackURL',
      call: (target) =>
        post('/api/auth/change-email', { newEmail: fresh(), callbackURL: target }, owner.cookie),
    },
    ...(['callbackURL', 'errorCallbackURL', 'newUserCallbackURL'] as const).map((field) => ({
      name: `Google sign-in ${field}`,
      call: (target: string) => post('/api/auth/sign-in/social', { provider: 'google', [field]: target }),
    })),
    {
      name: 'confirmation link',
      call: (target) => get(`/api/auth/verify-email?token=${confirmToken}&callbackURL=${query(target)}`),
    },
    {
      name: 'confirmation link used before',
      call: (target) => get(`/api/auth/verify-email?token=${usedToken}&callbackURL=${query(target)}`),
    },
    {
      name: 'confirmation link with a forged token',
      call: (target) => get(`/api/auth/verify-email?token=forged.token.x&callbackURL=${query(target)}`),
    },
    {
      name: 'approval of a change of address',
      call: (target) => get(`/api/auth/verify-email?token=${changeToken}&callbackURL=${query(target)}`),
    },
    {
      name: 'reset link',
      call: (target) => get(`/api/auth/reset-password/${resetToken}?callbackURL=${query(target)}`),
    },
    {
      name: 'reset link with an unknown token',
      call: (target) => get(`/api/auth/reset-password/unknown-token?callbackURL=${query(target)}`),
    },
  ];
}

/** The social sign-in answer is the provider's page, which comes back to our own callback route. */
const PROVIDER = 'https://accounts.google.com/';

/** Where a browser goes with this answer, if anywhere: the Location header and a JSON `url` it follows. */
function destinations(response: LightMyRequestResponse): string[] {
  const places: string[] = [];
  const location = response.headers.location;
  if (typeof location === 'string') places.push(location);
  if (String(response.headers['content-type']).includes('json') && response.body) {
    const body = response.json() as { url?: unknown } | null;
    if (typeof body?.url === 'string') places.push(body.url);
  }
  return places.filter((place) => !place.startsWith(PROVIDER));
}

const origin = () => t.config.publicUrl;
const onThisOrigin = (place: string) => new URL(place, origin()).origin === origin();

describe('redirects after auth requests and e-mail links', () => {
  it('refuse every hostile spelling at every endpoint, and send nobody anywhere', async () => {
    const table = await endpoints();
    const usersBefore = await countUsers(t.db);
    const mailsBefore = t.mail.messages.length;
    for (const endpoint of table) {
      for (const target of HOSTILE) {
        const response = await endpoint.call(target);
        const label = `${endpoint.name} ${JSON.stringify(target)}`;
        expect(response.statusCode, `${label}: ${response.body}`).toBe(403);
        expect(destinations(response), label).toEqual([]);
      }
    }
    expect(await countUsers(t.db)).toBe(usersBefore);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mail.messages.slice(mailsBefore)).toEqual([]);
  });

  it("accept the app's own addresses, and every place they lead is on this origin", async () => {
    const table = await endpoints();
    for (const endpoint of table) {
      for (const target of OWN) {
        const response = await endpoint.call(target);
        const label = `${endpoint.name} ${JSON.stringify(target)}`;
        expect(response.statusCode, `${label}: ${response.body}`).not.toBe(403);
        for (const place of destinations(response))
          expect(onThisOrigin(place), `${label} -> ${place}`).toBe(true);
      }
    }
    // and the links mailed meanwhile carry only addresses of this origin
    for (const message of t.mail.messages) {
      for (const match of message.body.matchAll(/[?&](?:amp;)?callbackURL=([^"&\s<>]*)/g)) {
        const target = decodeURIComponent(match[1] ?? '');
        if (target) expect(onThisOrigin(target), `${message.subject}: ${target}`).toBe(true);
      }
    }
  });
});
