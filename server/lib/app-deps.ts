import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../config.ts';
import type { CrmOutbox } from '../crm/sync.ts';
import type { TxtResolver } from '../domains/dns.ts';
import type { Mailer } from '../mail/types.ts';
import type { MediaStorage } from '../media/storage.ts';
import type { WebhookOutbox } from '../webhooks/delivery.ts';
import type { HostResolver } from '../webhooks/target.ts';
import type { ChangeBus } from './changes.ts';

// What services are given, as types only: a leaf that every feature imports, so that no service depends on
// the tRPC context (which reads sessions through better-auth, whose hooks call services).

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/**
 * The app's shared parts that services use: database, config, the one mailer, photo storage, change
 * notices, the webhook outbox, the CRM outbox (leads to the accounts' CRMs), the resolver webhook targets are
 * looked up with and the one custom domains' TXT records are.
 */
export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  storage: MediaStorage;
  changes: ChangeBus;
  webhooks: WebhookOutbox;
  crm: CrmOutbox;
  resolveHost: HostResolver;
  resolveTxt: TxtResolver;
}

/** What every service receives: the app's parts and, when signed in, the user. */
export interface ServiceContext extends AppDeps {
  user: SessionUser;
  /** The REST API's key the request came with (its account is `user`); absent for the dashboard's. */
  apiKey?: { id: string; name: string };
}
