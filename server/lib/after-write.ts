import type { AppDeps } from './app-deps.ts';
import type { ChangeTopic } from './changes.ts';

// What follows every write that others see, once it has committed with its webhook events (emitted in its
// transaction: server/webhooks/delivery.ts), always in this order: the account's open dashboards and the
// other processes hear of it on the change bus (which also drops the pages cached from it), then the
// webhook deliverer wakes to send the events now rather than at its next look.

/** Tells every dashboard and process of `topics` of `userId`'s account, then wakes the webhook deliverer. */
export function announceWrite(
  deps: Pick<AppDeps, 'changes' | 'webhooks'>,
  userId: string,
  ...topics: ChangeTopic[]
): void {
  for (const topic of topics) deps.changes.publish({ userId, topic });
  deps.webhooks.wake();
}
