import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  CRM_CONNECT_MINUTES,
  CRM_PROVIDERS,
  CRM_SYNCS_LISTED,
  CRM_TARGETS_OF,
  DEFAULT_CRM_MAPPING,
  SPLIT_NAME,
  type CrmErrorKind,
  type CrmMapping,
  type CrmProvider,
  type CrmSyncStatus,
} from '../../src/crm.ts';
import { paths } from '../../src/routes.ts';
import type {
  CrmOptionsInput,
  CrmOwnerInput,
  CrmProviderInput,
  SaveCrmMappingInput,
} from '../../src/schemas/crm.ts';
import type { AccountOwner } from '../../src/teams.ts';
import { requireFeature } from '../access/plan-gate.ts';
import { accountWithFeature, ownedAccount } from '../access/team-access.ts';
import type { AppDeps, ServiceContext } from '../lib/app-deps.ts';
import { refusedEdit } from '../lib/edit-versions.ts';
import { AppError } from '../lib/errors.ts';
import { CrmFailure, type CrmOwner, type CrmProperty } from './connector.ts';
import { crmParts, crmRedirectUri } from './connectors.ts';
import { sealedTokens, withAccessToken } from './tokens.ts';

// The Connections page (docs/decisions/026-crm-connectors.md): an account's CRM connections, the person's own
// or their team's for its owner and admins (`owner`, as webhooks have it). Connecting goes through the CRM's
// own OAuth (state bound to the person who started it, PKCE); the mapping is checked against the CRM's own
// properties and owners when it is saved; disconnecting revokes the tokens at the CRM. What reaches the CRM
// (connect, options, a mapping, another try) needs apiAccess in the account's plan; an account whose
// Business plan ended still sees its connections and disconnects them.

export interface CrmSyncItem {
  id: string;
  leadId: string;
  leadName: string | null;
  leadEmail: string | null;
  status: CrmSyncStatus;
  attempts: number;
  errorKind: CrmErrorKind | null;
  /** The CRM's own words. */
  lastError: string | null;
  nextAttemptAt: Date | null;
  recordId: string | null;
  /** Whether the record was made by the sync (else an existing one was completed). */
  recordCreated: boolean | null;
  syncedAt: Date | null;
  createdAt: Date;
}

export interface CrmConnectionItem {
  id: string;
  provider: CrmProvider;
  externalName: string;
  status: 'connected' | 'reconnect';
  statusDetail: string | null;
  mapping: CrmMapping;
  version: number;
  createdAt: Date;
  counts: Record<CrmSyncStatus, number>;
  syncs: CrmSyncItem[];
}

export interface CrmConnectionsView {
  /** The CRMs this server offers (the operator set their apps up). */
  available: CrmProvider[];
  connections: CrmConnectionItem[];
}

const connectionColumns = [
  'id',
  'provider',
  'external_name as externalName',
  'status',
  'status_detail as statusDetail',
  'mapping',
  'version',
  'created_at as createdAt',
] as const;

function offered(deps: Pick<AppDeps, 'config'>): CrmProvider[] {
  const { connectors } = crmParts(deps.config);
  return CRM_PROVIDERS.filter((provider) => connectors[provider] !== undefined);
}

export async function listCrmConnections(
  ctx: ServiceContext,
  input: CrmOwnerInput,
): Promise<CrmConnectionsView> {
  const available = offered(ctx);
  const accountId = await ownedAccount(ctx, input.owner);
  if (!accountId) return { available, connections: [] };
  const rows = await ctx.db
    .selectFrom('crm_connections')
    .select(connectionColumns)
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
  const connections: CrmConnectionItem[] = [];
  for (const row of rows) {
    const counted = await ctx.db
      .selectFrom('crm_syncs')
      .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
      .where('connection_id', '=', row.id)
      .groupBy('status')
      .execute();
    const counts: Record<CrmSyncStatus, number> = { pending: 0, synced: 0, failed: 0 };
    for (const { status, count } of counted) counts[status] = Number(count);
    const syncs = await ctx.db
      .selectFrom('crm_syncs as s')
      .innerJoin('leads as l', 'l.id', 's.lead_id')
      .select([
        's.id',
        's.lead_id as leadId',
        'l.name as leadName',
        'l.email as leadEmail',
        's.status',
        's.attempts',
        's.error_kind as errorKind',
        's.last_error as lastError',
        's.next_attempt_at as nextAttemptAt',
        's.record_id as recordId',
        's.record_created as recordCreated',
        's.synced_at as syncedAt',
        's.created_at as createdAt',
      ])
      .where('s.connection_id', '=', row.id)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(CRM_SYNCS_LISTED)
      .execute();
    connections.push({ ...row, counts, syncs });
  }
  return { available, connections };
}

