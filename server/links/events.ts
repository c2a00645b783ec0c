import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { present, type LinkRow } from './present.ts';

/**
 * Queues a link's webhook event (a QR code's or a profile link's) in the change's transaction, with the
 * link as the dashboard shows it (server/webhooks/delivery.ts). The caller wakes the outbox after commit.
 */
export function emitLinkEvent(
  ctx: ServiceContext,
  trx: Transaction<Database>,
  event: 'link.created' | 'link.updated',
  row: LinkRow,
): Promise<void> {
  return ctx.webhooks.emit(trx, ctx.user.id, event, () => present(ctx.config.publicUrl, row));
}
