import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveAuthSecret } from '../../server/config.ts';
import { eraseLead, leadScopeOf } from '../../server/leads/service.ts';
import { LEAD_TEXTS } from '../../server/leads/texts.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import { createLeadTokens, type LeadTokens } from '../../server/leads/token.ts';
import { webhooksWithoutQueue } from '../../server/webhooks/delivery.ts';
import {
  DEFAULT_LEAD_FORM,
  defaultLeadConsent,
  LEAD_MAILS_PER_HOUR,
  LEAD_RATE_LIMIT,
  type LeadFormSettings,
} from '../../src/schemas/lead.ts';
import { customDomainFor } from '../support/domains.ts';
import { placesHolding } from '../support/places-holding.ts';
import { addLead, addLeadPosts, addVcard, createOwner } from '../support/factories.ts';
import { PLANS } from '../../src/plans.ts';
import { buildMailingTestApp, TEST_ORIGIN, type MailingTestApp } from '../support/harness.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Contact exchange: a card's page offers "Share your contact back" when its owner turned it on; the form
// is a plain post (no script needed), taken with `Origin: null` (public pages send no referrer) only with
// the page's form token, and stored with its consent receipt. Refused posts (a bad token, the honeypot, a
// post too soon, a bad field, the rate limits) store nothing and answer a translated page. The form's
// script (the test client build's fixture) sends the same post asking for JSON and is answered with the
// HTML that takes the form's place.

const CARD_DOMAIN = 'cards.test';
const ON: LeadFormSettings = { ...DEFAULT_LEAD_FORM, enabled: true };

let t: MailingTestApp;
let tokens: LeadTokens;

beforeAll(async () => {
  t = await buildMailingTestApp({ cardDomain: CARD_DOMAIN });
  tokens = createLeadTokens(resolveAuthSecret(t.config));
});

afterAll(async () => {
  await t?.close();
});

async function ownerWithForm(form: LeadFormSettings = ON, plan: 'free' | 'pro' | 'business' = 'pro') {
  const owner = await createOwner(t.db, { plan });
  const vcardId = await addVcard(t.db, owner.id, { name: 'Ada Lovelace', lead_form: form });
  return { ...owner, vcardId };
}

function openCard(vcardId: string, language = 'en') {
  return t.app.inject({
    method: 'GET',
    url: `/vcard/${vcardId}`,
    headers: { 'user-agent': IPHONE_SAFARI, 'accept-language': language },
  });
}

