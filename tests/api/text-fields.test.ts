import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import {
  buildTestApp,
  injectFromApp,
  TEST_PASSWORD,
  trpcError,
  trpcMutate,
  type TestApp,
} from '../support/harness.ts';
import { countUsers, createSignedInOwner } from '../support/factories.ts';

// The text rule of src/text.ts on the wire: every write path refuses control and invisible characters
// with its message and stores nothing. tests/unit/text-fields.test.ts checks every field of every
// shared schema; here each way in is shown to use those schemas: better-auth's own endpoints (sign-up,
// update-user, change-email), which the server checks in server/auth/hooks.ts, and tRPC procedures.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A sample of what the rule refuses: line breaks, NUL, bidi override and isolate, zero-width, separator, tag. */
const HOSTILE = [
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u0085',
  '\u202e',
  '\u2067',
  '\u200b',
  '\ufeff',
  '\u2028',
  '\u{e0041}',
];
const withHostile = (char: string) => `Ana${char}Lee`;
const hex = (char: string) => `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;

const postAuth = (url: string, payload: object, cookie?: string) =>
  injectFromApp(t.app, { method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

describe('better-auth endpoints', () => {
  it('refuse a name with such a character at sign-up, and create no account', async () => {
    const before = await countUsers(t.db);
    for (const char of HOSTILE) {
      const response = await postAuth('/api/auth/sign-up/email', {
        name: withHostile(char),
        email: `text-${Date.now()}-${char.codePointAt(0)}@example.com`,
        password: TEST_PASSWORD,
      });
      expect(response.statusCode, hex(char)).toBe(400);
      expect(response.json(), hex(char)).toEqual({
        code: 'VALIDATION_FAILED',
        message: M.textControlCharacters,
      });
    }
    // no account picture can be stored either: the app shows none
    const image = await postAuth('/api/auth/sign-up/email', {
      name: 'Ana',
      email: `image-${Date.now()}@example.com`,
      password: TEST_PASSWORD,
      image: 'javascript:alert(1)',
    });
    expect(image.statusCode).toBe(400);
    expect(await countUsers(t.db)).toBe(before);
  });

  it('refuse them in update-user and change-email, and keep the account as it was', async () => {
    const owner = await createSignedInOwner(t, { name: 'Ana Lee' });
    for (const char of HOSTILE) {
      const update = await postAuth('/api/auth/update-user', { name: withHostile(char) }, owner.cookie);
      expect(update.statusCode, hex(char)).toBe(400);
      expect(update.json()).toMatchObject({ message: M.textControlCharacters });
      const change = await postAuth(
        '/api/auth/change-email',
        { newEmail: `ana${char}@example.com`, callbackURL: '/dashboard/account' },
        owner.cookie,
      );
      expect(change.statusCode, hex(char)).toBe(400);
    }
    const image = await postAuth(
      '/api/auth/update-user',
      { image: 'https://evil.example/x.png' },
      owner.cookie,
    );
    expect(image.statusCode).toBe(400);
    const user = await t.db
      .selectFrom('users')
      .select(['name', 'email', 'image'])
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ name: 'Ana Lee', email: owner.email, image: null });
    // a clean name still goes through
    const clean = await postAuth('/api/auth/update-user', { name: 'Ana María Lee' }, owner.cookie);
    expect(clean.statusCode).toBe(200);
  });
});

describe('tRPC procedures', () => {
  const fieldErrorsOf = (response: Awaited<ReturnType<typeof trpcMutate>>) =>
    trpcError(response).data.fieldErrors;

  it('refuse them at the field, and store nothing', async () => {
    const owner = await createSignedInOwner(t);
    const cases: [string, unknown, string][] = [
      ['vcards.create', { ...emptyVcardForm(), name: withHostile('\u202e') }, 'name'],
      ['vcards.create', { ...emptyVcardForm(), name: 'Ana', website: 'https://a.example/\tx' }, 'website'],
      ['links.createQrCode', { title: withHostile('\n'), url: 'https://a.example', icon: '' }, 'title'],
      ['links.createProfileLink', { title: 'Ana', url: 'https://a.example/\u2028x' }, 'url'],
      [
        'profile.updatePersonalInfo',
        { firstName: 'Ana', lastName: withHostile('\u200b'), baseVersion: 1 },
        'lastName',
      ],
      ['support.send', { subject: 'Help\r\nBcc: all@example.com', message: 'Hi' }, 'subject'],
    ];
    for (const [procedure, input, field] of cases) {
      const response = await trpcMutate(t.app, procedure, owner.cookie, input);
      expect(response.statusCode, `${procedure} ${field}`).toBe(400);
      expect(fieldErrorsOf(response), `${procedure} ${field}`).toContainEqual({
        path: field,
        message: M.textControlCharacters,
      });
    }
    const tab = await trpcMutate(t.app, 'support.send', owner.cookie, { subject: 'Help', message: 'a\tb' });
    expect(fieldErrorsOf(tab)).toContainEqual({ path: 'message', message: M.textControlCharactersMultiLine });

    const vcards = await t.db.selectFrom('vcards').select('id').where('user_id', '=', owner.userId).execute();
    const links = await t.db.selectFrom('links').select('id').where('user_id', '=', owner.userId).execute();
    expect([vcards, links]).toEqual([[], []]);
  });

  it('keep line breaks in a support message', async () => {
    const owner = await createSignedInOwner(t);
    const response = await trpcMutate(t.app, 'support.send', owner.cookie, {
      subject: 'Two lines',
      message: 'First line\r\nSecond line',
    });
    expect(response.statusCode).toBe(200);
  });
});
