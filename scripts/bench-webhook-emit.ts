// npm run bench:webhook-emit: what the webhook outbox's emit costs a card update of an account with no
// endpoint (server/webhooks/delivery.ts: every card and link change asks, in its transaction, which endpoints
// of its owner take the event). A card update as vcards.update writes it (the row, its new version) is timed
// in its own transaction with and without that emit, in alternating rounds (a shared machine's pace drifts),
// beside other accounts that have endpoints, so the index is not empty. On the embedded database by default,
// on PostgreSQL with DATABASE_URL (in a temporary database that is dropped afterwards). Never a test:
// timings depend on the machine.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { parseConfig } from '../server/config.ts';
import type { JobQueue } from '../server/jobs/queue.ts';
import { openDatabase } from '../server/lib/db.ts';
import { createWebhookOutbox } from '../server/webhooks/delivery.ts';
import { temporaryBenchDatabase } from './lib/temporary-database.ts';

/** Accounts beside the measured one, each with an endpoint. */
const OTHER_ACCOUNTS = 2_000;
const ROUNDS = 10;
const UPDATES_PER_ROUND = 300;
const WARM_UP_UPDATES = 300;

async function seedAccount(db: Kysely<Database>, plan: 'business' | 'free'): Promise<string> {
  const userId = randomUUID();
  await db
    .insertInto('users')
    .values({ id: userId, name: 'bench', email: `${userId}@bench.example` })
    .execute();
  await db
    .insertInto('profiles')
    .values({
      id: userId,
      name: 'bench',
      email: `${userId}@bench.example`,
      username: `bench-${randomBytes(6).toString('hex')}`,
      plan_type: plan,
    })
    .execute();
  return userId;
}

async function main(): Promise<void> {
  const database = await temporaryBenchDatabase('tapcard-bench-webhook-emit-');
  const handle = await openDatabase(database.config, pino({ level: 'silent' }));
  try {
    const { db } = handle;
    await migrateToLatest(db);
    console.log(`Seeding on ${database.config.kind}…`);
    for (let i = 0; i < OTHER_ACCOUNTS; i++) {
      const other = await seedAccount(db, 'business');
      await db
        .insertInto('webhook_endpoints')
        .values({
          user_id: other,
          url: 'https://hooks.example/in',
          secret: 'whsec_bench',
          events: ['card.updated'],
        })
        .execute();
    }
    const userId = await seedAccount(db, 'business');
    const { id: cardId } = await db
      .insertInto('vcards')
      .values({ user_id: userId, name: 'Bench card', social_links: '[]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`analyze`.execute(db);

    // an account with no endpoint never reaches the queue: one that is used fails the bench
    const noQueue = new Proxy({} as JobQueue, {
      get: () => {
        throw new Error('the bench queued a delivery');
      },
    });
    const outbox = createWebhookOutbox(noQueue, parseConfig({}));
    const update = (emit: boolean) =>
      db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('vcards')
          .set((eb) => ({
            name: `Bench ${Date.now()}`,
            version: eb('version', '+', 1),
            updated_at: new Date(),
          }))
          .where('id', '=', cardId)
          .where('user_id', '=', userId)
          .returning(['id', 'version'])
          .executeTakeFirstOrThrow();
        if (emit) await outbox.emit(trx, userId, 'card.updated', () => updated);
      });
    const round = async (emit: boolean, count: number) => {
      const started = performance.now();
      for (let i = 0; i < count; i++) await update(emit);
      return (performance.now() - started) / count;
    };

    await round(false, WARM_UP_UPDATES);
    await round(true, WARM_UP_UPDATES);
    const without: number[] = [];
    const withEmit: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      without.push(await round(false, UPDATES_PER_ROUND));
      withEmit.push(await round(true, UPDATES_PER_ROUND));
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const plain = median(without);
    const emitted = median(withEmit);
    const ms = (value: number) => value.toFixed(3);
    console.log(
      `\nOn ${database.config.kind}, ${OTHER_ACCOUNTS} other accounts with an endpoint; median of ${ROUNDS} rounds of ${UPDATES_PER_ROUND} updates:`,
    );
    console.log('| card update of an account with no endpoint | ms per update |');
    console.log('|---|---:|');
    console.log(`| without emit | ${ms(plain)} |`);
    console.log(`| with emit (the endpoint query) | ${ms(emitted)} |`);
    console.log(
      `| the emit's cost | ${ms(emitted - plain)} (${(((emitted - plain) / plain) * 100).toFixed(1)}%) |`,
    );
  } finally {
    await handle.close();
    await database.drop();
  }
}

await main();
