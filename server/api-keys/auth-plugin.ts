import type { BetterAuthPlugin } from 'better-auth';
import {
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_OWNERS,
  API_KEY_PREFIX,
  type ApiKeyOwner,
} from '../../src/api-keys.ts';

/** Characters of a key kept in clear (`start`, the prefix included) so its owner can tell keys apart. */
export const KEY_START_LENGTH = API_KEY_PREFIX.length + 6;
const LONGEST_EXPIRY_DAYS = 365;

/** The plugin's configuration a key of `owner` is made with (a person's keys: the plugin's default one). */
export function apiKeyConfigId(owner: ApiKeyOwner): string {
  return owner === 'user' ? 'default' : owner;
}

/** Whose a key is, from its configuration (keys made before team keys have the default one: a person's). */
export function apiKeyOwnerOf(configId: string | null | undefined): ApiKeyOwner {
  return API_KEY_OWNERS.find((owner) => apiKeyConfigId(owner) === configId) ?? 'user';
}

/**
 * API keys through better-auth's API key plugin (@better-auth/api-key): it makes the key, keeps only its
 * SHA-256 hash and checks expiry. What this app adds:
 * - Keys never stand for a session (`enableSessionForAPIKeys` off, and the plugin's session hook is not
 *   mounted): a key opens only /api/v1 (server/api-keys/verify.ts), never the dashboard's router or
 *   better-auth's endpoints.
 * - None of the plugin's endpoints is reachable over HTTP: creating goes through the API keys service
 *   (plan, scopes, the per-account limit), and listing, renaming and revoking are queries of that service
 *   on the account's own rows. `createApiKey` and `verifyApiKey` stay callable from the server
 *   (auth.api) only.
 */
export async function apiKeyPlugin() {
  const { apiKey } = await import('@better-auth/api-key');
  const settings = {
    defaultPrefix: API_KEY_PREFIX,
    startingCharactersConfig: { shouldStore: true, charactersLength: KEY_START_LENGTH },
    requireName: true,
    maximumNameLength: API_KEY_NAME_MAX_LENGTH,
    enableMetadata: false,
    enableSessionForAPIKeys: false,
    keyExpiration: {
      defaultExpiresIn: null,
      minExpiresIn: 1,
      maxExpiresIn: LONGEST_EXPIRY_DAYS,
    },
    // its count starts again only after a whole window without a request (a steady client is held for
    // ever): the app counts fixed windows itself (server/api-keys/verify.ts)
    rateLimit: { enabled: false },
  };
  // one configuration per owner, alike but for their id, which each key stores (config_id): it tells a
  // person's key from a team's, both owned by an account (reference_id)
  const plugin = apiKey(
    API_KEY_OWNERS.map((owner) => ({ ...settings, configId: apiKeyConfigId(owner) })),
    {
      schema: {
        apikey: {
          modelName: 'api_keys',
          fields: {
            configId: 'config_id',
            referenceId: 'reference_id',
            refillInterval: 'refill_interval',
            refillAmount: 'refill_amount',
            lastRefillAt: 'last_refill_at',
            rateLimitEnabled: 'rate_limit_enabled',
            rateLimitTimeWindow: 'rate_limit_time_window',
            rateLimitMax: 'rate_limit_max',
            requestCount: 'request_count',
            lastRequest: 'last_request',
            expiresAt: 'expires_at',
            createdAt: 'created_at',
            updatedAt: 'updated_at',
          },
        },
      },
    },
  );
  const { createApiKey, verifyApiKey } = plugin.endpoints;
  return {
    id: plugin.id,
    schema: plugin.schema,
    $ERROR_CODES: plugin.$ERROR_CODES,
    endpoints: {
      // better-call's router skips an endpoint marked SERVER_ONLY: /api/auth/api-key/create answers 404
      createApiKey: Object.assign(createApiKey, {
        options: {
          ...createApiKey.options,
          metadata: { ...createApiKey.options.metadata, SERVER_ONLY: true },
        },
      }),
      verifyApiKey,
    },
  } satisfies BetterAuthPlugin;
}

/**
 * Whether a line of better-auth's log is the API key plugin's report of a refused key (an unknown, expired
 * or disabled one: the client's fault), which it writes at error level for every such request: the app logs
 * each refusal itself at info, with the key's start only (server/api-keys/verify.ts). The plugin's
 * failures of its own (a database error, a failed update: no client error) still reach the log.
 */
export function isRefusedApiKeyLog(message: string, args: unknown[]): boolean {
  if (message !== 'Failed to validate API key:') return false;
  const error = args[0] as { statusCode?: unknown } | null | undefined;
  return typeof error?.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
}
