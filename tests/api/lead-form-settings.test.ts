import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { DEFAULT_LEAD_FORM, LEAD_CONSENT_MAX_LENGTH, type LeadFormSettings } from '../../src/schemas/lead.ts';
import { emptyVcardForm, leadFormFields, type VcardFormValues } from '../../src/schemas/vcard.ts';
import { vcardFormValues, type StoredVcard } from '../../src/vcard-form.ts';
import { addVcard, createApiCaller, createSignedInOwner, versionOf } from '../support/factories.ts';
import {
  buildTestApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';

// A card's "Share your contact back" settings, saved with the vCard form: what is kept, what is
// read back for editing, and each bad setting refused with its message and nothing stored.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

type EditedCard = StoredVcard & { id: string; version: number };

async function readCard(cookie: string, id: string): Promise<EditedCard> {
  const response = await trpcQuery(t.app, 'vcards.get', cookie, { id });
  expect(response.statusCode, response.body).toBe(200);
  return trpcData<EditedCard>(response);
}

/** A save of the card as it is now with `leadForm` (as the form sends it; undefined: left out). */
async function saveCard(cookie: string, id: string, leadForm: VcardFormValues['leadForm'] | undefined) {
  const card = await readCard(cookie, id);
  const { leadForm: _stored, ...values } = vcardFormValues(card, 'en');
  return trpcMutate(t.app, 'vcards.update', cookie, {
    ...values,
    ...(leadForm === undefined ? {} : { leadForm }),
    id,
    baseVersion: card.version,
  });
}

async function storedLeadForm(id: string): Promise<unknown> {
  const row = await t.db
    .selectFrom('vcards')
    .select('lead_form')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.lead_form;
}

const turnedOn: LeadFormSettings = {
  enabled: true,
  fields: { name: 'required', email: 'optional', phone: 'required', company: 'hidden', note: 'optional' },
  consentText: 'You may call me about the product I asked for.',
};

describe("a card's contact form settings", () => {
  it('are off on a new card, saved with the card, read back for editing, and kept by a save that leaves them out', async () => {
    const owner = await createSignedInOwner(t);
    const id = await addVcard(t.db, owner.userId);
    expect((await readCard(owner.cookie, id)).leadForm).toEqual(DEFAULT_LEAD_FORM);

    const before = await versionOf(t.db, 'vcards', id);
    const saved = await saveCard(owner.cookie, id, leadFormFields(turnedOn));
    expect(saved.statusCode, saved.body).toBe(200);
    // a change of the form alone is an edit of the card
    expect(await versionOf(t.db, 'vcards', id)).toBe(before + 1);
    expect(await storedLeadForm(id)).toEqual(turnedOn);
    expect((await readCard(owner.cookie, id)).leadForm).toEqual(turnedOn);
    const listed = trpcData<{ vcards: { id: string; leadForm: LeadFormSettings }[] }>(
      await trpcQuery(t.app, 'vcards.list', owner.cookie),
    );
    expect(listed.vcards.find((card) => card.id === id)?.leadForm).toEqual(turnedOn);

    // a client from before the contact form saves the rest of the card and leaves the form as it was
    const older = await saveCard(owner.cookie, id, undefined);
    expect(older.statusCode, older.body).toBe(200);
    expect(await storedLeadForm(id)).toEqual(turnedOn);
  });

  it('keep a blank consent text as none (the default one, in the page language)', async () => {
    const owner = await createSignedInOwner(t);
    const id = await addVcard(t.db, owner.userId);
    const saved = await saveCard(owner.cookie, id, { ...leadFormFields(turnedOn), consentText: '   ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await readCard(owner.cookie, id)).leadForm).toEqual({ ...turnedOn, consentText: null });
  });

  it('are given to a card created with them, and the default to one created without', async () => {
    const owner = await createSignedInOwner(t);
    const withForm = await trpcMutate(t.app, 'vcards.create', owner.cookie, {
      ...emptyVcardForm(),
      name: 'With Form',
      leadForm: leadFormFields(turnedOn),
    });
    expect(withForm.statusCode, withForm.body).toBe(200);
    const { id } = trpcData<{ id: string }>(withForm);
    expect((await readCard(owner.cookie, id)).leadForm).toEqual(turnedOn);

    const { leadForm: _left, ...older } = emptyVcardForm();
    const without = await trpcMutate(t.app, 'vcards.create', owner.cookie, { ...older, name: 'Without' });
    expect(without.statusCode, without.body).toBe(200);
    const created = trpcData<{ id: string }>(without);
    expect(await storedLeadForm(created.id)).toBeNull();
    expect((await readCard(owner.cookie, created.id)).leadForm).toEqual(DEFAULT_LEAD_FORM);
  });

  const refusals: {
    what: string;
    leadForm: unknown;
    path: string;
    message?: string;
  }[] = [
    {
      what: 'a form that asks for neither an email nor a phone',
      leadForm: {
        ...leadFormFields(turnedOn),
        fields: { ...turnedOn.fields, email: 'hidden', phone: 'hidden' },
      },
      path: 'leadForm.fields.email',
      message: M.leadFormUnreachable,
    },
    {
      what: 'a consent text that is too long',
      leadForm: { ...leadFormFields(turnedOn), consentText: 'x'.repeat(LEAD_CONSENT_MAX_LENGTH + 1) },
      path: 'leadForm.consentText',
      message: M.leadConsentTooLong,
    },
    {
      what: 'a consent text with a control character',
      leadForm: { ...leadFormFields(turnedOn), consentText: 'I agree\u0000 to everything' },
      path: 'leadForm.consentText',
      message: M.textControlCharactersMultiLine,
    },
    {
      what: 'an unknown mode of a field',
      leadForm: { ...leadFormFields(turnedOn), fields: { ...turnedOn.fields, name: 'sometimes' } },
      path: 'leadForm.fields.name',
    },
  ];

  for (const { what, leadForm, path, message } of refusals) {
    it(`refuse ${what}, naming the field, and store nothing`, async () => {
      const owner = await createSignedInOwner(t);
      const id = await addVcard(t.db, owner.userId);
      const before = await versionOf(t.db, 'vcards', id);
      const refused = await saveCard(owner.cookie, id, leadForm as VcardFormValues['leadForm']);
      expect(refused.statusCode).toBe(400);
      const { fieldErrors } = trpcError(refused).data;
      expect(fieldErrors?.map((error) => error.path)).toEqual([path]);
      if (message) expect(fieldErrors?.[0]?.message).toBe(message);
      expect(await storedLeadForm(id)).toBeNull();
      expect(await versionOf(t.db, 'vcards', id)).toBe(before);
    });
  }

  it('are shown, changed and refused through the REST API as in the dashboard', async () => {
    const caller = await createApiCaller(t);
    const id = await addVcard(t.db, caller.userId);
    const read = await caller.call('GET', `/api/v1/cards/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    const card = read.json<{ version: number; leadForm: LeadFormSettings }>();
    expect(card.leadForm).toEqual(DEFAULT_LEAD_FORM);

    const patched = await caller.call('PATCH', `/api/v1/cards/${id}`, {
      payload: { baseVersion: card.version, leadForm: turnedOn },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<{ leadForm: LeadFormSettings }>().leadForm).toEqual(turnedOn);

    // another field's change keeps the form
    const renamed = await caller.call('PATCH', `/api/v1/cards/${id}`, {
      payload: { baseVersion: card.version + 1, name: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await storedLeadForm(id)).toEqual(turnedOn);

    const unreachable = await caller.call('PATCH', `/api/v1/cards/${id}`, {
      payload: {
        baseVersion: card.version + 2,
        leadForm: { ...turnedOn, fields: { ...turnedOn.fields, email: 'hidden', phone: 'hidden' } },
      },
    });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.body).toContain(M.leadFormUnreachable);
    expect(await storedLeadForm(id)).toEqual(turnedOn);
  });
});
