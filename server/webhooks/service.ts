import { sql } from 'kysely';
import type { AccountOwner } from '../../src/teams.ts';
import type {
  CreateWebhookInput,
  ListWebhooksInput,
  RedeliverWebhookInput,
  UpdateWebhookInput,
  WebhookDeliveriesInput,
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
import { webhookPayload } from './delivery.ts';
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
  payload: unknown;
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

/** A new endpoint with a new secret, at most WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX of them (limit_reached). */
export async function createWebhook(
  ctx: ServiceContext,
  input: CreateWebhookInput,
): Promise<WebhookEndpointItem & { secret: string }> {
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
 * Changes what is given, edited from `baseVersion`; enabling an endpoint clears why it was disabled and its
 * failing time. A newer version saved meanwhile: edit_conflict with the endpoint as the list has it now, and
 * nothing changes.
 */
export async function updateWebhook(
  ctx: ServiceContext,
  input: UpdateWebhookInput,
): Promise<WebhookEndpointItem> {
  const { owner, id, enabled, baseVersion, ...fields } = input;
  const accountId = await sendingAccount(ctx, owner);
  const updated = await ctx.db
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

/** Queues a test event to the endpoint (enabled or not: a test is how its owner checks it before enabling). */
export async function sendTestWebhook(
  ctx: ServiceContext,
  input: WebhookIdInput,
): Promise<{ deliveryId: string }> {
  await accountEndpoint(ctx, await sendingAccount(ctx, input.owner), input.id);
  const payload = webhookPayload(WEBHOOK_TEST_EVENT, { endpointId: input.id });
  const deliveryId = await ctx.db.transaction().execute((trx) => ctx.webhooks.queue(trx, input.id, payload));
  ctx.webhooks.wake();
  return { deliveryId };
}

/** Sends a delivery again, with the same webhook-id (receivers drop repeats by it); not one still pending. */
export async function redeliverWebhook(ctx: ServiceContext, input: RedeliverWebhookInput): Promise<void> {
  const accountId = await sendingAccount(ctx, input.owner);
  await ctx.db.transaction().execute(async (trx) => {
    const delivery = await trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select(['d.id', 'd.status', 'd.payload', 'd.event_type'])
      .where('d.id', '=', input.deliveryId)
      .where('d.endpoint_id', '=', input.id)
      .where('e.user_id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!delivery) throw new AppError('not_found');
    if (delivery.status === 'pending') throw new AppError('conflict');
    await ctx.webhooks.queue(trx, input.id, delivery.payload as never, delivery.id);
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
      'payload',
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
