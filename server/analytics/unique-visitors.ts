import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createCountBatcher, type CountQueue, type CountedGroup } from '../lib/count-batcher.ts';
import type { VisitorKey } from './visit.ts';

// Unique visitors per day without keeping who they were. A visitor is a hash of their
// address and user agent with a salt of the UTC day; a row of `visitors` per user, day and hash counts
// them. The salt is shared by every process through visitor_salts, which keeps the current day's only:
// the first process to need a new day's salt deletes the older ones, so yesterday's hashes can no longer
// be recomputed from an address. A visit made before midnight and written after it (at most the last
// second's) is not counted as a visitor, rather than bring back a salt that is gone.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day (YYYY-MM-DD) of a moment in milliseconds: the day a salt is for. */
export function utcDay(moment: number): string {
  return new Date(Math.floor(moment / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** A visitor's hash on the day of `salt`: 128 bits, the same for the same address and browser that day only. */
export function visitorHash(salt: string, visitor: VisitorKey): string {
  return createHash('sha256')
    .update(`${salt}\0${visitor.address}\0${visitor.userAgent}`)
    .digest('base64url')
    .slice(0, 22);
}

/** Where the day's salt is kept for every process: it answers the salt of `day`, made if need be. */
export interface SaltStore {
  saltOf(day: string): Promise<string>;
}

export interface DailySalts {
  /** The salt of `day`, or null when `day` is over (its salt is gone). */
  saltFor(day: string): Promise<string | null>;
}

/** The current day's salt, asked of the store once per day and process. */
export function createDailySalts(store: SaltStore, now: () => number = Date.now): DailySalts {
  let current: { day: string; salt: Promise<string> } | null = null;
  return {
    saltFor(day) {
      if (day !== utcDay(now())) return Promise.resolve(null);
      if (current?.day !== day) {
        const salt = store.saltOf(day);
        current = { day, salt };
        // a failed read is asked again by the next batch
        salt.catch(() => {
          if (current?.salt === salt) current = null;
        });
      }
      return current.salt;
    },
  };
}

/** Each database's salts for addressHashOfToday: the store is asked once a day per process, not per hash. */
const addressSalts = new WeakMap<Kysely<Database>, DailySalts>();

/**
 * A client address as a hash with today's salt, for limits that count per address without keeping it (the
 * public contact form): the same address gives the same hash until the UTC day ends, and once its salt is
 * gone nobody can tell from an address whose hash it was.
 */
export async function addressHashOfToday(db: Kysely<Database>, address: string): Promise<string> {
  let salts = addressSalts.get(db);
  if (!salts) {
    salts = createDailySalts(databaseSaltStore(db));
    addressSalts.set(db, salts);
  }
  const salt = await salts.saltFor(utcDay(Date.now()));
  // the day ended between reading the clock and asking: the new day's salt
  if (salt === null) return addressHashOfToday(db, address);
  // a purpose of its own in the hashed text: never equal to a visitor's hash of the same day
  return createHash('sha256').update(`address\0${salt}\0${address}`).digest('base64url').slice(0, 22);
}

/** The salts in visitor_salts: a new day's is made by the first process to need it, older ones deleted. */
function databaseSaltStore(db: Kysely<Database>): SaltStore {
  return {
    async saltOf(day) {
      await db.deleteFrom('visitor_salts').where('day', '<', day).execute();
      await db
        .insertInto('visitor_salts')
        .values({ day, salt: randomBytes(32).toString('base64url') })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .execute();
      const row = await db
        .selectFrom('visitor_salts')
        .select('salt')
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      return row.salt;
    },
  };
}

export interface UniqueVisitorRecorder {
  record(userId: string, visitor: VisitorKey): void;
  /** Writes every queued visitor now and waits for the writes (the app's onClose calls it). */
  flush(): Promise<void>;
  /** The queue's state and totals (health and metrics). */
  readonly queue: CountQueue;
}

interface VisitorGroup extends CountedGroup {
  userId: string;
  day: string;
  visitor: VisitorKey;
}

export function createUniqueVisitorRecorder(
  db: Kysely<Database>,
  logger: FastifyBaseLogger,
  options: { now?: () => number; flushDelayMs?: number } = {},
): UniqueVisitorRecorder {
  const now = options.now ?? Date.now;
  const salts = createDailySalts(databaseSaltStore(db), now);
  const seen = createSeenToday();

  // Visitors are written like counts (retried until the database answers) but never spilled: a group holds
  // an address and a user agent, which must not reach a disk. Past memory they are lost, and said so.
  const batcher = createCountBatcher<VisitorGroup>(
    {
      what: 'unique visitors',
      async write({ groups }) {
        const rows: { user_id: string; day: string; visitor: string }[] = [];
        for (const group of groups) {
          const salt = await salts.saltFor(group.day);
          if (salt)
            rows.push({ user_id: group.userId, day: group.day, visitor: visitorHash(salt, group.visitor) });
        }
        if (rows.length === 0) return true;
        // a visitor written twice is one row; an account deleted meanwhile has no user row left: its
        // visitors are skipped, not an error
        await sql`
          insert into visitors (user_id, day, visitor)
          select v.user_id, v.day, v.visitor
          from unnest(
            ${rows.map((row) => row.user_id)}::text[],
            ${rows.map((row) => row.day)}::date[],
            ${rows.map((row) => row.visitor)}::text[]
          ) as v(user_id, day, visitor)
          join users on users.id = v.user_id
          on conflict do nothing`.execute(db);
        return true;
      },
      logger,
      spill: null,
    },
    { maxConcurrentWrites: 1, flushDelayMs: options.flushDelayMs },
  );

  // the day's string, made once a day rather than once a visit
  let today = { number: -1, day: '' };
  const currentDay = () => {
    const moment = now();
    const number = Math.floor(moment / DAY_MS);
    if (number !== today.number) today = { number, day: utcDay(moment) };
    return today.day;
  };
  let queued = 0;

  return {
    record(userId, visitor) {
      const day = currentDay();
      if (!seen.add(userId, day, visitor)) return;
      queued += 1;
      batcher.add(String(queued), { userId, day, visitor, count: 1 });
    },
    flush: batcher.flush,
    queue: batcher,
  };
}

/** The most visitors remembered; past it the memory starts over (a visitor written twice is harmless). */
const MAX_SEEN = 100_000;

/**
 * The visitors this process has queued today, per user, address and user agent: a returning visitor costs
 * three map look-ups with the strings the request already has, no key to build.
 */
function createSeenToday() {
  let day = '';
  let seen = new Map<string, Map<string, Set<string>>>();
  let count = 0;
  return {
    /** False when the visitor was seen today already; else remembers them. */
    add(userId: string, visitDay: string, visitor: VisitorKey): boolean {
      if (visitDay !== day || count >= MAX_SEEN) {
        day = visitDay;
        seen = new Map();
        count = 0;
      }
      let byAddress = seen.get(userId);
      if (!byAddress) seen.set(userId, (byAddress = new Map()));
      let agents = byAddress.get(visitor.address);
      if (!agents) byAddress.set(visitor.address, (agents = new Set()));
      if (agents.has(visitor.userAgent)) return false;
      agents.add(visitor.userAgent);
      count += 1;
      return true;
    },
  };
}
