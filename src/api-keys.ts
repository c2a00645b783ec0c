import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './messages.ts';
import { ACCOUNT_OWNERS, AccountOwnerSchema, type AccountOwner } from './teams.ts';
import { singleLineText } from './text.ts';

// API keys (a Business feature, apiAccess): the numbers and input rules read by the server, the dashboard's
// API keys page and docs/architecture.md.

/** What a key may do: `read` answers GET requests of /api/v1, `write` the ones that change something. */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Whose a key is (src/teams.ts ACCOUNT_OWNERS): a team's key acts as the team's account. */
export const API_KEY_OWNERS = ACCOUNT_OWNERS;
export type ApiKeyOwner = AccountOwner;
const ApiKeyOwnerSchema = AccountOwnerSchema;

export const API_KEY_NAME_MAX_LENGTH = 64;

/** Keys an account (a person's or a team's) may hold at once (revoked keys are deleted and do not count). */
export const API_KEYS_PER_ACCOUNT_MAX = 10;

/** The expiry choices of a new key: never, or this many days after its creation. */
export const API_KEY_EXPIRIES = ['never', '30', '90', '365'] as const;
export type ApiKeyExpiry = (typeof API_KEY_EXPIRIES)[number];
export const API_KEY_DEFAULT_EXPIRY: ApiKeyExpiry = '90';

/** Days until a new key expires, or null for a key that does not. */
export function expiryDays(expiry: ApiKeyExpiry): number | null {
  return expiry === 'never' ? null : Number(expiry);
}

/**
 * Each key's rate limit, a fixed window counted on the key's row (so it holds across processes): at most
 * `max` requests in each `windowSeconds` of the clock (windows start at multiples of it since the epoch).
 */
export const API_KEY_RATE_LIMIT = { max: 50, windowSeconds: 10 } as const;

/** The start of every key, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'tc_';

/** The header a key is sent in: `Authorization: Bearer <key>`. */
export const API_KEY_AUTH_SCHEME = 'Bearer';

export const ApiKeyNameSchema = singleLineText()
  .min(1, M.apiKeyNameRequired)
  .max(API_KEY_NAME_MAX_LENGTH, M.apiKeyNameTooLong);

export const ListApiKeysSchema = z.strictObject({ owner: ApiKeyOwnerSchema }).default({ owner: 'user' });
export type ListApiKeysInput = z.output<typeof ListApiKeysSchema>;

export const CreateApiKeySchema = z.strictObject({
  owner: ApiKeyOwnerSchema,
  name: ApiKeyNameSchema,
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, M.apiKeyScopeRequired)
    .refine((scopes) => new Set(scopes).size === scopes.length, M.invalid),
  expiry: z.enum(API_KEY_EXPIRIES),
});
export type CreateApiKeyValues = z.input<typeof CreateApiKeySchema>;
export type CreateApiKeyInput = z.output<typeof CreateApiKeySchema>;

export const RevokeApiKeySchema = z.strictObject({
  owner: ApiKeyOwnerSchema,
  id: singleLineText().min(1).max(100),
});
export type RevokeApiKeyInput = z.output<typeof RevokeApiKeySchema>;

export const RenameApiKeySchema = z.strictObject({
  owner: ApiKeyOwnerSchema,
  id: singleLineText().min(1).max(100),
  name: ApiKeyNameSchema,
});
export type RenameApiKeyInput = z.output<typeof RenameApiKeySchema>;
