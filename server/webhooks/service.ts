import { sql } from 'kysely';
import type { AccountOwner } from '../../src/teams.ts';
import type {
  CreateWebhookInput,
  ListWebhooksInput,
  RedeliverWebhookInput,
  UpdateWebhookInput,
  WebhookDeliveriesInput,
  WebhookDeliveryInput,
  WebhookIdInput,
} from '../../src/schemas/webhook.ts';
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_DELIVERIES_RANGE_MAX,
  WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryEvent,
  type WebhookEvent,
} from '../../src/webhooks.ts';
import { requireFeature } from '../access/plan-gate.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { refusedEdit } from '../lib/edit-versions.ts';
import { AppError } from '../lib/errors.ts';
import { accountWithFeature, ownedAccount } from '../access/team-access.ts';
import { deliveryBody, failWaitingDeliveries, webhookPayload } from './delivery.ts';
import { refusedTargetAddress } from './target.ts';
import { newWebhookSecret } from './signing.ts';

// An account's webhook endpoints and their delivery log: the signed-in person's own, or their team's for
// its owner and admins (`owner`, as API keys have it). A team's endpoints belong to the team's account, to
// which its cards' events and team.member_joined are sent. Every query names the account: another
// account's endpoint or delivery is not_found, like one that does not exist. What sends requests (a new
// endpoint, a change, a test, a redelivery) needs apiAccess in the account's plan (a team's is its owner's);
// an account whose Business plan ended still sees its endpoints and their log, and deletes them.

export interface WebhookEndpointItem {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  /** Set when the endpoint was disabled for failing (WEBHOOK_DISABLE_AFTER_DAYS). */
  disabledAt: Date | null;
  disabledReason: 'failing' | null;
  failingSince: Date | null;
  createdAt: Date;
  /** The edit version (src/schemas/edit-version.ts). */
  version: number;
}

