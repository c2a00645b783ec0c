import { tmpdir } from 'node:os';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_RATE_LIMIT,
  SUPPORT_SUBJECT_MAX_LENGTH,
} from '../../src/schemas/support.ts';
import type { Config } from '../../server/config.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import type { MailMessage, MailTransport } from '../../server/mail/types.ts';
import {
  buildTestApp,
  injectFromApp,
  signUp,
  smtpMail,
  testConfig,
  trpcData,
  trpcError,
  type TestApp,
} from '../support/harness.ts';
import { createSignedInOwner, setPlan } from '../support/factories.ts';
import { downSmtpUrl, startMailReceiver, type MailReceiver } from '../support/mail-receiver.ts';

// The support contact form (spec section 2, Support): stored and e-mailed through real
// SMTP (through the outbox), all or nothing, validated, and limited per user; and the public form of /contact for visitors
// without an account, limited per client address and sender address, with a honeypot for bots.

const SUPPORT_EMAIL = 'support@tapcard.test';
const SUPPORT_EMAIL_BUSINESS = 'business-support@tapcard.test';
/** The support addresses of this file's apps (smtpMail's defaults otherwise). */
const SUPPORT_ADDRESSES = { supportEmail: SUPPORT_EMAIL, supportEmailBusiness: SUPPORT_EMAIL_BUSINESS };

let receiver: MailReceiver;
let t: TestApp;
/** Recipients whose mail goes to a port where no SMTP server listens (the mail server is "down"). */
const downFor = new Set<string>();
let mailers: MailTransport[] = [];

beforeAll(async () => {
  receiver = await startMailReceiver();
  const smtp = (smtpUrl: string): Config =>
    testConfig({ kind: 'pglite', dataDir: null }, tmpdir(), { mail: smtpMail(smtpUrl, SUPPORT_ADDRESSES) });
  const silent = pino({ level: 'silent' });
  const working = createMailer(smtp(receiver.url), silent);
  const broken = createMailer(smtp(await downSmtpUrl()), silent);
  mailers = [working, broken];
  // Both are real SMTP mailers; a test picks which recipients meet the unreachable server.
  const mailer: MailTransport = {
    send: (message: MailMessage) => (downFor.has(message.to) ? broken : working).send(message),
    close: async () => undefined,
  };
  t = await buildTestApp({ mail: smtpMail(receiver.url, SUPPORT_ADDRESSES) }, { mailer });
});

afterAll(async () => {
  await t?.close();
  await Promise.all(mailers.map((mailer) => mailer.close()));
  await receiver?.close();
});

function send(cookie: string | undefined, input: { subject: string; message: string }) {
  return injectFromApp(t.app, {
    method: 'POST',
    url: '/api/trpc/support.send',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(superjson.serialize(input)),
  });
}

async function storedFor(userId: string) {
  return t.db
    .selectFrom('support_messages')
    .select(['email', 'subject', 'message'])
    .where('user_id', '=', userId)
    .execute();
}

/** Waits until the outbox has tried, and failed, to send a message to `address`. */
async function tried(address: string) {
  await vi.waitFor(
    async () => {
      const rows = await t.db
        .selectFrom('mail_outbox')
        .select('status')
        .where('recipient', '=', address)
        .where('status', '=', 'retrying')
        .execute();
      expect(rows.length).toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 100 },
  );
}

function mailsTo(address: string) {
  return receiver.messages.filter((mail) => mail.to.includes(address));
}

function expectReason(response: LightMyRequestResponse, status: number, reason: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(trpcError(response).data.reason).toBe(reason);
}

/** Of one more message than the limit sent at once, all pass but one, refused with the limit's numbers. */
function expectAllButOneRateLimited(responses: LightMyRequestResponse[]) {
  expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(
    SUPPORT_RATE_LIMIT.messages,
  );
  const refused = responses.filter((response) => response.statusCode !== 200);
  expect(refused).toHaveLength(1);
  expectReason(refused[0]!, 429, 'rate_limited');
  expect(trpcError(refused[0]!).data.meta).toEqual({
    limit: SUPPORT_RATE_LIMIT.messages,
    windowMinutes: SUPPORT_RATE_LIMIT.windowMinutes,
  });
}

