import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { singleLineText } from '../text.ts';

// A passkey's name, as the person gives it when adding the passkey and when renaming it.

export const PASSKEY_NAME_MAX_LENGTH = 60;

export const PasskeyNameSchema = singleLineText()
  .min(1, M.passkeyNameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, M.passkeyNameTooLong);

export const PasskeyNameFormSchema = z.object({ name: PasskeyNameSchema });

export const RenamePasskeySchema = z.object({ id: singleLineText().min(1), name: PasskeyNameSchema });
export type RenamePasskeyInput = z.infer<typeof RenamePasskeySchema>;

export const RemovePasskeySchema = z.object({ id: singleLineText().min(1) });
export type RemovePasskeyInput = z.infer<typeof RemovePasskeySchema>;

/**
 * The query parameter of a passkey sign-in (`/passkey/verify-authentication?rememberMe=false`) that asks
 * for the session of an unticked "Remember me", as the password sign-in's `rememberMe` does.
 */
export const PASSKEY_REMEMBER_ME_PARAM = 'rememberMe';
