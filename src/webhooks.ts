// Outgoing webhooks (an apiAccess feature): the events, limits and timings read by the
// server, the dashboard's webhooks page and docs/architecture.md.

/**
 * What an endpoint may subscribe to. `link` is a short link (a QR code's too) or a profile link; `lead` a
 * contact a visitor shared back on a card's page (lead.erased carries only its id: it was erased).
 */
export const WEBHOOK_EVENTS = [
  'card.created',
  'card.updated',
  'card.deleted',
  'link.created',
  'link.updated',
  'link.deleted',
  'link.scanned',
  'profile.viewed',
  'team.member_joined',
  'lead.created',
  'lead.erased',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The test event "send test event" delivers; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/**
 * Events counted on the visit path: sent as one delivery per endpoint per interval with the counts,
 * never one per visit.
 */
export const WEBHOOK_BATCHED_EVENTS = [
  'link.scanned',
  'profile.viewed',
] as const satisfies readonly WebhookEvent[];
export type WebhookBatchedEvent = (typeof WEBHOOK_BATCHED_EVENTS)[number];

/** How often the counts of the batched events are sent. */
export const WEBHOOK_BATCH_INTERVAL_SECONDS = 60;

/** Endpoints an account may hold at once. */
export const WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX = 10;

export const WEBHOOK_URL_MAX_LENGTH = 500;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

/** A delivery is tried again, the waits growing, for about this long before it is given up. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;

/** An endpoint whose deliveries have failed without a success for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;

/** How long one request may take (connection, answer and body) before it counts as failed. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;

/**
 * The most of a receiver's answer a try keeps, from its start, read as text: the delivery log shows it
 * (marked when the answer was longer), as the first thing to look at when a receiver refuses.
 */
export const WEBHOOK_ANSWER_KEPT_BYTES = 1024;

/** The newest tries of a delivery its log keeps (a retried one has up to 11, a redelivered one more). */
export const WEBHOOK_TRIES_KEPT = 20;

/** An endpoint's delivery log keeps each delivery this long (the clean-up removes older ones). */
export const WEBHOOK_DELIVERY_KEPT_DAYS = 30;

/** Deliveries one page of an endpoint's log holds. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 25;

/**
 * The most deliveries the newest part of an open log is refreshed with once older pages are shown (it
 * keeps what it loaded and gains what came since).
 */
export const WEBHOOK_DELIVERIES_RANGE_MAX = 10 * WEBHOOK_DELIVERIES_PAGE_SIZE;
