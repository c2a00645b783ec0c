import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { singleLineText } from '../text.ts';

// The account rules of spec section 5 and docs/decisions/007-security-beyond-the-spec.md:
// one password policy for sign-up, reset and change. Forms and the server use these same schemas.

export const PASSWORD_MIN_LENGTH = 12;
/** The sign-in field only checks this much (spec: the /login input has a minimum length of 6). */
export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase, short enough to keep hashing cheap (bcrypt/scrypt input). */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/**
 * What a person types to confirm the deletion of their account (upper-cased as typed), in the language
 * of the screen that shows it: a word to type must be a word of the reader's language.
 */
export const DELETE_CONFIRMATION_WORDS: Record<Locale, string> = { en: 'DELETE', es: 'ELIMINAR' };

export const EmailSchema = singleLineText()
  .min(1, M.required)
  .max(EMAIL_MAX_LENGTH, M.emailInvalid)
  .pipe(z.email(M.emailInvalid));

/** Passwords are not trimmed: a space at either end is part of the password. */
const passwordText = () => singleLineText({ trim: false });

export const PasswordSchema = passwordText()
  .min(PASSWORD_MIN_LENGTH, M.passwordMinLength)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong)
  .regex(/[a-z]/, M.passwordLowercase)
  .regex(/[A-Z]/, M.passwordUppercase)
  .regex(/[0-9]/, M.passwordNumber);

export const NameSchema = singleLineText().min(1, M.nameRequired).max(NAME_MAX_LENGTH, M.nameTooLong);

export const SignUpSchema = z.object({ name: NameSchema, email: EmailSchema, password: PasswordSchema });
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: EmailSchema,
  password: passwordText()
    .min(SIGN_IN_PASSWORD_MIN_LENGTH, M.signInPasswordMinLength)
    .max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean(),
});
export type SignInInput = z.infer<typeof SignInSchema>;

export const ResetRequestSchema = z.object({ email: EmailSchema });
export type ResetRequestInput = z.infer<typeof ResetRequestSchema>;

/** A new confirmation link for a typed address (the link-error panel of /onboarding). */
export const ResendConfirmationSchema = z.object({ email: EmailSchema });

/** Account settings: the address to move the account to (approved from the current one first). */
export const ChangeEmailSchema = z.object({ newEmail: EmailSchema });

/** Choosing a new password from the e-mailed reset link. */
export const NewPasswordSchema = z
  .object({ password: PasswordSchema, confirmPassword: passwordText() })
  .refine((value) => value.password === value.confirmPassword, {
    message: M.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type NewPasswordInput = z.infer<typeof NewPasswordSchema>;

/** The current password, asked again before a sensitive change (password, two-factor). */
const currentPassword = passwordText().min(1, M.required).max(PASSWORD_MAX_LENGTH);

/** Account settings: current, new and confirm (spec section 2, Security); the new one must differ. */
export const ChangePasswordSchema = z
  .object({ currentPassword, newPassword: PasswordSchema, confirmPassword: passwordText() })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: M.passwordsDoNotMatch,
    path: ['confirmPassword'],
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    message: M.passwordSameAsCurrent,
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/**
 * The word of the language the screen showed it in (`language`: the interface language). Without it (a tab
 * opened before the word was translated) the English word.
 */
export const DeleteAccountSchema = z
  .object({
    language: z.enum(LOCALES).default(DEFAULT_LOCALE),
    confirmation: singleLineText(),
  })
  .refine(({ language, confirmation }) => confirmation === DELETE_CONFIRMATION_WORDS[language], {
    message: M.confirmDelete,
    path: ['confirmation'],
  });
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

/** Account settings: the password alone, to turn two-factor sign-in on or off. */
export const PasswordPromptSchema = z.object({ password: currentPassword });

/** A 6-digit authenticator code. */
export const TotpCodeSchema = singleLineText().regex(/^\d{6}$/, M.totpCode);

/** An authenticator code typed at sign-in or while turning two-factor sign-in on. */
export const TotpCodeFormSchema = z.object({ code: TotpCodeSchema });

/**
 * One of the backup codes shown when two-factor sign-in was turned on. They have no format of ours to
 * check (better-auth makes them): only that one was typed.
 */
export const BackupCodeFormSchema = z.object({ code: singleLineText().min(1, M.required) });