export interface WebhookDeliveryItem {
  id: string;
  eventType: WebhookDeliveryEvent;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastResponseMs: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

/** One try of a delivery, and what the receiver answered. */
export interface WebhookTryItem {
  triedAt: Date;
  /** The receiver's HTTP status; null when no answer came (see `error`). */
  statusCode: number | null;
  responseMs: number | null;
  error: string | null;
  /** The start of the answer's body as text (WEBHOOK_ANSWER_KEPT_BYTES); null without an answer. */
  answer: string | null;
  /** The answer was longer than `answer`. */
  answerTruncated: boolean;
}

/** A delivery as its log opens it: what was sent, and each try, newest first. */
export interface WebhookDeliveryDetail {
  id: string;
  /** The request's body exactly as it was signed and sent: the same on every try. */
  body: string;
  tries: WebhookTryItem[];
}

export interface WebhookDeliveriesPage {
  items: WebhookDeliveryItem[];
  /** The next page's cursor; null on the last page. */
  nextCursor: string | null;
}

const endpointColumns = [
  'id',
  'url',
  'description',
  'events',
  'enabled',
  'disabled_at as disabledAt',
  'disabled_reason as disabledReason',
  'failing_since as failingSince',
  'created_at as createdAt',
  'version',
] as const;

export async function listWebhooks(
  ctx: ServiceContext,
  input: ListWebhooksInput,
): Promise<WebhookEndpointItem[]> {
  const accountId = await ownedAccount(ctx, input.owner);
  if (!accountId) return [];
  return ctx.db
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('user_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The account of `owner` (not_found for a team without one: it has no endpoints). */
async function endpointsAccount(ctx: ServiceContext, owner: AccountOwner): Promise<string> {
  const accountId = await ownedAccount(ctx, owner);
  if (!accountId) throw new AppError('not_found');
  return accountId;
}

/** The account of `owner` when its plan lets it send requests (plan_required otherwise). */
async function sendingAccount(ctx: ServiceContext, owner: AccountOwner): Promise<string> {
  const accountId = await endpointsAccount(ctx, owner);
  await requireFeature(ctx, accountId, 'apiAccess');
  return accountId;
}

/** The endpoint of the account, or not_found. */
async function accountEndpoint(ctx: ServiceContext, accountId: string, id: string) {
  const endpoint = await ctx.db
    .selectFrom('webhook_endpoints')
    .select(['id', 'secret', 'enabled'])
    .where('id', '=', id)
    .where('user_id', '=', accountId)
    .executeTakeFirst();
  if (!endpoint) throw new AppError('not_found');
  return endpoint;
}

/**
 * Refuses a URL its deliveries would refuse (webhook_target_refused, with the address and the field it
 * is in): an address that is not public, given or resolved to, by the rule and the resolver deliveries use
 * (refusedTargetAddress; a name that does not resolve now is let through).
 */
export async function throwIfTargetRefused(
  deps: Pick<ServiceContext, 'resolveHost' | 'config'>,
  url: string,
): Promise<void> {
  await throwIfTargetsRefused(deps, [{ url, field: 'url' }]);
}

/** throwIfTargetRefused for several URLs, looked up at once; the first refused in their order is said. */
export async function throwIfTargetsRefused(
  deps: Pick<ServiceContext, 'resolveHost' | 'config'>,
  targets: readonly { url: string; field: string }[],
): Promise<void> {
  const { allowedNetworks } = deps.config.webhooks;
  const refused = await Promise.all(
    targets.map(({ url }) => refusedTargetAddress(url, deps.resolveHost, allowedNetworks)),
  );
  const index = refused.findIndex((address) => address !== null);
  const target = targets[index];
  if (target) throw new AppError('webhook_target_refused', { field: target.field, address: refused[index] });
}

/**
 * A new endpoint with a new secret, at most WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX of them (limit_reached), to a
 * URL its deliveries may reach (webhook_target_refused).
 */
export async function createWebhook(
  ctx: ServiceContext,
  input: CreateWebhookInput,
): Promise<WebhookEndpointItem & { secret: string }> {
  // who may (team_role_required) before the URL's lookup, which comes before a team's first endpoint makes
  // its account
  await ownedAccount(ctx, input.owner);
  await throwIfTargetRefused(ctx, input.url);
  const accountId = await accountWithFeature(ctx, input.owner, 'apiAccess');
  return ctx.db.transaction().execute(async (trx) => {
    // the account's row, locked: two creates at once count one after the other
    await trx.selectFrom('users').select('id').where('id', '=', accountId).forUpdate().execute();
    const { count } = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', accountId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX) {
      throw new AppError('limit_reached', { resource: 'webhooks', limit: WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX });
    }
    return trx
      .insertInto('webhook_endpoints')
      .values({
        user_id: accountId,
        url: input.url,
        description: input.description,
        events: input.events,
        secret: newWebhookSecret(),
      })
      .returning([...endpointColumns, 'secret'])
      .executeTakeFirstOrThrow();
  });
}

/**
 * Changes what is given, edited from `baseVersion`; a new URL is checked as a new endpoint's is
 * (webhook_target_refused). Enabling an endpoint clears why it was disabled and its failing time; disabling
 * it fails its deliveries waiting for a try (none is made while it is disabled). A newer version saved
 * meanwhile: edit_conflict with the endpoint as the list has it now, and nothing changes.
 */
export async function updateWebhook(
  ctx: ServiceContext,
  input: UpdateWebhookInput,
): Promise<WebhookEndpointItem> {
  const { owner, id, enabled, baseVersion, ...fields } = input;
  const accountId = await sendingAccount(ctx, owner);
  if (fields.url !== undefined) {
    const stored = await ctx.db
      .selectFrom('webhook_endpoints')
      .select('url')
      .where('id', '=', id)
      .where('user_id', '=', accountId)
      .executeTakeFirst();
    // an unchanged URL is not looked up again: an edit of the events is not refused for where it points
    if (stored && stored.url !== fields.url) await throwIfTargetRefused(ctx, fields.url);
  }
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('webhook_endpoints')
      .set({
        ...fields,
        ...(enabled === undefined
          ? {}
          : enabled
            ? { enabled, disabled_at: null, disabled_reason: null, failing_since: null }
            : { enabled, disabled_at: sql<Date>`now()`, disabled_reason: null }),
        version: sql<number>`version + 1`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('user_id', '=', accountId)
      .where('version', '=', baseVersion)
      .returning(endpointColumns)
      .executeTakeFirst();
    if (row && enabled === false) await failWaitingDeliveries(trx, id);
    return row;
  });
  if (!updated)
    throw await refusedEdit(() =>
      ctx.db
        .selectFrom('webhook_endpoints')
        .select(endpointColumns)
        .where('id', '=', id)
        .where('user_id', '=', accountId)
        .executeTakeFirst(),
    );
  return updated;
}

/** Deletes the endpoint and its log; its pending deliveries' jobs then find nothing to send. */
export async function deleteWebhook(ctx: ServiceContext, input: WebhookIdInput): Promise<void> {
  const accountId = await endpointsAccount(ctx, input.owner);
  const deleted = await ctx.db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', input.id)
    .where('user_id', '=', accountId)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw new AppError('not_found');
}

/** The endpoint's signing secret, shown to its owner on demand. */
export async function webhookSecret(ctx: ServiceContext, input: WebhookIdInput): Promise<{ secret: string }> {
  const accountId = await endpointsAccount(ctx, input.owner);
  const { secret } = await accountEndpoint(ctx, accountId, input.id);
  return { secret };
}

/** A new signing secret; deliveries signed from now on use it, the old one stops verifying at once. */
export async function rotateWebhookSecret(
  ctx: ServiceContext,
  input: WebhookIdInput,
): Promise<{ secret: string }> {
  const accountId = await sendingAccount(ctx, input.owner);
  const rotated = await ctx.db
    .updateTable('webhook_endpoints')
    .set({ secret: newWebhookSecret(), version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', input.id)
    .where('user_id', '=', accountId)
    .returning('secret')
    .executeTakeFirst();
  if (!rotated) throw new AppError('not_found');
  return rotated;
}

/**
 * Queues a test event to the endpoint (enabled or not: a test is how its owner checks it before enabling;
 * to a disabled one it is tried once, without retries).
 */
export async function sendTestWebhook(
  ctx: ServiceContext,
  input: WebhookIdInput,
): Promise<{ deliveryId: string }> {
  const endpoint = await accountEndpoint(ctx, await sendingAccount(ctx, input.owner), input.id);
  const payload = webhookPayload(WEBHOOK_TEST_EVENT, { endpointId: input.id });
  const deliveryId = await ctx.db
    .transaction()
    .execute((trx) => ctx.webhooks.queue(trx, input.id, payload, undefined, { once: !endpoint.enabled }));
  ctx.webhooks.wake();
  return { deliveryId };
}

/**
 * Sends a delivery again, with the same webhook-id (receivers drop repeats by it); not one still pending.
 * To a disabled endpoint it is tried once, without retries.
 */
export async function redeliverWebhook(ctx: ServiceContext, input: RedeliverWebhookInput): Promise<void> {
  const accountId = await sendingAccount(ctx, input.owner);
  await ctx.db.transaction().execute(async (trx) => {
    const delivery = await trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select(['d.id', 'd.status', 'd.payload', 'd.event_type', 'e.enabled'])
      .where('d.id', '=', input.deliveryId)
      .where('d.endpoint_id', '=', input.id)
      .where('e.user_id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!delivery) throw new AppError('not_found');
    if (delivery.status === 'pending') throw new AppError('conflict');
    await ctx.webhooks.queue(trx, input.id, delivery.payload as never, delivery.id, {
      once: !delivery.enabled,
    });
  });
  ctx.webhooks.wake();
}

interface Cursor {
  createdAt: Date;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString('base64url');
}

/** The cursor's position; a cursor this server did not make is validation_failed. */
function decodeCursor(value: string): Cursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(value, 'base64url').toString()) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(createdAt)))
      return { createdAt: new Date(createdAt), id };
  } catch {
    // not JSON: refused below
  }
  throw new AppError('validation_failed', { field: 'cursor' });
}

