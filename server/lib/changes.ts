import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { reconnectDelay } from '../../src/reconnect.ts';

// Change notices between the services that write user data and whoever caches or shows it (the public
// page cache, the dashboard's live updates). One process: an in-memory fan-out. Several processes on one
// Postgres: the same notices travel over LISTEN/NOTIFY (createPostgresChangeBus).

/**
 * cards: vCards and profile details; links: QR codes and profile links (not their counts); views: profile
 * views recorded; hits: scans and clicks of short links recorded; team: the person's team (its members,
 * invitations, name and log), told to every member; apiKeys: the account's API keys (made, renamed,
 * revoked, used); domains: the account's custom domains (added, checked, removed); leads: the contacts
 * visitors shared on the account's cards (left, erased, deleted by age or the plan's limit).
 */
export type ChangeTopic = 'cards' | 'links' | 'views' | 'hits' | 'team' | 'apiKeys' | 'domains' | 'leads';

export const CHANGE_TOPICS: readonly ChangeTopic[] = [
  'cards',
  'links',
  'views',
  'hits',
  'team',
  'apiKeys',
  'domains',
  'leads',
];
const TOPICS: ReadonlySet<string> = new Set(CHANGE_TOPICS);

export interface Change {
  userId: string;
  topic: ChangeTopic;
}

export type ChangeListener = (change: Change) => void;

export interface ChangeBus {
  /** Tells every listener, in this process and (with Postgres) in every other one. Never throws. */
  publish(change: Change): void;
  /**
   * Hears every change, or only those of `topics` (a cache of pages need not hear each counted visit).
   * Returns the function that stops listening.
   */
  subscribe(listener: ChangeListener, topics?: readonly ChangeTopic[]): () => void;
  /**
   * Called when notices may have been missed (the connection to the other processes was lost and is back):
   * drop everything derived from earlier notices. Returns the function that stops listening.
   */
  onReset(listener: () => void): () => void;
  /**
   * False while notices from other processes may be missed (the listening connection is lost and not yet
   * back): caches then cap the age of what they serve. Always true in one process.
   */
  readonly connected: boolean;
  close(): Promise<void>;
}

/** The fan-out inside one process. */
export function createLocalChangeBus(): ChangeBus & { deliver(change: Change): void; reset(): void } {
  // each topic's listeners, those of every topic among them: a publish calls only the listeners of its topic
  const listeners = new Map<ChangeTopic, Set<ChangeListener>>(
    CHANGE_TOPICS.map((topic) => [topic, new Set()]),
  );
  const resetListeners = new Set<() => void>();
  const deliver = (change: Change) => {
    for (const listener of listeners.get(change.topic) ?? []) listener(change);
  };
  return {
    deliver,
    reset() {
      for (const listener of resetListeners) listener();
    },
    publish: deliver,
    subscribe(listener, topics = CHANGE_TOPICS) {
      // a copy per subscription: one listener given twice is two subscriptions, each stopped by its own
      const subscribed = (change: Change) => listener(change);
      for (const topic of topics) listeners.get(topic)?.add(subscribed);
      return () => {
        for (const topic of topics) listeners.get(topic)?.delete(subscribed);
      };
    },
    onReset(listener) {
      resetListeners.add(listener);
      return () => resetListeners.delete(listener);
    },
    connected: true,
    async close() {
      for (const topicListeners of listeners.values()) topicListeners.clear();
      resetListeners.clear();
    },
  };
}

/** The channel every Tapcard process on one database listens on. */
export const CHANGES_CHANNEL = 'tapcard_changes';
/** How the listening connection shows in pg_stat_activity. */
export const CHANGES_APPLICATION_NAME = 'tapcard-changes';
/** How the connection notices are sent through shows in pg_stat_activity. */
export const CHANGES_PUBLISHER_APPLICATION_NAME = 'tapcard-changes-publisher';
const CONNECT_TIMEOUT_MS = 5_000;

interface Notice {
  /** The process that published it: that one has already told its own listeners. */
  origin: string;
  userId: string;
  topic: ChangeTopic;
}

const noticeKey = (notice: Notice) => `${notice.topic} ${notice.userId}`;

function parseNotice(payload: string | undefined): Notice | null {
  try {
    const value = JSON.parse(payload ?? '') as Partial<Notice>;
    if (typeof value.origin !== 'string' || typeof value.userId !== 'string') return null;
    if (typeof value.topic !== 'string' || !TOPICS.has(value.topic)) return null;
    return { origin: value.origin, userId: value.userId, topic: value.topic };
  } catch {
    return null;
  }
}

