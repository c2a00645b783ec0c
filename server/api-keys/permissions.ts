import { API_KEY_SCOPES, type ApiKeyScope } from '../../src/api-keys.ts';

// A key's scopes are stored as the API key plugin's permissions: `{"api": ["read", "write"]}`.

/** The plugin's permission resource that holds the scopes. */
export const SCOPES_RESOURCE = 'api';

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly unknown[]).includes(value);
}

/** The scopes of a key's permissions, as stored (JSON text) or as the plugin returns them (an object). */
export function scopesOf(permissions: string | Record<string, string[]> | null | undefined): ApiKeyScope[] {
  if (!permissions) return [];
  const parsed: unknown = typeof permissions === 'string' ? JSON.parse(permissions) : permissions;
  const granted = (parsed as Record<string, unknown>)[SCOPES_RESOURCE];
  return API_KEY_SCOPES.filter((scope) => Array.isArray(granted) && granted.includes(scope));
}
