import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../messages.ts';

// The account rules of spec section 5 and DECISIONS.md ("Security choices stronger than the spec"):
// one password policy for sign-up, reset and change. Forms and the server use these same schemas.

export const PASSWORD_MIN_LENGTH = 12;
/** The sign-in field only checks this much (spec: the /login input has a minimum length of 6). */
export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase, short enough to keep hashing cheap (bcrypt/scrypt input). */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** What a person types to confirm the deletion of their account (upper-cased as typed). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const EmailSchema = z
  .string()
  .trim()
  .min(1, M.required)
  .max(EMAIL_MAX_LENGTH, M.emailInvalid)
  .pipe(z.email(M.emailInvalid));

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, M.passwordMinLength)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong)
  .regex(/[a-z]/, M.passwordLowercase)
  .regex(/[A-Z]/, M.passwordUppercase)
  .regex(/[0-9]/, M.passwordNumber);

export const NameSchema = z.string().trim().min(1, M.nameRequired).max(NAME_MAX_LENGTH, M.nameTooLong);

export const SignUpSchema = z.object({ name: NameSchema, email: EmailSchema, password: PasswordSchema });
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string().min(SIGN_IN_PASSWORD_MIN_LENGTH, M.signInPasswordMinLength).max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean(),
});
export type SignInInput = z.infer<typeof SignInSchema>;

export const ResetRequestSchema = z.object({ email: EmailSchema });
export type ResetRequestInput = z.infer<typeof ResetRequestSchema>;

/** Choosing a new password from the e-mailed reset link. */
export const NewPasswordSchema = z
  .object({ password: PasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    message: M.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type NewPasswordInput = z.infer<typeof NewPasswordSchema>;

/** Account settings: current, new and confirm (spec section 2, Security). */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, M.required).max(PASSWORD_MAX_LENGTH),
    newPassword: PasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: M.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

export const DeleteAccountSchema = z.object({
  confirmation: z.literal(DELETE_CONFIRMATION_WORD, M.confirmDelete),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

/** A 6-digit authenticator code. */
export const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, M.totpCode);
