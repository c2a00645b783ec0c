// npm run cleanup [-- --dry-run]: removes expired sessions and verification tokens, accounts never
// confirmed in time, photos nothing uses, photo files no row points to, old processed Stripe event ids,
// old ids of written count batches, old records of queued e-mails, old sign-in limit counters, the usernames
// of accounts and the chosen codes of links deleted long enough ago (server/cleanup/service.ts),
// and prints how many of each; --dry-run prints the same counts and deletes nothing. Safe from cron on
// several machines at once.
import {
  cleanUp,
  COUNT_BATCH_DAYS,
  MAIL_RECORD_DAYS,
  PHOTO_GRACE_HOURS,
  RATE_LIMIT_HOURS,
  STRIPE_EVENT_DAYS,
  UNCONFIRMED_ACCOUNT_DAYS,
  type CleanupCounts,
} from '../server/cleanup/service.ts';
import { runAdminCommand } from '../server/admin-command.ts';
import { IDEMPOTENCY_KEY_DAYS } from '../server/api/idempotency.ts';
import { TEAM_EVENTS_KEPT_DAYS } from '../src/teams.ts';
import { ADDRESS_HOLD_DAYS } from '../src/username.ts';
import { WEBHOOK_DELIVERY_KEPT_DAYS } from '../src/webhooks.ts';
import { LEAD_POSTS_KEPT_DAYS } from '../server/leads/capture.ts';

const LABELS: Record<keyof CleanupCounts, string> = {
  expiredSessions: 'expired sessions',
  expiredVerifications: 'expired verification tokens',
  expiredCrmConnects: 'CRM connections begun and never finished (their OAuth state expired)',
  unconfirmedAccounts: `accounts unconfirmed after ${UNCONFIRMED_ACCOUNT_DAYS} days`,
  unusedPhotos: `photos no profile or vCard uses (older than ${PHOTO_GRACE_HOURS} hours)`,
  strayPhotoFiles: `photo files without a row (older than ${PHOTO_GRACE_HOURS} hours)`,
  oldStripeEvents: `processed Stripe event ids older than ${STRIPE_EVENT_DAYS} days`,
  oldCountBatches: `ids of written count batches older than ${COUNT_BATCH_DAYS} days`,
  oldMailRecords: `records of e-mails queued more than ${MAIL_RECORD_DAYS} days ago`,
  oldRateLimits: `sign-in limit counters of a client address untouched for ${RATE_LIMIT_HOURS * 60} minutes`,
  oldTeamEvents: `entries of team audit logs older than ${TEAM_EVENTS_KEPT_DAYS} days`,
  oldWebhookDeliveries: `webhook deliveries (endpoints' logs) older than ${WEBHOOK_DELIVERY_KEPT_DAYS} days`,
  oldIdempotencyKeys: `answers of REST API creates kept for their Idempotency-Key, older than ${IDEMPOTENCY_KEY_DAYS * 24} hours`,
  expiredLeads: 'leads older than the automatic deletion their account chose',
  oldLeadPosts: `records of lead form posts (what the form's limits count) older than ${LEAD_POSTS_KEPT_DAYS} day`,
  expiredUsernameHolds: `usernames of accounts deleted ${ADDRESS_HOLD_DAYS} days ago or more (free again)`,
  expiredLinkCodeHolds: `chosen short-link codes of links deleted ${ADDRESS_HOLD_DAYS} days ago or more (free again)`,
};

await runAdminCommand('cleanup', async (deps, { dryRun }) => {
  const counts = await cleanUp(deps, { dryRun });
  console.log(dryRun ? 'Dry run: would delete (nothing was deleted)' : 'Deleted');
  for (const [key, label] of Object.entries(LABELS) as [keyof CleanupCounts, string][]) {
    console.log(`  ${label}: ${counts[key]}`);
  }
  return 0;
});
