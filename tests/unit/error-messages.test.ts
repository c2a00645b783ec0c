import { PASSKEY_ERROR_CODES } from '@better-auth/passkey';
import { BASE_ERROR_CODES } from 'better-auth';
import { ORGANIZATION_ERROR_CODES } from 'better-auth/client/plugins';
import { TWO_FACTOR_ERROR_CODES } from 'better-auth/plugins/two-factor';
import { describe, expect, it } from 'vitest';
import { ERROR_REASONS } from '#src/errors.ts';
import { VALIDATION_MESSAGE_IDS, VALIDATION_MESSAGES } from '#src/messages.ts';
import {
  AUTH_ERROR_TEXT,
  authErrorMessage,
  ERROR_REASON_TEXT,
  NETWORK_ERROR_TEXT,
  isCeremonyEnded,
  passkeyErrorMessage,
  SERVER_AUTH_ERROR_TEXT,
  VALIDATION_MESSAGE_TEXT,
  validationMessage,
} from '#web/lib/error-messages.ts';

describe('error messages (STYLE.md 3.4)', () => {
  it.each(VALIDATION_MESSAGE_IDS)('validation id %s has a message', (id) => {
    expect(VALIDATION_MESSAGE_TEXT[id]?.message).toEqual(expect.any(String));
  });

  it.each(ERROR_REASONS)('error reason %s has a message', (reason) => {
    expect(ERROR_REASON_TEXT[reason]?.message).toEqual(expect.any(String));
  });

  it.each(VALIDATION_MESSAGE_IDS.filter((id) => id.endsWith('too_long')))(
    'length message %s says "at most" the schema\'s own number',
    (id) => {
      const { message, values } = VALIDATION_MESSAGE_TEXT[id];
      // the limit is accepted, so "less than" it would be wrong; the number is a constant of src/
      expect(message).toMatch(/at most \{\w+\} characters$/);
      expect(Object.values(values ?? {})).toEqual([expect.any(Number)]);
    },
  );

  it('uses the texts of spec section 5, with the limits of src/schemas/auth.ts', () => {
    expect(VALIDATION_MESSAGE_TEXT[VALIDATION_MESSAGES.passwordMinLength]).toMatchObject({
      message: 'Password must be at least {PASSWORD_MIN_LENGTH} characters',
      values: { PASSWORD_MIN_LENGTH: 12 },
    });
    expect(VALIDATION_MESSAGE_TEXT[VALIDATION_MESSAGES.signInPasswordMinLength]).toMatchObject({
      values: { SIGN_IN_PASSWORD_MIN_LENGTH: 6 },
    });
    expect(VALIDATION_MESSAGE_TEXT[VALIDATION_MESSAGES.emailInvalid].message).toBe('Invalid email address');
    expect(VALIDATION_MESSAGE_TEXT[VALIDATION_MESSAGES.nameRequired].message).toBe('Name is required');
    expect(VALIDATION_MESSAGE_TEXT[VALIDATION_MESSAGES.passwordsDoNotMatch].message).toBe(
      'New passwords do not match',
    );
  });

  it('maps only codes better-auth really sends, so a renamed code fails here', () => {
    const known = new Set([
      ...Object.keys(BASE_ERROR_CODES),
      ...Object.keys(TWO_FACTOR_ERROR_CODES),
      ...Object.keys(PASSKEY_ERROR_CODES),
      ...Object.keys(ORGANIZATION_ERROR_CODES),
    ]);
    for (const code of Object.keys(AUTH_ERROR_TEXT)) expect(known, code).toContain(code);
  });

  it('reads anything that is not a validation id as "Invalid input"', () => {
    expect(validationMessage('Invalid input: expected string')).toBe(
      VALIDATION_MESSAGE_TEXT[VALIDATION_MESSAGES.invalid],
    );
    expect(validationMessage(undefined)).toBe(VALIDATION_MESSAGE_TEXT[VALIDATION_MESSAGES.invalid]);
  });
});

describe('authErrorMessage', () => {
  it.each([
    ['no answer at all', { status: 0 }, NETWORK_ERROR_TEXT],
    [
      'the rate limiter (429, no code)',
      { status: 429, message: 'Too many requests.' },
      ERROR_REASON_TEXT.rate_limited,
    ],
    [
      'a better-auth code',
      { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' },
      AUTH_ERROR_TEXT.INVALID_EMAIL_OR_PASSWORD,
    ],
    [
      "the server's check with a validation id",
      { status: 400, code: 'VALIDATION_FAILED', message: VALIDATION_MESSAGES.passwordUppercase },
      VALIDATION_MESSAGE_TEXT[VALIDATION_MESSAGES.passwordUppercase],
    ],
    [
      "the server's check with prose",
      { status: 400, code: 'VALIDATION_FAILED', message: 'bad' },
      ERROR_REASON_TEXT.validation_failed,
    ],
    [
      'an error reason as a code',
      { status: 503, code: 'MAIL_UNAVAILABLE' },
      ERROR_REASON_TEXT.mail_unavailable,
    ],
    [
      'a code of our own server hooks',
      { status: 401, code: 'TOTP_CODE_ALREADY_USED' },
      SERVER_AUTH_ERROR_TEXT.TOTP_CODE_ALREADY_USED,
    ],
    ['an unknown code', { status: 500, code: 'SOMETHING_NEW' }, ERROR_REASON_TEXT.internal],
    ['no code', { status: 500 }, ERROR_REASON_TEXT.internal],
  ])('%s', (_case, error, expected) => {
    expect(authErrorMessage(error)).toBe(expected);
  });
});

describe('passkeyErrorMessage', () => {
  it('says what a person ended or did not find, differently for adding and for signing in', () => {
    // NotAllowedError: cancelled, timed out, or (signing in) no passkey for this site on the device
    const ended = { status: 400, code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' };
    expect(passkeyErrorMessage(ended, 'add').message).toContain('Nothing was saved');
    expect(passkeyErrorMessage(ended, 'sign-in').message).toContain('no passkey for Tapcard');
    expect(passkeyErrorMessage({ status: 400, code: 'AUTH_CANCELLED' }, 'sign-in')).toBe(
      passkeyErrorMessage(ended, 'sign-in'),
    );
  });

  it('names an authenticator that already has a passkey, and falls back to the auth texts', () => {
    expect(
      passkeyErrorMessage({ status: 400, code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }, 'add').message,
    ).toContain('already has a passkey');
    expect(passkeyErrorMessage({ status: 401, code: 'PASSKEY_NOT_FOUND' }, 'sign-in')).toBe(
      AUTH_ERROR_TEXT.PASSKEY_NOT_FOUND,
    );
    expect(passkeyErrorMessage({ status: 401, code: 'USER_VERIFICATION_REQUIRED' }, 'sign-in')).toBe(
      SERVER_AUTH_ERROR_TEXT.USER_VERIFICATION_REQUIRED,
    );
    expect(passkeyErrorMessage({ status: 0 }, 'add')).toBe(NETWORK_ERROR_TEXT);
  });

  it('tells a ceremony that ended without a passkey from a failed sign-in (the autofill stays silent on it)', () => {
    for (const code of ['ERROR_CEREMONY_ABORTED', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'AUTH_CANCELLED']) {
      expect(isCeremonyEnded({ status: 400, code })).toBe(true);
    }
    expect(isCeremonyEnded({ status: 401, code: 'PASSKEY_NOT_FOUND' })).toBe(false);
    expect(isCeremonyEnded({ status: 0 })).toBe(false);
  });
});
