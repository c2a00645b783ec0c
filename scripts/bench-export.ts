// npm run bench:export: whether the account export (GET /api/export, server/account-export) streams: one
// person's ZIP downloaded over loopback with 0, 5 000, 50 000 and 200 000 counted-event rows (scans and
// clicks of 20 links, views of 3 cards), counting its bytes without keeping them, while the server's heap is
// sampled every 10 ms (garbage not yet collected included: a full collection at each sample slows the
// download tenfold). Held in memory, the archive would grow the heap with the events (the CSV alone is about
// 130 bytes a row); streamed, the peak stays within the collector's own margin whatever the rows. Through the
// whole app (built in this process, so its heap is the one sampled), on the embedded database by default or
// on PostgreSQL with DATABASE_URL (a temporary database beside it, dropped afterwards). Never a test: memory
// and time depend on the machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import type { Database } from '../db/schema.ts';
import { buildApp } from '../server/app.ts';
import { parseConfig } from '../server/config.ts';
import { openDatabase } from '../server/lib/db.ts';
import { serverPaths } from '../src/routes.ts';
import { temporaryBenchDatabase } from './lib/temporary-database.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'Bench-Export-Pass-42';
const SIZES = [0, 5_000, 50_000, 200_000];
const LINKS = 20;
const CARDS = 3;
const HEAP_SAMPLE_MS = 10;

function json(
  app: FastifyInstance,
  url: string,
  body: unknown,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
}

/** A signed-in person with cards and links: their id and session cookie. */
async function person(app: FastifyInstance, db: Kysely<Database>, n: number) {
  const email = `bench-export-${n}@bench.example`;
  const signUp = await json(app, '/api/auth/sign-up/email', {
    name: 'Bench Export',
    email,
    password: PASSWORD,
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  await db.updateTable('users').set({ email_verified: true }).where('email', '=', email).execute();
  const { id } = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('profiles')
    .set({ plan_type: 'business', initialized: true, plan_chosen: true, username: `bench-export-${n}` })
    .where('id', '=', id)
    .execute();
  const signIn = await json(app, '/api/auth/sign-in/email', { email, password: PASSWORD });
  const setCookie = signIn.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)])
    .map((line) => line.split(';')[0])
    .join('; ');
  const cards = await db
    .insertInto('vcards')
    .values(Array.from({ length: CARDS }, (_, i) => ({ user_id: id, name: `Card ${i}`, social_links: '[]' })))
    .returning('id')
    .execute();
  const links = await db
    .insertInto('links')
    .values(
      Array.from({ length: LINKS }, (_, i) => ({
        user_id: id,
        kind: 'qr' as const,
        code: `bx${n}c${i}`,
        title: `Link ${i}`,
        url: `https://example.com/${i}`,
      })),
    )
    .returning('id')
    .execute();
  return { id, cookie, cardIds: cards.map((card) => card.id), linkIds: links.map((link) => link.id) };
}

/** `rows` event rows of the person: two thirds scans and clicks, a third views, over the last 90 days. */
async function seedEvents(db: Kysely<Database>, who: Awaited<ReturnType<typeof person>>, rows: number) {
  const linkRows = Math.round((rows * 2) / 3);
  await sql`
    insert into link_events (link_id, user_id, kind, device, browser, country, hits, occurred_at)
    select (${who.linkIds}::uuid[])[1 + i % ${LINKS}], ${who.id},
           case when i % 3 = 0 then 'click' else 'scan' end, 'mobile', 'safari', 'ES', 1 + i % 4,
           now() - random() * interval '90 days'
    from generate_series(1, ${linkRows}) as i`.execute(db);
  await sql`
    insert into profile_views (user_id, vcard_id, device, browser, referrer_host, views, viewed_at)
    select ${who.id}, (${who.cardIds}::uuid[])[1 + i % ${CARDS}], 'desktop', 'chrome', 'news.example.org',
           1 + i % 3, now() - random() * interval '90 days'
    from generate_series(1, ${rows - linkRows}) as i`.execute(db);
}

/** Downloads the export, counting its bytes, with the heap's peak while it streams. */
function download(
  origin: string,
  cookie: string,
): Promise<{ bytes: number; seconds: number; peakHeap: number }> {
  const started = performance.now();
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }, HEAP_SAMPLE_MS);
  return new Promise((resolve, reject) => {
    get(`${origin}${serverPaths.accountExport}`, { headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('error', reject);
      response.on('end', () => {
        clearInterval(sampler);
        resolve({ bytes, seconds: (performance.now() - started) / 1000, peakHeap });
      });
    }).on('error', reject);
  });
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main(): Promise<void> {
  const database = await temporaryBenchDatabase('tapcard-bench-export-');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-bench-export-data-'));
  let app: FastifyInstance | undefined;
  try {
    const config = parseConfig({
      ...(database.config.kind === 'postgres' ? { DATABASE_URL: database.config.url } : {}),
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: 'warn',
    });
    const handle = await openDatabase(
      database.config.kind === 'pglite' ? config.database : database.config,
      pino({ level: 'silent' }),
    );
    app = await buildApp(config, { logger: false, maintenance: 'off', database: handle });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    console.log(
      `Account export on the ${database.config.kind === 'pglite' ? 'embedded database' : 'PostgreSQL'}\n`,
    );
    console.log(
      '| event rows | ZIP | seconds | heap before (MB) | heap peak while streaming (MB) | growth (MB) |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|');
    for (const [n, rows] of SIZES.entries()) {
      const who = await person(app, handle.db, n);
      await seedEvents(handle.db, who, rows);
      // collected first (the script runs with --expose-gc): the download starts from what is held
      global.gc?.();
      const before = process.memoryUsage().heapUsed;
      const { bytes, seconds, peakHeap } = await download(origin, who.cookie);
      console.log(
        `| ${rows} | ${mb(bytes)} MB | ${seconds.toFixed(2)} | ${mb(before)} | ${mb(peakHeap)} | ${mb(peakHeap - before)} |`,
      );
    }
  } finally {
    await app?.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