/** The hidden fields of the card page's form, as a browser would send them back. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] ?? ''] = (match[2] ?? '').replaceAll('&amp;', '&');
  }
  return fields;
}

let addresses = 0;
/** A client address of its own for each post that names none, so that posts stay under the rate limit. */
const nextAddress = () => {
  addresses += 1;
  return `10.20.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

/** A token made a minute ago: a person has read the card and typed by now. */
const readToken = (vcardId: string) => tokens.issue(vcardId, Date.now() - 60_000);

/** The test client build's form script (tests/support/fixtures/web/.vite/manifest.json). */
const FORM_SCRIPT = '/assets/lead-form-test1234.js';

function postLead(
  vcardId: string,
  fields: Record<string, string>,
  {
    origin = 'null',
    address = nextAddress(),
    host,
    accept,
  }: { origin?: string | null; address?: string; host?: string; accept?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/vcard/${vcardId}/lead`,
    remoteAddress: address,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': IPHONE_SAFARI,
      ...(origin === null ? {} : { origin }),
      ...(host ? { host } : {}),
      ...(accept ? { accept } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** What the card's page form posts, ticked and filled, with a token of a minute ago. */
async function filledForm(vcardId: string, values: Record<string, string> = {}, language = 'en') {
  const page = await openCard(vcardId, language);
  return {
    ...hiddenFields(page.body),
    token: readToken(vcardId),
    homepage: '',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    phone: '+1 555 0100',
    company: 'Navy',
    note: 'Met at the booth',
    consent: 'yes',
    ...values,
  };
}

/** The leads of an account, as the leads page's procedures handle them. */
const scopeOf = (accountId: string) =>
  leadScopeOf({ db: t.db, changes: createLocalChangeBus(), ...webhooksWithoutQueue() }, accountId);

const leadsOf = (userId: string) =>
  t.db.selectFrom('leads').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

describe('the form on the card page', () => {
  it('is shown only when its owner turned it on, as a form that needs no script', async () => {
    const off = await ownerWithForm(DEFAULT_LEAD_FORM);
    const plain = (await openCard(off.vcardId)).body;
    expect(plain).not.toContain('/lead"');
    expect(plain).not.toContain('<script');

    const on = await ownerWithForm();
    const page = await openCard(on.vcardId);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<form method="post" action="/vcard/${on.vcardId}/lead" data-lead-form`);
    expect(page.body).toContain(LEAD_TEXTS.en.shareTitle);
    expect(page.body).toContain(defaultLeadConsent('en', 'Ada Lovelace'));
    // the one script, the form's: a module, which only sends the form without leaving the page
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(page.body).toContain(`<script type="module" src="${FORM_SCRIPT}"></script>`);
    expect(hiddenFields(page.body)).toMatchObject({ lang: 'en', token: expect.stringMatching(/^\d+\./) });

    const es = await openCard(on.vcardId, 'es');
    expect(es.body).toContain(LEAD_TEXTS.es.shareTitle);
    expect(es.body).toContain(defaultLeadConsent('es', 'Ada Lovelace'));
  });
});

describe('a visitor posting the form without JavaScript', () => {
  it('stores the lead with the receipt of the exact consent shown, and thanks them', async () => {
    const owner = await ownerWithForm({ ...ON, consentText: 'Ada may write to me about engines.' });
    const response = await postLead(owner.vcardId, await filledForm(owner.vcardId));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/vcard/${owner.vcardId}/lead`);

    const [lead, ...more] = await leadsOf(owner.id);
    expect(more).toEqual([]);
    expect(lead).toMatchObject({
      vcard_id: owner.vcardId,
      card_name: 'Ada Lovelace',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '+1 555 0100',
      company: 'Navy',
      note: 'Met at the booth',
      consent_text: 'Ada may write to me about engines.',
      consent_language: 'en',
      fields_given: ['name', 'email', 'phone', 'company', 'note'],
    });

    const thanks = await t.app.inject({ method: 'GET', url: response.headers.location as string });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain(LEAD_TEXTS.en.thanksText('Ada Lovelace'));
    expect(thanks.body).toContain(`href="/vcard/${owner.vcardId}"`);
  });

  it('keeps the default consent in the language of the page, and only the fields given', async () => {
    const owner = await ownerWithForm();
    const form = await filledForm(owner.vcardId, { phone: '', company: '', note: '' }, 'es');
    expect((await postLead(owner.vcardId, form)).statusCode).toBe(303);
    const [lead] = await leadsOf(owner.id);
    expect(lead).toMatchObject({
      consent_text: defaultLeadConsent('es', 'Ada Lovelace'),
      consent_language: 'es',
      phone: null,
      fields_given: ['name', 'email'],
    });
  });

  it('ignores a field the card hides, whatever is posted in it', async () => {
    const owner = await ownerWithForm({ ...ON, fields: { ...ON.fields, note: 'hidden' } });
    await postLead(owner.vcardId, await filledForm(owner.vcardId, { note: 'sneaked in' }));
    const [lead] = await leadsOf(owner.id);
    expect(lead?.note).toBeNull();
    expect(lead?.fields_given).not.toContain('note');
  });
});

describe('a post that is refused stores nothing', () => {
  it('without a token of this card, or with an expired one, or from another site', async () => {
    const owner = await ownerWithForm();
    const other = await ownerWithForm();
    const form = await filledForm(owner.vcardId);
    const forged = `${Math.floor(Date.now() / 1000) - 60}.${'A'.repeat(43)}`;

    const missing = await postLead(owner.vcardId, { ...form, token: '' });
    expect(missing.statusCode).toBe(403);
    expect(missing.body).toContain(LEAD_TEXTS.en.refusedText);
    expect((await postLead(owner.vcardId, { ...form, token: forged })).statusCode).toBe(403);
    expect((await postLead(owner.vcardId, { ...form, token: readToken(other.vcardId) })).statusCode).toBe(
      403,
    );

    const expired = await postLead(owner.vcardId, {
      ...form,
      token: tokens.issue(owner.vcardId, Date.now() - 13 * 3600_000),
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.body).toContain(LEAD_TEXTS.en.notices.expired);
    // what was typed is in the form again, with a fresh token
    expect(expired.body).toContain('value="Grace Hopper"');
    expect(hiddenFields(expired.body).token).not.toBe(form.token);

    const foreign = await postLead(owner.vcardId, form, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);

    expect(await leadsOf(owner.id)).toEqual([]);
  });

  it('sent too soon after the page was made, or with the honeypot filled', async () => {
    const owner = await ownerWithForm();
    const page = await openCard(owner.vcardId, 'es');
    const tooSoon = await postLead(owner.vcardId, {
      ...(await filledForm(owner.vcardId)),
      ...hiddenFields(page.body),
    });
    expect(tooSoon.statusCode).toBe(422);
    expect(tooSoon.body).toContain(LEAD_TEXTS.es.notices.too_soon);

    // a bot learns nothing: the same answer as a stored lead
    const bot = await postLead(
      owner.vcardId,
      await filledForm(owner.vcardId, { homepage: 'https://spam.example' }),
    );
    expect(bot.statusCode).toBe(303);
    expect(await leadsOf(owner.id)).toEqual([]);
  });

  it('with a field that is not valid, one the card requires left blank, or the consent not ticked', async () => {
    const owner = await ownerWithForm({ ...ON, fields: { ...ON.fields, company: 'required' } });
    const bad = await postLead(
      owner.vcardId,
      await filledForm(owner.vcardId, {
        email: 'not-an-address',
        phone: 'call me',
        name: 'Grace\u202eHopper',
        company: '',
        consent: '',
        note: '<script>alert(1)</script>',
      }),
    );
    expect(bad.statusCode).toBe(422);
    const m = LEAD_TEXTS.en.messages;
    expect(bad.body).toContain(m['validation.lead.email_invalid']);
    expect(bad.body).toContain(m['validation.lead.phone_invalid']);
    expect(bad.body).toContain(m['validation.text.control_characters']);
    expect(bad.body).toContain(m['validation.lead.company_required']);
    expect(bad.body).toContain(LEAD_TEXTS.en.consentRequired);
    expect(bad.body).toContain('&lt;script&gt;');
    expect(bad.body).not.toContain('<script>');
    expect(bad.body).toContain('aria-invalid="true" aria-describedby="lead-email-error"');

    const es = await postLead(owner.vcardId, await filledForm(owner.vcardId, { email: '', name: '' }, 'es'));
    expect(es.statusCode).toBe(422);
    expect(es.body).toContain(LEAD_TEXTS.es.messages['validation.lead.email_required']);
    expect(es.body).toContain(LEAD_TEXTS.es.messages['validation.lead.name_required']);
    expect(await leadsOf(owner.id)).toEqual([]);
  });

  it('when the consent text changed after the page was made', async () => {
    const owner = await ownerWithForm();
    const form = await filledForm(owner.vcardId);
    await t.db
      .updateTable('vcards')
      .set({ lead_form: JSON.stringify({ ...ON, consentText: 'New terms.' }) })
      .where('id', '=', owner.vcardId)
      .execute();
    const changed = await postLead(owner.vcardId, form);
    expect(changed.statusCode).toBe(422);
    expect(changed.body).toContain(LEAD_TEXTS.en.notices.consent_changed);
    expect(changed.body).toContain('New terms.');
    // the new text has to be read and agreed to: the box is not ticked for them
    expect(changed.body).toContain('name="consent" value="yes" required>');
    expect(await leadsOf(owner.id)).toEqual([]);
  });

  it('when the card takes no leads (its form off), or is unknown', async () => {
    const owner = await ownerWithForm();
    const form = await filledForm(owner.vcardId);
    await t.db.updateTable('vcards').set({ lead_form: null }).where('id', '=', owner.vcardId).execute();
    const closed = await postLead(owner.vcardId, form);
    expect(closed.statusCode).toBe(403);
    expect(closed.body).toContain(LEAD_TEXTS.en.closedText);
    expect((await postLead('00000000-0000-4000-8000-000000000000', form)).statusCode).toBe(404);
    expect(await leadsOf(owner.id)).toEqual([]);
  });

  it('past the rate limits: per address, and per card from everyone', async () => {
    const owner = await ownerWithForm();
    for (let i = 0; i < LEAD_RATE_LIMIT.perAddress; i += 1) {
      const sent = await postLead(owner.vcardId, await filledForm(owner.vcardId), {
        address: '198.51.100.9',
      });
      expect(sent.statusCode).toBe(303);
    }
    const limited = await postLead(owner.vcardId, await filledForm(owner.vcardId), {
      address: '198.51.100.9',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain(LEAD_TEXTS.en.rateLimitedText);
    expect(await leadsOf(owner.id)).toHaveLength(LEAD_RATE_LIMIT.perAddress);

    const busy = await ownerWithForm();
    await addLeadPosts(t.db, { userId: busy.id, vcardId: busy.vcardId }, LEAD_RATE_LIMIT.perCard);
    const flood = await postLead(busy.vcardId, await filledForm(busy.vcardId), { address: '192.0.2.44' });
    expect(flood.statusCode).toBe(429);
    expect(await leadsOf(busy.id)).toEqual([]);
  });

  it('count posts, not the leads kept: erasing them lets no more through', async () => {
    const owner = await ownerWithForm();
    for (let i = 0; i < LEAD_RATE_LIMIT.perAddress; i += 1) {
      const sent = await postLead(owner.vcardId, await filledForm(owner.vcardId), {
        address: '198.51.100.10',
      });
      expect(sent.statusCode).toBe(303);
    }
    for (const lead of await leadsOf(owner.id)) {
      await eraseLead(scopeOf(owner.id), { id: lead.id });
    }
    const again = await postLead(owner.vcardId, await filledForm(owner.vcardId), {
      address: '198.51.100.10',
    });
    expect(again.statusCode).toBe(429);
    expect(await leadsOf(owner.id)).toEqual([]);
  });

  it('hold on Free: 90 posts from 90 addresses in a minute store the per-card limit, keep 25, queue the hourly cap of e-mails', async () => {
    const owner = await ownerWithForm(ON, 'free');
    const form = await filledForm(owner.vcardId);
    const statuses: number[] = [];
    for (let i = 0; i < 90; i += 1) statuses.push((await postLead(owner.vcardId, form)).statusCode);
    expect(statuses.filter((status) => status === 303)).toHaveLength(LEAD_RATE_LIMIT.perCard);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90 - LEAD_RATE_LIMIT.perCard);
    const received = await t.db
      .selectFrom('lead_events')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('vcard_id', '=', owner.vcardId)
      .executeTakeFirstOrThrow();
    expect(Number(received.count)).toBe(LEAD_RATE_LIMIT.perCard);
    expect(await leadsOf(owner.id)).toHaveLength(PLANS.free.limits.leadsKept);

    // exactly the hourly cap of e-mails queued, one per lead, however the posts came
    const queued = await t.db
      .selectFrom('lead_posts')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', owner.id)
      .where('mailed', '=', true)
      .executeTakeFirstOrThrow();
    expect(Number(queued.count)).toBe(LEAD_MAILS_PER_HOUR);
    // each then sent, or withdrawn with its lead when the plan did not keep it (the oldest 35 of the 60):
    // how many of the first leads' e-mails went out before their leads were dropped is the sender's pace
    // against the posts', so it is bounded, not counted
    await vi.waitFor(
      async () => {
        const waiting = await t.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('user_id', '=', owner.id)
          .where('status', 'in', ['queued', 'retrying'])
          .execute();
        expect(waiting).toEqual([]);
      },
      { timeout: 20_000, interval: 200 },
    );
    const mailed = t.mail.messages.filter((mail) => mail.to.includes(owner.email));
    expect(mailed.length).toBeLessThanOrEqual(LEAD_MAILS_PER_HOUR);
    // the leads beyond the cap wait for the day's digest
    const untold = (await leadsOf(owner.id)).filter((lead) => lead.notified_at === null);
    expect(untold.length).toBeGreaterThan(0);
  });
});

describe("a visitor whose browser runs the form's script", () => {
  const asScript = { accept: 'application/json' };

  it("is answered with the thank-you note in the form's place, the lead stored once", async () => {
    const owner = await ownerWithForm();
    const sent = await postLead(owner.vcardId, await filledForm(owner.vcardId, {}, 'es'), asScript);
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['content-type']).toMatch(/^application\/json/);
    expect(sent.headers['cache-control']).toBe('no-store');
    const answer = sent.json<{ kind: string; html: string }>();
    expect(answer.kind).toBe('sent');
    expect(answer.html).toMatch(/^<div class="answer" role="status" tabindex="-1">/);
    expect(answer.html).toContain(LEAD_TEXTS.es.thanksText('Ada Lovelace'));
    expect(await leadsOf(owner.id)).toEqual([expect.objectContaining({ name: 'Grace Hopper' })]);
  });

  it("gets the form again in its place with its messages, keeping the page's token while it is good", async () => {
    const owner = await ownerWithForm();
    const form = await filledForm(owner.vcardId, { phone: 'call me' });
    const bad = await postLead(owner.vcardId, form, asScript);
    expect(bad.statusCode).toBe(422);
    const answer = bad.json<{ kind: string; html: string }>();
    expect(answer.kind).toBe('form');
    expect(answer.html).toMatch(new RegExp(`^<form method="post" action="/vcard/${owner.vcardId}/lead"`));
    expect(answer.html).toContain('value="call me"');
    // what they agreed to stays agreed: the same consent text, ticked as they sent it
    expect(answer.html).toContain('name="consent" value="yes" required checked>');
    expect(answer.html).toContain('aria-invalid="true" aria-describedby="lead-phone-error"');
    expect(answer.html).toContain(LEAD_TEXTS.en.messages['validation.lead.phone_invalid']);
    // the least time counts from when the card's page was made, not from the last answer
    expect(hiddenFields(answer.html).token).toBe(form.token);

    const page = await openCard(owner.vcardId);
    const tooSoon = await postLead(owner.vcardId, { ...form, ...hiddenFields(page.body) }, asScript);
    expect(tooSoon.statusCode).toBe(422);
    const again = tooSoon.json<{ html: string }>().html;
    expect(again).toContain(LEAD_TEXTS.en.notices.too_soon);
    expect(hiddenFields(again).token).toBe(hiddenFields(page.body).token);
    expect(await leadsOf(owner.id)).toEqual([]);
  });

  it("is told in the form's place when the post is refused, past the limit or the card is closed", async () => {
    const owner = await ownerWithForm();
    const form = await filledForm(owner.vcardId);
    const foreign = await postLead(owner.vcardId, form, { ...asScript, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({
      kind: 'refused',
      html: expect.stringContaining(LEAD_TEXTS.en.refusedText) as unknown,
    });
    expect(foreign.json<{ html: string }>().html).toMatch(/^<div class="answer" role="alert"/);

    for (let i = 0; i < LEAD_RATE_LIMIT.perAddress; i += 1)
      await postLead(owner.vcardId, await filledForm(owner.vcardId), { address: '198.51.100.77' });
    const limited = await postLead(owner.vcardId, await filledForm(owner.vcardId), {
      ...asScript,
      address: '198.51.100.77',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
    expect(limited.json<{ kind: string }>().kind).toBe('rate_limited');

    await t.db
      .updateTable('vcards')
      .set({ lead_form: JSON.stringify(DEFAULT_LEAD_FORM) })
      .where('id', '=', owner.vcardId)
      .execute();
    const closed = await postLead(owner.vcardId, await filledForm(owner.vcardId), asScript);
    expect(closed.statusCode).toBe(403);
    expect(closed.json<{ kind: string }>().kind).toBe('closed');
    expect(await leadsOf(owner.id)).toHaveLength(LEAD_RATE_LIMIT.perAddress);
  });
});

describe('what is kept', () => {
  it('never the visitor’s address, in any table', async () => {
    const owner = await ownerWithForm();
    const addresses = ['203.0.113.77', '198.51.100.78', '2001:db8::79'];
    for (const address of addresses) {
      expect((await postLead(owner.vcardId, await filledForm(owner.vcardId), { address })).statusCode).toBe(
        303,
      );
    }
    expect(await leadsOf(owner.id)).toHaveLength(3);
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'jsonb', 'character varying', 'inet')`.execute(
      t.db,
    );
    for (const { table_name, column_name } of columns.rows) {
      for (const address of addresses) {
        const found = await sql<{ n: number }>`
          select count(*)::int as n from ${sql.table(table_name)}
          where ${sql.ref(column_name)}::text like ${`%${address}%`}`.execute(t.db);
        expect(found.rows[0]?.n, `${table_name}.${column_name}`).toBe(0);
      }
    }
  });

  it('on Free, the newest 25 leads; on Pro, all of them', async () => {
    const free = await ownerWithForm(ON, 'free');
    const base = Date.now() - 86_400_000;
    for (let i = 0; i < 25; i += 1) {
      await addLead(t.db, {
        userId: free.id,
        vcardId: free.vcardId,
        name: `Lead ${i}`,
        createdAt: new Date(base + i * 1000),
      });
    }
    expect((await postLead(free.vcardId, await filledForm(free.vcardId))).statusCode).toBe(303);
    const kept = await leadsOf(free.id);
    expect(kept).toHaveLength(25);
    expect(kept.map((lead) => lead.name)).not.toContain('Lead 0');
    expect(kept.at(-1)?.name).toBe('Grace Hopper');

    const pro = await ownerWithForm(ON, 'pro');
    for (let i = 0; i < 25; i += 1)
      await addLead(t.db, { userId: pro.id, vcardId: pro.vcardId, createdAt: new Date(base + i) });
    await postLead(pro.vcardId, await filledForm(pro.vcardId));
    expect(await leadsOf(pro.id)).toHaveLength(26);
  });
});

/**
 * A visitor on `host` (a card subdomain or a custom domain) opens the card at `pageUrl` and sends its form
 * there: the page posts to its own host, which takes it (303) and thanks on that host. The thank-you page.
 */
async function sendFormOnCardHost(
  owner: { vcardId: string },
  { host, pageUrl, origin }: { host: string; pageUrl: string; origin: string },
) {
  const page = await t.app.inject({
    method: 'GET',
    url: pageUrl,
    headers: { host, 'user-agent': IPHONE_SAFARI },
  });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(`action="/vcard/${owner.vcardId}/lead"`);
  const form = {
    ...(await filledForm(owner.vcardId)),
    ...hiddenFields(page.body),
    token: readToken(owner.vcardId),
  };
  const sent = await postLead(owner.vcardId, form, { host, origin });
  expect(sent.statusCode).toBe(303);
  const thanks = await t.app.inject({
    method: 'GET',
    url: sent.headers.location as string,
    headers: { host },
  });
  expect(thanks.statusCode).toBe(200);
  return thanks;
}

describe('on a card subdomain', () => {
  it('the page posts to its own host, which takes the form and thanks on its own host', async () => {
    const owner = await ownerWithForm();
    const host = `${owner.username}.${CARD_DOMAIN}`;
    // the form's script is served on the card's host (its origin is the page's), and no other file of
    // the client
    const script = await t.app.inject({ method: 'GET', url: FORM_SCRIPT, headers: { host } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    const client = await t.app.inject({ method: 'GET', url: '/assets/index-test1234.js', headers: { host } });
    expect(client.statusCode).toBe(404);

    const thanks = await sendFormOnCardHost(owner, { host, pageUrl: '/', origin: `http://${host}` });
    expect(thanks.body).toContain(LEAD_TEXTS.en.thanksTitle);
    expect(thanks.body).toContain('href="/"');
    expect(await leadsOf(owner.id)).toHaveLength(1);

    // another account's card is not this host's
    const other = await ownerWithForm();
    const elsewhere = await postLead(other.vcardId, await filledForm(other.vcardId), { host });
    expect(elsewhere.statusCode).toBe(404);
    expect(await leadsOf(other.id)).toEqual([]);
  });

  it('and the main address takes a post from its own pages', async () => {
    const owner = await ownerWithForm();
    const sent = await postLead(owner.vcardId, await filledForm(owner.vcardId), { origin: TEST_ORIGIN });
    expect(sent.statusCode).toBe(303);
  });
});

describe('on a custom domain', () => {
  it("the page posts to its own host, which serves the form's script, takes the form and thanks", async () => {
    const owner = await ownerWithForm(ON, 'business');
    const host = await customDomainFor(t, owner.id);
    expect((await t.app.inject({ method: 'GET', url: FORM_SCRIPT, headers: { host } })).statusCode).toBe(200);
    const thanks = await sendFormOnCardHost(owner, {
      host,
      pageUrl: `/vcard/${owner.vcardId}`,
      origin: `https://${host}`,
    });
    expect(thanks.body).toContain(LEAD_TEXTS.en.thanksText('Ada Lovelace'));
    expect(await leadsOf(owner.id)).toHaveLength(1);
  });
});

describe('an erased lead', () => {
  const details = {
    name: 'Erin Erasable',
    email: 'erin.erasable@example.com',
    phone: '+1 555 0199',
    company: 'Forgotten Ltd',
    note: 'Please forget me after the fair.',
  };
  const erase = (accountId: string, id: string) => eraseLead(scopeOf(accountId), { id });
  const outboxOf = (leadId: string) =>
    t.db
      .selectFrom('mail_outbox')
      .select(['status', 'message'])
      .where('lead_id', '=', leadId)
      .executeTakeFirst();

  it('is in no table of any schema once its owner was told of it, the job queue included', async () => {
    const owner = await ownerWithForm();
    const posted = await postLead(owner.vcardId, await filledForm(owner.vcardId, details));
    expect(posted.statusCode).toBe(303);
    const [lead] = await leadsOf(owner.id);
    if (!lead) throw new Error('the lead was not stored');
    const told = await t.mail.waitFor((mail) => mail.body.includes(details.note));
    expect(told.to).toContain(owner.email);
    // sent: the outbox keeps what became of the message, not the message
    await expect.poll(async () => (await outboxOf(lead.id))?.status).toBe('sent');
    expect((await outboxOf(lead.id))?.message).toBeNull();
    expect(await placesHolding(t.db, Object.values(details))).toEqual([
      'public.leads.company',
      'public.leads.email',
      'public.leads.name',
      'public.leads.note',
      'public.leads.phone',
    ]);

    await erase(owner.id, lead.id);
    expect(await placesHolding(t.db, Object.values(details))).toEqual([]);
    expect(await outboxOf(lead.id)).toBeUndefined();
  });
});
