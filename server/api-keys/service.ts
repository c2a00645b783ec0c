import {
  API_KEYS_PER_ACCOUNT_MAX,
  expiryDays,
  type ApiKeyScope,
  type CreateApiKeyInput,
  type ListApiKeysInput,
  type RenameApiKeyInput,
  type RevokeApiKeyInput,
} from '../../src/api-keys.ts';
import type { Auth } from '../auth/auth.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { accountWithFeature, ownedAccount } from '../access/team-access.ts';
import { apiKeyConfigId } from './auth-plugin.ts';
import { isApiKeyScope, SCOPES_RESOURCE, scopesOf } from './permissions.ts';

// API keys (apiAccess, a Business feature): the signed-in person's own, and their team's for its owner and
// admins. Keys are made by better-auth's API key plugin (server/api-keys/auth-plugin.ts), which returns the
// key once and keeps only its hash; listing, renaming and revoking are queries on the account's own rows
// here. A team's keys belong to the team's account (docs/decisions/021-teams.md: a team's cards belong to
// it), so they act on the team's cards with the team's plan, and outlive the admin who made them.

export interface ApiKeyItem {
  id: string;
  name: string;
  /** The key's first characters (its prefix included), to tell keys apart: never the whole key. */
  start: string | null;
  scopes: ApiKeyScope[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export interface CreatedApiKey extends ApiKeyItem {
  /** The whole key: in this answer only, never stored or shown again. */
  key: string;
}

type ApiKeysContext = ServiceContext & { auth: Auth };

/** The account's keys of `owner`, newest first; an expired key is listed (until the plugin deletes it). */
export async function listApiKeys(ctx: ServiceContext, input: ListApiKeysInput): Promise<ApiKeyItem[]> {
  const accountId = await ownedAccount(ctx, input.owner);
  if (!accountId) return [];
  const rows = await ctx.db
    .selectFrom('api_keys')
    .select(['id', 'name', 'start', 'permissions', 'created_at', 'expires_at', 'last_request'])
    .where('reference_id', '=', accountId)
    .where('config_id', '=', apiKeyConfigId(input.owner))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? '',
    start: row.start,
    scopes: scopesOf(row.permissions),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_request,
  }));
}

/**
 * A new key for the person's or their team's account (plan_required unless its plan includes apiAccess), at
 * most API_KEYS_PER_ACCOUNT_MAX of them (limit_reached). The count and the insert are not one transaction
 * (the plugin writes through its own adapter): two creates at once may pass the count together, and the
 * account then has one key over the limit, which it can revoke.
 */
export async function createApiKey(ctx: ApiKeysContext, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const accountId = await accountWithFeature(ctx, input.owner, 'apiAccess');
  const { count } = await ctx.db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('reference_id', '=', accountId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= API_KEYS_PER_ACCOUNT_MAX) {
    throw new AppError('limit_reached', { resource: 'api_keys', limit: API_KEYS_PER_ACCOUNT_MAX });
  }
  const days = expiryDays(input.expiry);
  const scopes = input.scopes.filter(isApiKeyScope);
  // no headers: a call from the server, which may set the owner and the permissions (scopes); the
  // configuration records whose the key is (a person's or a team's account)
  const created = await ctx.auth.api.createApiKey({
    body: {
      configId: apiKeyConfigId(input.owner),
      userId: accountId,
      name: input.name,
      permissions: { [SCOPES_RESOURCE]: scopes },
      ...(days === null ? {} : { expiresIn: days * 24 * 60 * 60 }),
    },
  });
  ctx.changes.publish({ userId: accountId, topic: 'apiKeys' });
  return {
    id: created.id,
    name: created.name ?? input.name,
    start: created.start,
    scopes,
    createdAt: created.createdAt,
    expiresAt: created.expiresAt,
    lastUsedAt: null,
    key: created.key,
  };
}

export async function renameApiKey(ctx: ServiceContext, input: RenameApiKeyInput): Promise<void> {
  const accountId = await ownedAccount(ctx, input.owner);
  if (!accountId) throw new AppError('not_found');
  const renamed = await ctx.db
    .updateTable('api_keys')
    .set({ name: input.name, updated_at: new Date() })
    .where('id', '=', input.id)
    .where('reference_id', '=', accountId)
    .where('config_id', '=', apiKeyConfigId(input.owner))
    .executeTakeFirst();
  if (Number(renamed.numUpdatedRows) === 0) throw new AppError('not_found');
  ctx.changes.publish({ userId: accountId, topic: 'apiKeys' });
}

/** Deletes the key: from the next request on, it answers 401 (server/api-keys/verify.ts). */
export async function revokeApiKey(ctx: ServiceContext, input: RevokeApiKeyInput): Promise<void> {
  const accountId = await ownedAccount(ctx, input.owner);
  if (!accountId) throw new AppError('not_found');
  const revoked = await ctx.db
    .deleteFrom('api_keys')
    .where('id', '=', input.id)
    .where('reference_id', '=', accountId)
    .where('config_id', '=', apiKeyConfigId(input.owner))
    .executeTakeFirst();
  if (Number(revoked.numDeletedRows) === 0) throw new AppError('not_found');
  ctx.changes.publish({ userId: accountId, topic: 'apiKeys' });
}