/** The account of `owner` when its plan lets it reach a CRM (plan_required otherwise). */
async function sendingAccount(ctx: ServiceContext, owner: AccountOwner): Promise<string> {
  const accountId = await ownedAccount(ctx, owner);
  if (!accountId) throw new AppError('not_found');
  await requireFeature(ctx, accountId, 'apiAccess');
  return accountId;
}

function connectorFor(deps: Pick<AppDeps, 'config'>, provider: CrmProvider) {
  const connector = crmParts(deps.config).connectors[provider];
  if (!connector) throw new AppError('crm_not_configured', { provider });
  return connector;
}

/** A CRM's refusal as the reason the person reads (with the CRM's words in meta.detail). */
function appErrorOf(error: unknown): unknown {
  if (!(error instanceof CrmFailure)) return error;
  if (error.kind === 'revoked' || error.kind === 'token') {
    return new AppError('crm_reconnect_required', { detail: error.detail });
  }
  return new AppError('crm_unavailable', { detail: error.detail });
}

/**
 * Starts connecting `provider` for `owner`'s account: a state (bound to this person, good for
 * CRM_CONNECT_MINUTES, used once) and a PKCE verifier kept here, and the CRM's authorization page to open.
 */
export async function startCrmConnect(
  ctx: ServiceContext,
  input: CrmProviderInput,
): Promise<{ url: string }> {
  const connector = connectorFor(ctx, input.provider);
  const accountId = await accountWithFeature(ctx, input.owner, 'apiAccess');
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(32).toString('base64url');
  await ctx.db
    .deleteFrom('crm_connects')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await ctx.db
    .insertInto('crm_connects')
    .values({
      state,
      user_id: ctx.user.id,
      account_id: accountId,
      provider: input.provider,
      code_verifier: codeVerifier,
      expires_at: sql<Date>`now() + make_interval(mins => ${CRM_CONNECT_MINUTES})`,
    })
    .execute();
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  return {
    url: connector.authorizeUrl({
      state,
      codeChallenge,
      redirectUri: crmRedirectUri(ctx.config, input.provider),
    }),
  };
}

/** How a connect ended, for the Connections page's notice (`?crm=`). */
export type CrmConnectResult = 'connected' | 'denied' | 'expired' | 'failed';

/**
 * The CRM's redirect back: the state must be one this person started for this CRM, still good (it is used
 * up either way); the code is exchanged with the PKCE verifier. The connection is made, or its tokens
 * replaced (its mapping kept), and the syncs that waited for a new connection are queued again.
 */