export interface PostgresChangeBusOptions {
  /** First wait before reconnecting a lost listening connection; doubles up to maxReconnectDelayMs. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
}

export const RECONNECT_DELAY_MS = 100;
/**
 * The longest wait between two attempts to listen again: a database that comes back is heard from within
 * about a second (caches serve capped-age copies until then), and one attempt a second per process is
 * nothing to a database that is still away.
 */
export const MAX_RECONNECT_DELAY_MS = 1_000;

/**
 * Notices shared by every process on one Postgres database (ARCHITECTURE.md "Scale by adding processes").
 * Each process delivers its own notices at once, and sends them with pg_notify through a connection of
 * their own, those that wait together in one statement, retried until sent (sendPending); one dedicated
 * connection LISTENs and delivers the other processes' notices. When that
 * connection is lost it reconnects with a growing delay (reconnectDelay, at most a second), and every
 * (re)connection resets the listeners, since notices sent meanwhile are gone. Resolves once the first LISTEN is in place (or has failed and
 * is being retried).
 */
export async function createPostgresChangeBus(
  url: string,
  logger: FastifyBaseLogger,
  options: PostgresChangeBusOptions = {},
): Promise<ChangeBus> {
  const firstDelay = options.reconnectDelayMs ?? RECONNECT_DELAY_MS;
  const maxDelay = options.maxReconnectDelayMs ?? MAX_RECONNECT_DELAY_MS;
  const origin = randomUUID();
  const local = createLocalChangeBus();
  // one connection, one statement in flight: what waits is sent with the next (sendPending)
  const publisher = new pg.Pool({
    connectionString: url,
    max: 1,
    // kept open: a change's notice never waits for a connection to be made
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: CHANGES_PUBLISHER_APPLICATION_NAME,
  });
  publisher.on('error', (error) => logger.warn({ err: error }, 'change notices: publishing connection lost'));

  /** Notices waiting to be sent, each once: another of the same account and topic adds nothing. */
  const pending = new Map<string, Notice>();
  let sending = false;
  let resendTimer: NodeJS.Timeout | null = null;
  let failedSends = 0;

  const sendSoon = () => {
    if (sending || resendTimer || closed || pending.size === 0) return;
    void sendPending();
  };

  /**
   * Sends every waiting notice in one statement. When it fails (the database away, the connection cut)
   * they wait again and are sent with a growing delay (at most a second), never dropped: a notice lost
   * would leave the other processes' caches showing the old card until their copies' age runs out.
   */
  async function sendPending(): Promise<void> {
    sending = true;
    const notices = [...pending.values()];
    pending.clear();
    try {
      await publisher.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
        CHANGES_CHANNEL,
        notices.map((notice) => JSON.stringify(notice)),
      ]);
      failedSends = 0;
    } catch (error) {
      for (const notice of notices) {
        const key = noticeKey(notice);
        if (!pending.has(key)) pending.set(key, notice);
      }
      if (failedSends === 0) logger.warn({ err: error }, 'change notices: cannot publish; trying again');
      resendTimer = setTimeout(
        () => {
          resendTimer = null;
          sendSoon();
        },
        reconnectDelay(failedSends, firstDelay, maxDelay),
      );
      resendTimer.unref();
      failedSends += 1;
    } finally {
      sending = false;
    }
    sendSoon();
  }

  let listener: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let attempts = 0;
  let listening = false;
  let closed = false;

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(
      () => {
        reconnectTimer = null;
        void connect();
      },
      reconnectDelay(attempts, firstDelay, maxDelay),
    );
    reconnectTimer.unref();
    attempts += 1;
  };

  const onLost = (client: pg.Client, error?: Error) => {
    if (listener !== client) return; // already handled ('error' is followed by 'end')
    listener = null;
    listening = false;
    client.removeAllListeners('notification');
    if (closed) return;
    logger.warn({ err: error }, 'change notices: listening connection lost; reconnecting');
    void client.end().catch(() => undefined);
    scheduleReconnect();
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      application_name: CHANGES_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('error', (error) => onLost(client, error));
    client.on('end', () => onLost(client));
    client.on('notification', (message) => {
      const notice = parseNotice(message.payload);
      if (notice && notice.origin !== origin) local.deliver({ userId: notice.userId, topic: notice.topic });
    });
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      if (listener === client) {
        listener = null;
        void client.end().catch(() => undefined);
        if (!closed) {
          logger.warn({ err: error }, 'change notices: cannot listen; retrying');
          scheduleReconnect();
        }
      }
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    attempts = 0;
    listening = true;
    // whatever was sent while nobody listened is lost: listeners start over
    local.reset();
  }

  // the connection notices go out through is opened now, not by the first change (at a busy start)
  await Promise.all([
    connect(),
    publisher.query('select 1').catch((error: unknown) => {
      logger.warn({ err: error }, 'change notices: cannot reach the database to publish yet');
    }),
  ]);

  return {
    publish(change) {
      local.deliver(change);
      if (closed) return;
      const notice: Notice = { origin, userId: change.userId, topic: change.topic };
      pending.set(noticeKey(notice), notice);
      sendSoon();
    },
    subscribe: local.subscribe,
    onReset: local.onReset,
    get connected() {
      return listening;
    },
    async close() {
      closed = true;
      listening = false;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (resendTimer) clearTimeout(resendTimer);
      const client = listener;
      listener = null;
      await Promise.all([client?.end().catch(() => undefined), publisher.end().catch(() => undefined)]);
      await local.close();
    },
  };
}