describe('support.send', () => {
  it('stores the message, mails it to the team and confirms to the sender', async () => {
    const { cookie, email, userId } = await signUp(t.app, { name: 'Ana Pérez' });
    const response = await send(cookie, {
      subject: '  Cannot download my QR code  ',
      message: '  It says <b>error</b>.\nWhat can I do?  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(trpcData<{ id: string }>(response).id).toEqual(expect.any(String));

    expect(await storedFor(userId)).toEqual([
      { email, subject: 'Cannot download my QR code', message: 'It says <b>error</b>.\nWhat can I do?' },
    ]);

    const toTeam = await receiver.waitFor(
      (mail) => mail.to.includes(SUPPORT_EMAIL) && mail.subject === '[Support] Cannot download my QR code',
    );
    expect(toTeam.body).toMatch(new RegExp(`^Reply-To: ${email}`, 'im'));
    expect(toTeam.body).toContain('What can I do?');
    expect(toTeam.body).toContain(userId);
    expect(toTeam.body).toContain('It says &lt;b&gt;error&lt;/b&gt;.'); // the HTML part, escaped

    const confirmation = await receiver.waitFor(
      (mail) => mail.to.includes(email) && mail.subject.startsWith('We received your message'),
    );
    expect(confirmation.body).toContain('Hi Ana Pérez,');
    expect(confirmation.body).toContain('within 24 hours');
    expect(confirmation.body).toMatch(new RegExp(`^Reply-To: ${SUPPORT_EMAIL}`, 'im'));
  });

  it('confirms in the language of the sender profile', async () => {
    const { cookie, email } = await signUp(t.app, { name: 'Lucía' });
    const setLanguage = await injectFromApp(t.app, {
      method: 'POST',
      url: '/api/trpc/profile.setLanguage',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(superjson.serialize({ language: 'es' })),
    });
    expect(setLanguage.statusCode).toBe(200);
    expect((await send(cookie, { subject: 'Factura', message: 'Necesito una factura.' })).statusCode).toBe(
      200,
    );

    const confirmation = await receiver.waitFor(
      (mail) => mail.to.includes(email) && mail.subject === 'Hemos recibido tu mensaje: Factura',
    );
    expect(confirmation.body).toContain('Hola, Lucía:');
    expect(confirmation.body).toContain('menos de 24 horas');
  });

  describe('validation', () => {
    // one user for the whole table: every refused request must leave it with nothing stored or sent
    let user: Awaited<ReturnType<typeof signUp>>;
    beforeAll(async () => {
      user = await signUp(t.app);
    });

    const tooLongSubject = 'x'.repeat(SUPPORT_SUBJECT_MAX_LENGTH + 1);
    const tooLongMessage = 'x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1);
    it.each([
      ['an empty subject', { subject: '', message: 'Hello' }, 'subject', M.subjectRequired],
      ['a blank subject', { subject: '   ', message: 'Hello' }, 'subject', M.subjectRequired],
      ['a subject too long', { subject: tooLongSubject, message: 'Hello' }, 'subject', M.subjectTooLong],
      ['an empty message', { subject: 'Hello', message: '' }, 'message', M.messageRequired],
      ['a blank message', { subject: 'Hello', message: ' \n\t ' }, 'message', M.messageRequired],
      ['a message too long', { subject: 'Hello', message: tooLongMessage }, 'message', M.messageTooLong],
    ])('refuses %s with its message id, storing and sending nothing', async (_case, input, field, id) => {
      const mailsToTeam = mailsTo(SUPPORT_EMAIL).length;
      const response = await send(user.cookie, input);
      expectReason(response, 400, 'validation_failed');
      expect(trpcError(response).data.fieldErrors).toEqual([{ path: field, message: id }]);
      expect(await storedFor(user.userId)).toEqual([]);
      expect(mailsTo(SUPPORT_EMAIL)).toHaveLength(mailsToTeam);
      expect(mailsTo(user.email).filter((mail) => mail.subject.startsWith('We received'))).toEqual([]);
    });

    it('accepts a subject and a message of exactly the maximum length', async () => {
      const response = await send(user.cookie, {
        subject: 's'.repeat(SUPPORT_SUBJECT_MAX_LENGTH),
        message: 'm'.repeat(SUPPORT_MESSAGE_MAX_LENGTH),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await storedFor(user.userId)).toHaveLength(1);
    });
  });

  it('refuses a visitor without a session', async () => {
    const count = () =>
      t.db
        .selectFrom('support_messages')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
    const before = await count();
    expectReason(await send(undefined, { subject: 'Hello', message: 'Anyone?' }), 401, 'unauthenticated');
    expect(await count()).toEqual(before);
  });

  it('stores the message and answers at once while the mail server is down; both mails go out when it is back', async () => {
    const { cookie, email, userId } = await signUp(t.app);
    downFor.add(SUPPORT_EMAIL);
    downFor.add(email);
    try {
      expect((await send(cookie, { subject: 'Down', message: 'Is it down?' })).statusCode).toBe(200);
      expect(await storedFor(userId)).toHaveLength(1);
      await tried(SUPPORT_EMAIL);
      await tried(email);
    } finally {
      downFor.delete(SUPPORT_EMAIL);
      downFor.delete(email);
    }
    // the outbox tries again (after 1-2 s in tests) and the mail server now answers
    await receiver.waitFor((mail) => mail.to.includes(SUPPORT_EMAIL) && mail.subject === '[Support] Down');
    await receiver.waitFor((mail) => mail.to.includes(email) && mail.subject.startsWith('We received'));
  });

  it(`allows ${SUPPORT_RATE_LIMIT.messages} messages per user in the window, even sent at once`, async () => {
    const { cookie, userId } = await signUp(t.app);
    const attempts = SUPPORT_RATE_LIMIT.messages + 1;
    const responses = await Promise.all(
      Array.from({ length: attempts }, (_, index) =>
        send(cookie, { subject: `Spam ${index}`, message: 'Buy!' }),
      ),
    );
    expectAllButOneRateLimited(responses);
    expect(await storedFor(userId)).toHaveLength(SUPPORT_RATE_LIMIT.messages);

    // another user is not affected
    const other = await signUp(t.app);
    expect((await send(other.cookie, { subject: 'Hello', message: 'Me too' })).statusCode).toBe(200);
  });

  it('counts only the messages inside the window', async () => {
    const { cookie, email, userId } = await signUp(t.app);
    const old = new Date(Date.now() - (SUPPORT_RATE_LIMIT.windowMinutes + 1) * 60_000);
    await t.db
      .insertInto('support_messages')
      .values(
        Array.from({ length: SUPPORT_RATE_LIMIT.messages }, (_, index) => ({
          user_id: userId,
          email,
          subject: `Old ${index}`,
          message: 'from last hour',
          created_at: old,
        })),
      )
      .execute();
    expect((await send(cookie, { subject: 'New', message: 'A fresh one' })).statusCode).toBe(200);
  });
});

describe('priority support (prioritySupport, dedicatedSupport)', () => {
  const PRIORITY_HEADERS = [/^X-Priority: 1 \(Highest\)/im, /^Importance: High/im];

  async function sendAs(plan: 'free' | 'pro' | 'business', subject: string) {
    const owner = await createSignedInOwner(t, { plan });
    const response = await send(owner.cookie, { subject, message: 'Please help' });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await t.db
      .selectFrom('support_messages')
      .select('sender_plan')
      .where('user_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    return { owner, senderPlan: stored.sender_plan };
  }

  it('records a Pro sender, marks the subject and sends the team copy with high priority', async () => {
    const { owner, senderPlan } = await sendAs('pro', 'Pro question');
    expect(senderPlan).toBe('pro');
    const toTeam = await receiver.waitFor((mail) => mail.subject === '[Support] [Pro] Pro question');
    expect(toTeam.to).toEqual([SUPPORT_EMAIL]);
    for (const header of PRIORITY_HEADERS) expect(toTeam.body).toMatch(header);
    expect(toTeam.body).toContain('Plan: Pro: priority support');
    // Pro has no inbox of its own: a reply to the confirmation goes to the general one
    const confirmation = await receiver.waitFor(
      (mail) => mail.to.includes(owner.email) && mail.subject.startsWith('We received your message'),
    );
    expect(confirmation.body).toMatch(new RegExp(`^Reply-To: ${SUPPORT_EMAIL}`, 'im'));
  });

  it('sends a Business message to SUPPORT_EMAIL_BUSINESS, marked and with high priority', async () => {
    const { owner, senderPlan } = await sendAs('business', 'Business question');
    expect(senderPlan).toBe('business');
    const toTeam = await receiver.waitFor(
      (mail) => mail.subject === '[Support] [Business] Business question',
    );
    expect(toTeam.to).toEqual([SUPPORT_EMAIL_BUSINESS]);
    for (const header of PRIORITY_HEADERS) expect(toTeam.body).toMatch(header);
    // a reply to the confirmation reaches the same dedicated inbox as the message
    const confirmation = await receiver.waitFor(
      (mail) => mail.to.includes(owner.email) && mail.subject.startsWith('We received your message'),
    );
    expect(confirmation.body).toMatch(new RegExp(`^Reply-To: ${SUPPORT_EMAIL_BUSINESS}`, 'im'));
  });

  it('leaves a free trial’s message, and one from a paid plan that ended, unmarked at normal priority', async () => {
    const { senderPlan } = await sendAs('free', 'Free question');
    expect(senderPlan).toBe('free');
    const free = await receiver.waitFor((mail) => mail.subject === '[Support] Free question');
    expect(free.to).toEqual([SUPPORT_EMAIL]);
    for (const header of PRIORITY_HEADERS) expect(free.body).not.toMatch(header);

    const ended = await createSignedInOwner(t, { plan: 'business' });
    await setPlan(t.db, ended.userId, 'business', new Date(Date.now() - 60_000));
    expect((await send(ended.cookie, { subject: 'Ended question', message: 'Hi' })).statusCode).toBe(200);
    const unmarked = await receiver.waitFor((mail) => mail.subject === '[Support] Ended question');
    expect(unmarked.to).toEqual([SUPPORT_EMAIL]);
  });
});

describe('support.sendAsVisitor', () => {
  let visitorCounter = 0;
  /** A visitor's message as the /contact form sends it, with a fresh sender address unless given. */
  function visitorInput(fields: Partial<Record<string, string>> = {}) {
    visitorCounter += 1;
    return {
      name: 'Grace Visitor',
      email: `visitor${visitorCounter}-${Date.now()}@example.com`,
      subject: 'Demo request',
      message: `Could you show Tapcard to sales team ${visitorCounter}?`,
      homepage: '',
      language: 'en',
      ...fields,
    };
  }

  function sendAsVisitor(input: Record<string, unknown>, remoteAddress?: string, cookie?: string) {
    return injectFromApp(t.app, {
      method: 'POST',
      url: '/api/trpc/support.sendAsVisitor',
      remoteAddress,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(superjson.serialize(input)),
    });
  }

  const storedFrom = (email: string) =>
    t.db
      .selectFrom('support_messages')
      .select(['user_id', 'name', 'email', 'subject', 'message', 'client_address_hash', 'sender_plan'])
      .where('email', '=', email)
      .execute();

  let addressCounter = 0;
  const freshAddress = () => `192.0.2.${(addressCounter += 1)}`;

  it('stores the message without the client address, mails the team with Reply-To the sender, and confirms', async () => {
    const input = visitorInput({ name: '  Grace Hopper ', subject: ' Demo request ' });
    const address = '203.0.113.77';
    const response = await sendAsVisitor(input, address);
    expect(response.statusCode, response.body).toBe(200);
    expect(trpcData(response)).toEqual({});

    const stored = await storedFrom(input.email);
    expect(stored).toEqual([
      {
        user_id: null,
        name: 'Grace Hopper',
        email: input.email,
        subject: 'Demo request',
        message: input.message,
        // the address hashed with the day's salt: what the limit counts by, never the address
        client_address_hash: expect.stringMatching(/^[\w-]{22}$/),
        sender_plan: null,
      },
    ]);
    const { rows } = await sql<Record<string, unknown>>`select * from support_messages`.execute(t.db);
    expect(JSON.stringify(rows)).not.toContain(address);
    const toTeam = await receiver.waitFor(
      (mail) => mail.to.includes(SUPPORT_EMAIL) && mail.body.includes(`Reply-To: ${input.email}`),
    );
    expect(toTeam.subject).toBe('[Support] Demo request');
    expect(toTeam.body).toContain('none (a visitor without an account)');
    const confirmation = await receiver.waitFor((mail) => mail.to.includes(input.email));
    expect(confirmation.subject).toBe('We received your message');
    expect(confirmation.body).toContain('Hi,');
    expect(confirmation.body).toContain('within 24 hours');
    expect(confirmation.body).toMatch(new RegExp(`^Reply-To: ${SUPPORT_EMAIL}`, 'im'));
  });

  it("is no relay: the confirmation carries none of the visitor's words, the team's copy all of them", async () => {
    // anyone can type someone else's address: what they write must not reach it
    const input = visitorInput({
      name: 'Zebulon Quillfeather',
      subject: 'Quokka prize 7731',
      message: 'Claim your prize at http://prize.example/quokka-7731 today',
    });
    expect((await sendAsVisitor(input, freshAddress())).statusCode).toBe(200);
    const toTeam = await receiver.waitFor(
      (mail) => mail.to.includes(SUPPORT_EMAIL) && mail.body.includes(`Reply-To: ${input.email}`),
    );
    for (const words of ['Zebulon Quillfeather', 'Quokka prize 7731', 'prize.example/quokka-7731'])
      expect(toTeam.body).toContain(words);
    const confirmation = await receiver.waitFor((mail) => mail.to.includes(input.email));
    for (const words of ['Zebulon', 'Quillfeather', 'Quokka', '7731', 'prize.example'])
      expect(confirmation.body).not.toContain(words);
  });

  it('confirms in the language the visitor reads the site in', async () => {
    const input = visitorInput({ name: 'Lucía', subject: 'Demostración', language: 'es' });
    expect((await sendAsVisitor(input, freshAddress())).statusCode).toBe(200);
    const confirmation = await receiver.waitFor((mail) => mail.to.includes(input.email));
    expect(confirmation.subject).toBe('Hemos recibido tu mensaje');
    expect(confirmation.body).toContain('Hola:');
    expect(confirmation.body).toContain('menos de 24 horas');
    expect(confirmation.body).not.toContain('Lucía');
  });

  it('drops a message whose honeypot is filled: answered like a sent one, nothing stored or sent', async () => {
    const input = visitorInput({ homepage: 'https://spam.example' });
    const mailsBefore = receiver.messages.length;
    const response = await sendAsVisitor(input, freshAddress());
    expect(response.statusCode, response.body).toBe(200);
    expect(trpcData(response)).toEqual({});
    expect(await storedFrom(input.email)).toEqual([]);
    // a real message sent after it arrives, and nothing else arrived with it
    const control = visitorInput();
    expect((await sendAsVisitor(control, freshAddress())).statusCode).toBe(200);
    await receiver.waitFor((mail) => mail.to.includes(control.email));
    expect(mailsTo(input.email)).toEqual([]);
    expect(receiver.messages.slice(mailsBefore).filter((mail) => mail.body.includes(input.email))).toEqual(
      [],
    );
  });

  const tooLong = (length: number) => 'x'.repeat(length + 1);
  it.each([
    ['an empty name', { name: ' ' }, 'name', M.nameRequired],
    ['a name too long', { name: tooLong(100) }, 'name', M.nameTooLong],
    ['an empty e-mail address', { email: '' }, 'email', M.required],
    ['an invalid e-mail address', { email: 'not-an-address' }, 'email', M.emailInvalid],
    ['a blank subject', { subject: '  ' }, 'subject', M.subjectRequired],
    ['a subject too long', { subject: tooLong(SUPPORT_SUBJECT_MAX_LENGTH) }, 'subject', M.subjectTooLong],
    ['an empty message', { message: '' }, 'message', M.messageRequired],
    ['a message too long', { message: tooLong(SUPPORT_MESSAGE_MAX_LENGTH) }, 'message', M.messageTooLong],
  ])('refuses %s with its message id, storing and sending nothing', async (_case, fields, field, id) => {
    const input = visitorInput(fields);
    const mailsBefore = receiver.messages.length;
    const response = await sendAsVisitor(input, freshAddress());
    expectReason(response, 400, 'validation_failed');
    expect(trpcError(response).data.fieldErrors).toEqual([{ path: field, message: id }]);
    const stored = await t.db
      .selectFrom('support_messages')
      .select('id')
      .where('message', '=', input.message)
      .execute();
    expect(stored).toEqual([]);
    // none to the team (it would quote the message) nor to the sender; another test's may arrive meanwhile
    const marks = [input.email, input.message].filter((mark) => mark.trim().length > 0);
    const about = receiver.messages
      .slice(mailsBefore)
      .filter((mail) => marks.some((mark) => mail.body.includes(mark) || mail.to.includes(mark)));
    expect(about).toEqual([]);
  });

  it('refuses a language the product does not speak', async () => {
    const input = visitorInput({ language: 'fr' });
    expectReason(await sendAsVisitor(input, freshAddress()), 400, 'validation_failed');
    expect(await storedFrom(input.email)).toEqual([]);
  });

  it(`allows ${SUPPORT_RATE_LIMIT.messages} messages per client address in the window, even sent at once`, async () => {
    const address = freshAddress();
    const inputs = Array.from({ length: SUPPORT_RATE_LIMIT.messages + 1 }, () => visitorInput());
    const responses = await Promise.all(inputs.map((input) => sendAsVisitor(input, address)));
    expectAllButOneRateLimited(responses);
    const stored = await t.db
      .selectFrom('support_messages')
      .select('client_address_hash')
      .where(
        'email',
        'in',
        inputs.map((input) => input.email),
      )
      .execute();
    expect(stored).toHaveLength(SUPPORT_RATE_LIMIT.messages);
    // one hash for the one address
    expect(new Set(stored.map((row) => row.client_address_hash)).size).toBe(1);

    // another address is not affected, and neither is a signed-in person sending from this one
    expect((await sendAsVisitor(visitorInput(), freshAddress())).statusCode).toBe(200);
    const { cookie } = await signUp(t.app);
    const signedIn = await injectFromApp(t.app, {
      method: 'POST',
      url: '/api/trpc/support.send',
      remoteAddress: address,
      headers: { 'content-type': 'application/json', cookie },
      payload: JSON.stringify(superjson.serialize({ subject: 'Hello', message: 'From my account' })),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('allows as many messages per sender e-mail address, whatever the client address', async () => {
    const email = visitorInput().email;
    for (let index = 0; index < SUPPORT_RATE_LIMIT.messages; index += 1) {
      const response = await sendAsVisitor(visitorInput({ email }), freshAddress());
      expect(response.statusCode, response.body).toBe(200);
    }
    expectReason(await sendAsVisitor(visitorInput({ email }), freshAddress()), 429, 'rate_limited');
    expect(await storedFrom(email)).toHaveLength(SUPPORT_RATE_LIMIT.messages);
  });

  it('stores the message and answers at once while the mail server is down', async () => {
    const input = visitorInput();
    downFor.add(input.email);
    try {
      expect((await sendAsVisitor(input, freshAddress())).statusCode).toBe(200);
      expect(await storedFrom(input.email)).toHaveLength(1);
      await tried(input.email);
    } finally {
      downFor.delete(input.email);
    }
    await receiver.waitFor((mail) => mail.to.includes(input.email) && mail.subject.startsWith('We received'));
  });

  it('refuses a request from another origin', async () => {
    const input = visitorInput();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/support.sendAsVisitor',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: JSON.stringify(superjson.serialize(input)),
    });
    expect(response.statusCode).toBe(403);
    expect(await storedFrom(input.email)).toEqual([]);
  });
});