export async function finishCrmConnect(
  deps: AppDeps,
  userId: string,
  provider: CrmProvider,
  query: { code?: string; state?: string; error?: string },
): Promise<{ result: CrmConnectResult; owner: AccountOwner }> {
  const connector = connectorFor(deps, provider);
  const pending = query.state
    ? await deps.db
        .deleteFrom('crm_connects')
        .where('state', '=', query.state)
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .returning(['account_id', 'code_verifier', 'expires_at'])
        .executeTakeFirst()
    : undefined;
  if (!pending) return { result: 'expired', owner: 'user' };
  const owner: AccountOwner = pending.account_id === userId ? 'user' : 'team';
  if (pending.expires_at.getTime() < Date.now()) return { result: 'expired', owner };
  if (query.error || !query.code) return { result: 'denied', owner };
  let granted;
  try {
    await requireFeature(deps, pending.account_id, 'apiAccess');
    granted = await connector.exchangeCode({
      code: query.code,
      codeVerifier: pending.code_verifier,
      redirectUri: crmRedirectUri(deps.config, provider),
    });
  } catch {
    return { result: 'failed', owner };
  }
  const { seal } = crmParts(deps.config);
  const tokens = sealedTokens(seal, granted);
  await deps.db.transaction().execute(async (trx) => {
    const connection = await trx
      .insertInto('crm_connections')
      .values({
        account_id: pending.account_id,
        provider,
        connected_by: userId,
        external_id: granted.account.id,
        external_name: granted.account.name,
        ...tokens,
        mapping: JSON.stringify(DEFAULT_CRM_MAPPING[provider]),
      })
      .onConflict((oc) =>
        oc.columns(['account_id', 'provider']).doUpdateSet({
          connected_by: userId,
          external_id: granted.account.id,
          external_name: granted.account.name,
          ...tokens,
          status: 'connected',
          status_detail: null,
          version: sql<number>`crm_connections.version + 1`,
          updated_at: sql<Date>`now()`,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const waiting = await trx
      .updateTable('crm_syncs')
      .set({ status: 'pending', attempts: 0, next_attempt_at: null })
      .where('connection_id', '=', connection.id)
      .where('status', '=', 'failed')
      .where('error_kind', '=', 'reconnect')
      .returning('id')
      .execute();
    await deps.crm.queueAgain(
      trx,
      waiting.map((sync) => sync.id),
    );
  });
  deps.crm.wake();
  return { result: 'connected', owner };
}

/** The connection of `owner`'s account to `provider`, or not_found. */
async function connectionOf(ctx: ServiceContext, accountId: string, provider: CrmProvider) {
  const connection = await ctx.db
    .selectFrom('crm_connections')
    .select([
      'id',
      'provider',
      'access_token',
      'refresh_token',
      'access_expires_at',
      'api_base',
      'status',
      'mapping',
      'version',
    ])
    .where('account_id', '=', accountId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  if (!connection) throw new AppError('not_found');
  return connection;
}

export interface CrmOptions {
  properties: CrmProperty[];
  owners: CrmOwner[];
}

/** What the mapping may name, read from the CRM: its writable properties of each target, and its owners. */
export async function crmOptions(ctx: ServiceContext, input: CrmOptionsInput): Promise<CrmOptions> {
  const accountId = await sendingAccount(ctx, input.owner);
  const connection = await connectionOf(ctx, accountId, input.provider);
  const connector = connectorFor(ctx, input.provider);
  const target = input.target ?? connection.mapping.target;
  if (!CRM_TARGETS_OF[input.provider].includes(target)) {
    throw new AppError('crm_field_unknown', { field: 'target', property: target });
  }
  try {
    return await withAccessToken(ctx.db, crmParts(ctx.config), connection, async (token) => ({
      properties: await connector.properties(token, target),
      owners: await connector.owners(token),
    }));
  } catch (error) {
    throw appErrorOf(error);
  }
}

/**
 * Saves what a lead maps to, edited from `baseVersion`, once the CRM confirmed every property and the
 * owner exist: a property it does not have is crm_field_unknown naming the field and the property.
 */
export async function saveCrmMapping(
  ctx: ServiceContext,
  input: SaveCrmMappingInput,
): Promise<CrmConnectionItem> {
  const { owner, provider, baseVersion, ...mapping } = input;
  const accountId = await sendingAccount(ctx, owner);
  const connection = await connectionOf(ctx, accountId, provider);
  const connector = connectorFor(ctx, provider);
  if (!CRM_TARGETS_OF[provider].includes(mapping.target)) {
    throw new AppError('crm_field_unknown', { field: 'target', property: mapping.target });
  }
  let options: CrmOptions;
  try {
    options = await withAccessToken(ctx.db, crmParts(ctx.config), connection, async (token) => ({
      properties: await connector.properties(token, mapping.target),
      owners: mapping.ownerId ? await connector.owners(token) : [],
    }));
  } catch (error) {
    throw appErrorOf(error);
  }
  const known = new Set(options.properties.map((property) => property.name));
  for (const [field, property] of Object.entries(mapping.fields)) {
    if (property === undefined) continue;
    const needed =
      property === SPLIT_NAME && field === 'name'
        ? [connector.nameProperties.first, connector.nameProperties.last]
        : [property];
    const missing = needed.find((name) => name === SPLIT_NAME || !known.has(name));
    if (missing !== undefined) throw new AppError('crm_field_unknown', { field, property: missing });
  }
  if (mapping.ownerId && !options.owners.some((crmOwner) => crmOwner.id === mapping.ownerId)) {
    throw new AppError('crm_field_unknown', { field: 'ownerId', property: mapping.ownerId });
  }
  const saved: CrmMapping = { target: mapping.target, fields: mapping.fields, ownerId: mapping.ownerId };
  const updated = await ctx.db
    .updateTable('crm_connections')
    .set({ mapping: JSON.stringify(saved), version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', connection.id)
    .where('version', '=', baseVersion)
    .returning('id')
    .executeTakeFirst();
  const current = async () =>
    (await listCrmConnections(ctx, { owner })).connections.find((item) => item.id === connection.id);
  if (!updated) throw await refusedEdit(current);
  const item = await current();
  if (!item) throw new AppError('not_found');
  return item;
}

/**
 * Disconnects: the tokens are revoked at the CRM, then the connection and its syncs deleted. A CRM that
 * cannot be reached leaves its token unrevoked (`revoked: false`, for the page to say so); the connection
 * goes all the same.
 */
export async function disconnectCrm(
  ctx: ServiceContext,
  input: CrmProviderInput,
): Promise<{ revoked: boolean }> {
  const accountId = await ownedAccount(ctx, input.owner);
  if (!accountId) throw new AppError('not_found');
  const connection = await connectionOf(ctx, accountId, input.provider);
  const { seal, connectors } = crmParts(ctx.config);
  const connector = connectors[input.provider];
  const accessToken = seal.open(connection.access_token);
  const refreshToken = seal.open(connection.refresh_token);
  let revoked = false;
  if (connector && accessToken !== null && refreshToken !== null) {
    revoked = await connector.revoke({ accessToken, refreshToken }).then(
      () => true,
      () => false,
    );
  }
  await ctx.db.deleteFrom('crm_connections').where('id', '=', connection.id).execute();
  return { revoked };
}

/**
 * Revokes, at each CRM, the tokens of the account's connections (an account being deleted): best effort, as a
 * disconnect's is; the rows go with the account. Answers how many the CRMs confirmed.
 */
export async function revokeCrmConnectionsOf(
  deps: Pick<AppDeps, 'db' | 'config'>,
  accountId: string,
): Promise<number> {
  const { seal, connectors } = crmParts(deps.config);
  const connections = await deps.db
    .selectFrom('crm_connections')
    .select(['provider', 'access_token', 'refresh_token'])
    .where('account_id', '=', accountId)
    .execute();
  let revoked = 0;
  for (const connection of connections) {
    const connector = connectors[connection.provider];
    const accessToken = seal.open(connection.access_token);
    const refreshToken = seal.open(connection.refresh_token);
    if (!connector || accessToken === null || refreshToken === null) continue;
    const done = await connector.revoke({ accessToken, refreshToken }).then(
      () => true,
      () => false,
    );
    if (done) revoked += 1;
  }
  return revoked;
}

/** Tries the connection's failed syncs again (their tries counted anew); refused while it must be connected again. */
export async function retryCrmSyncs(
  ctx: ServiceContext,
  input: CrmProviderInput,
): Promise<{ queued: number }> {
  const accountId = await sendingAccount(ctx, input.owner);
  const connection = await connectionOf(ctx, accountId, input.provider);
  if (connection.status === 'reconnect') throw new AppError('crm_reconnect_required');
  const queued = await ctx.db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable('crm_syncs')
      .set({ status: 'pending', attempts: 0, next_attempt_at: null })
      .where('connection_id', '=', connection.id)
      .where('status', '=', 'failed')
      .returning('id')
      .execute();
    await ctx.crm.queueAgain(
      trx,
      failed.map((sync) => sync.id),
    );
    return failed.length;
  });
  ctx.crm.wake();
  return { queued };
}

/** The Connections page's address with how a connect ended. */
export function connectionsPageAfter(
  result: CrmConnectResult,
  provider: CrmProvider,
  owner: AccountOwner,
): string {
  const query = new URLSearchParams({ crm: result, provider, ...(owner === 'team' ? { owner } : {}) });
  return `${paths.connections}?${query.toString()}`;
}