/**
 * A page of the endpoint's deliveries, newest first: the newest, those after `cursor`, or with `from` all
 * from the newest down to that delivery (at most WEBHOOK_DELIVERIES_RANGE_MAX; its next page is the one
 * after `from`, which the log has loaded already).
 */
export async function listWebhookDeliveries(
  ctx: ServiceContext,
  input: WebhookDeliveriesInput,
): Promise<WebhookDeliveriesPage> {
  await accountEndpoint(ctx, await endpointsAccount(ctx, input.owner), input.id);
  const after = input.cursor === undefined ? null : decodeCursor(input.cursor);
  const from = input.from === undefined ? null : decodeCursor(input.from);
  const rows = await ctx.db
    .selectFrom('webhook_deliveries')
    .select([
      'id',
      'event_type as eventType',
      'status',
      'attempts',
      'last_status_code as lastStatusCode',
      'last_response_ms as lastResponseMs',
      'last_error as lastError',
      'next_attempt_at as nextAttemptAt',
      'created_at as createdAt',
      'delivered_at as deliveredAt',
    ])
    .where('endpoint_id', '=', input.id)
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after?.createdAt ?? new Date(0), after?.id ?? '')),
      ),
    )
    .$if(from !== null, (query) =>
      query.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '>=', eb.tuple(from?.createdAt ?? new Date(0), from?.id ?? '')),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit((from === null ? WEBHOOK_DELIVERIES_PAGE_SIZE : WEBHOOK_DELIVERIES_RANGE_MAX) + 1)
    .execute();
  if (from !== null) return { items: rows.slice(0, WEBHOOK_DELIVERIES_RANGE_MAX), nextCursor: null };
  const items = rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > items.length && last ? encodeCursor(last) : null };
}

/** A delivery of the endpoint as its log opens it: the body sent, and its tries (not_found for another's). */
export async function webhookDelivery(
  ctx: ServiceContext,
  input: WebhookDeliveryInput,
): Promise<WebhookDeliveryDetail> {
  await accountEndpoint(ctx, await endpointsAccount(ctx, input.owner), input.id);
  const delivery = await ctx.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'payload'])
    .where('id', '=', input.deliveryId)
    .where('endpoint_id', '=', input.id)
    .executeTakeFirst();
  if (!delivery) throw new AppError('not_found');
  const tries = await ctx.db
    .selectFrom('webhook_delivery_tries')
    .select([
      'tried_at as triedAt',
      'status_code as statusCode',
      'response_ms as responseMs',
      'error',
      'answer',
      'answer_truncated as answerTruncated',
    ])
    .where('delivery_id', '=', delivery.id)
    .orderBy('id', 'desc')
    .execute();
  return { id: delivery.id, body: deliveryBody(delivery.payload), tries };
}
