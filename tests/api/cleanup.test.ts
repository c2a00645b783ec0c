import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeAccount } from '../../server/account/service.ts';
import { IDEMPOTENCY_KEY_DAYS } from '../../server/api/idempotency.ts';
import {
  cleanUp,
  PHOTO_GRACE_HOURS,
  COUNT_BATCH_DAYS,
  MAIL_RECORD_DAYS,
  RATE_LIMIT_HOURS,
  STRIPE_EVENT_DAYS,
  UNCONFIRMED_ACCOUNT_DAYS,
  type CleanupCounts,
} from '../../server/cleanup/service.ts';
import { mediaKeyOf } from '../../src/media.ts';
import { TEAM_EVENTS_KEPT_DAYS } from '../../src/teams.ts';
import { ADDRESS_HOLD_DAYS } from '../../src/username.ts';
import { recordTeamEvent } from '../../server/team-records/audit.ts';
import { addTeam } from '../support/teams.ts';
import { addLead, addVcard } from '../support/factories.ts';
import { LEAD_POSTS_KEPT_DAYS } from '../../server/leads/capture.ts';
import { embeddedAt, runAdminScript, scriptEnvFor } from '../support/admin-script.ts';
import { onceOnEmbedded, onPostgres } from '../support/postgres.ts';
import {
  buildTestApp,
  depsOf,
  injectFromApp,
  signUp,
  TEST_PASSWORD,
  uploadTestPhoto,
  type TestApp,
} from '../support/harness.ts';
import { WEBHOOK_DELIVERY_KEPT_DAYS } from '../../src/webhooks.ts';

// The clean-up: server/cleanup/service.ts and `npm run cleanup`.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const NOTHING: CleanupCounts = {
  expiredSessions: 0,
  expiredVerifications: 0,
  expiredCrmConnects: 0,
  unconfirmedAccounts: 0,
  unusedPhotos: 0,
  strayPhotoFiles: 0,
  oldStripeEvents: 0,
  oldCountBatches: 0,
  oldMailRecords: 0,
  oldRateLimits: 0,
  oldTeamEvents: 0,
  oldWebhookDeliveries: 0,
  oldIdempotencyKeys: 0,
  expiredLeads: 0,
  oldLeadPosts: 0,
  expiredUsernameHolds: 0,
  expiredLinkCodeHolds: 0,
};

const mediaFolder = (app: TestApp) => app.config.mediaDir;
const fileOf = (app: TestApp, photoPath: string) => path.join(mediaFolder(app), mediaKeyOf(photoPath) ?? '');
const ago = (ms: number) => new Date(Date.now() - ms);

/** Moves rows' created_at `ageMs` into the past (the schema's types never let it change: the product doesn't). */
async function backdate(
  app: TestApp,
  table: 'users' | 'media' | 'team_events',
  column: 'id' | 'key',
  ids: string[],
  ageMs: number,
): Promise<void> {
  await sql`update ${sql.table(table)} set created_at = ${ago(ageMs)} where ${sql.ref(column)} in (${sql.join(ids)})`.execute(
    app.db,
  );
}

/** A sign-up that is never confirmed (better-auth sends the link; nobody clicks it), made `ageMs` ago. */
async function unconfirmedSignUp(app: TestApp, ageMs: number): Promise<string> {
  const email = `unconfirmed-${randomBytes(4).toString('hex')}@example.com`;
  const response = await injectFromApp(app.app, {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name: 'Never Confirmed', email, password: TEST_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { id } = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  await backdate(app, 'users', 'id', [id], ageMs);
  return id;
}

/** A photo file written straight into storage with no row, last written `ageMs` ago. */
function strayFile(app: TestApp, ageMs: number): string {
  const key = `${randomBytes(16).toString('hex')}.jpg`;
  mkdirSync(mediaFolder(app), { recursive: true });
  const file = path.join(mediaFolder(app), key);
  writeFileSync(file, 'not really a photo');
  const when = ago(ageMs);
  utimesSync(file, when, when);
  return file;
}

interface Arranged {
  confirmedId: string;
  oldConfirmedId: string;
  youngUnconfirmedId: string;
  oldUnconfirmedId: string;
  oldUnconfirmedPhotoFile: string;
  liveSessionId: string;
  liveVerificationId: string;
  liveCrmConnectState: string;
  recentStripeEventId: string;
  recentCountBatchId: string;
  recentMailRecordId: string;
  recentWebhookDeliveryId: string;
  recentIdempotencyKey: string;
  recentLeadPostId: number;
  recentRateLimitKey: string;
  oldRateLimitKey: string;
  heldUsername: string;
  heldLinkCode: string;
  keptPhotoFiles: string[];
  unusedPhotoFile: string;
  oldStrayFile: string;
  youngStrayFile: string;
  foreignFile: string;
}

/**
 * One of everything the clean-up removes and one of each thing it must keep. Expects nothing else to be
 * removable, so the counts are exact: 1 of each kind.
 */
async function arrange(app: TestApp): Promise<Arranged> {
  const confirmed = await signUp(app.app);
  const oldConfirmed = await signUp(app.app);
  await backdate(app, 'users', 'id', [oldConfirmed.userId], (UNCONFIRMED_ACCOUNT_DAYS + 10) * DAY_MS);
  const youngUnconfirmedId = await unconfirmedSignUp(app, (UNCONFIRMED_ACCOUNT_DAYS - 1) * DAY_MS);
  const oldUnconfirmedId = await unconfirmedSignUp(app, (UNCONFIRMED_ACCOUNT_DAYS + 1) * DAY_MS);

  // the old unconfirmed account has a photo on its profile: it goes with the account (rows and file)
  const heldPhoto = await uploadTestPhoto(app.app, confirmed.cookie);
  await app.db
    .updateTable('media')
    .set({ user_id: oldUnconfirmedId })
    .where('key', '=', mediaKeyOf(heldPhoto))
    .execute();
  await app.db
    .updateTable('profiles')
    .set({ profile_pic: heldPhoto })
    .where('id', '=', oldUnconfirmedId)
    .execute();

  // sessions and tokens: one expired each, one still valid each
  const [liveSession] = await app.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', confirmed.userId)
    .execute();
  await app.db
    .insertInto('sessions')
    .values({
      id: randomBytes(8).toString('hex'),
      user_id: confirmed.userId,
      token: randomBytes(16).toString('hex'),
      expires_at: ago(HOUR_MS),
    })
    .execute();
  const liveCrmConnectState = randomBytes(8).toString('hex');
  const crmConnect = {
    user_id: confirmed.userId,
    account_id: confirmed.userId,
    provider: 'hubspot' as const,
  };
  await app.db
    .insertInto('crm_connects')
    .values([
      { ...crmConnect, state: liveCrmConnectState, code_verifier: 'v', expires_at: ago(-HOUR_MS) },
      { ...crmConnect, state: randomBytes(8).toString('hex'), code_verifier: 'v', expires_at: ago(HOUR_MS) },
    ])
    .execute();
  const liveVerificationId = randomBytes(8).toString('hex');
  await app.db
    .insertInto('verifications')
    .values([
      { id: liveVerificationId, identifier: 'reset-password:live', value: 'x', expires_at: ago(-HOUR_MS) },
      {
        id: randomBytes(8).toString('hex'),
        identifier: 'reset-password:old',
        value: 'x',
        expires_at: ago(HOUR_MS),
      },
    ])
    .execute();

  // ids of written count batches: one past the keeping time, one recent
  const recentCountBatchId = randomUUID();
  await app.db
    .insertInto('count_batches')
    .values([
      { id: recentCountBatchId, written_at: ago(DAY_MS) },
      { id: randomUUID(), written_at: ago((COUNT_BATCH_DAYS + 1) * DAY_MS) },
    ])
    .execute();

  // records of queued e-mails: one past the keeping time, one recent
  const recentMailRecordId = randomUUID();
  await app.db
    .insertInto('mail_outbox')
    .values([
      { id: recentMailRecordId, recipient: 'a@example.com', kind: 'verify_email', created_at: ago(DAY_MS) },
      {
        id: randomUUID(),
        recipient: 'b@example.com',
        kind: 'verify_email',
        created_at: ago((MAIL_RECORD_DAYS + 1) * DAY_MS),
      },
    ])
    .execute();

  // an endpoint's delivery log: one delivery past the keeping time, one recent
  const endpoint = await app.db
    .insertInto('webhook_endpoints')
    .values({
      user_id: confirmed.userId,
      url: 'https://hooks.example.com/',
      secret: 'whsec_x',
      events: ['card.created'],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const recentWebhookDeliveryId = `msg_${randomUUID()}`;
  const delivery = (id: string, ageMs: number) => ({
    id,
    endpoint_id: endpoint.id,
    event_type: 'card.created' as const,
    payload: '{}',
    status: 'delivered' as const,
    created_at: ago(ageMs),
  });
  await app.db
    .insertInto('webhook_deliveries')
    .values([
      delivery(recentWebhookDeliveryId, DAY_MS),
      delivery(`msg_${randomUUID()}`, (WEBHOOK_DELIVERY_KEPT_DAYS + 1) * DAY_MS),
    ])
    .execute();

  // first answers of REST creates (Idempotency-Key): one past the keeping time, one recent
  // posts to a lead form: one of the last hour (its limits still count it), one of two days ago
  const cardId = await addVcard(app.db, confirmed.userId);
  const [recentLeadPost] = await app.db
    .insertInto('lead_posts')
    .values(
      [HOUR_MS, (LEAD_POSTS_KEPT_DAYS + 1) * DAY_MS].map((age) => ({
        user_id: confirmed.userId,
        vcard_id: cardId,
        client_address_hash: 'h',
        posted_at: ago(age),
      })),
    )
    .returning('id')
    .execute();
  const recentLeadPostId = Number(recentLeadPost?.id);
  const recentIdempotencyKey = `create-${randomUUID()}`;
  await app.db
    .insertInto('api_idempotency_keys')
    .values([
      { user_id: confirmed.userId, key: recentIdempotencyKey, request_hash: 'h', created_at: ago(HOUR_MS) },
      {
        user_id: confirmed.userId,
        key: `create-${randomUUID()}`,
        request_hash: 'h',
        created_at: ago((IDEMPOTENCY_KEY_DAYS + 1) * DAY_MS),
      },
    ])
    .execute();

  // leads of an account that deletes them after 30 days: one older than that, one younger
  await app.db
    .updateTable('profiles')
    .set({ lead_retention_days: 30 })
    .where('id', '=', confirmed.userId)
    .execute();
  await addLead(app.db, { userId: confirmed.userId, vcardId: null, createdAt: ago(31 * DAY_MS) });
  await addLead(app.db, { userId: confirmed.userId, vcardId: null, createdAt: ago(29 * DAY_MS) });

  // sign-in limit counters of a client address: one untouched for longer than it is kept, one just used
  const recentRateLimitKey = `203.0.113.8|/sign-in/email-${randomBytes(4).toString('hex')}`;
  const oldRateLimitKey = `203.0.113.9|/sign-in/email-${randomBytes(4).toString('hex')}`;
  await app.db
    .insertInto('rate_limits')
    .values([
      { id: randomUUID(), key: recentRateLimitKey, count: 1, last_request: Date.now() },
      {
        id: randomUUID(),
        key: oldRateLimitKey,
        count: 3,
        last_request: Date.now() - (RATE_LIMIT_HOURS * HOUR_MS + 60_000),
      },
    ])
    .execute();

  // a team's audit log: one entry past the 12 months it is kept, one recent
  const { teamId } = await addTeam(app.db, [{ userId: confirmed.userId, role: 'owner' }]);
  const teamEvent = { teamId, actor: { id: confirmed.userId, name: 'Olga' }, subject: 'Team' } as const;
  await recordTeamEvent(app.db, { ...teamEvent, action: 'team_created' });
  await recordTeamEvent(app.db, { ...teamEvent, action: 'team_renamed' });
  const [oldEntry] = await app.db
    .selectFrom('team_events')
    .select('id')
    .where('team_id', '=', teamId)
    .where('action', '=', 'team_created')
    .execute();
  await backdate(app, 'team_events', 'id', [oldEntry?.id ?? ''], (TEAM_EVENTS_KEPT_DAYS + 1) * DAY_MS);

  // processed Stripe events: one past the keeping time, one recent
  const recentStripeEventId = `evt_${randomBytes(8).toString('hex')}`;
  await app.db
    .insertInto('stripe_events')
    .values([
      { id: recentStripeEventId, type: 'invoice.paid', received_at: ago(DAY_MS) },
      {
        id: `evt_${randomBytes(8).toString('hex')}`,
        type: 'invoice.paid',
        received_at: ago((STRIPE_EVENT_DAYS + 1) * DAY_MS),
      },
    ])
    .execute();

  // usernames of deleted accounts: one past its hold, one still in it
  const heldUsername = `held-${randomBytes(4).toString('hex')}`;
  await app.db
    .insertInto('usernames')
    .values([
      {
        username: heldUsername,
        user_id: null,
        account_deleted_at: ago((ADDRESS_HOLD_DAYS - 1) * DAY_MS),
      },
      {
        username: `freed-${randomBytes(4).toString('hex')}`,
        user_id: null,
        account_deleted_at: ago((ADDRESS_HOLD_DAYS + 1) * DAY_MS),
      },
    ])
    .execute();

  // chosen codes of deleted links: one past its hold, one still in it, and a live link's code
  const heldLinkCode = `held-code-${randomBytes(4).toString('hex')}`;
  await app.db
    .insertInto('link_codes')
    .values([
      {
        code: heldLinkCode,
        link_id: null,
        user_id: confirmed.userId,
        released_at: ago((ADDRESS_HOLD_DAYS - 1) * DAY_MS),
      },
      {
        code: `freed-code-${randomBytes(4).toString('hex')}`,
        link_id: null,
        user_id: null,
        released_at: ago((ADDRESS_HOLD_DAYS + 1) * DAY_MS),
      },
    ])
    .execute();

  // photos: on the profile, on a vCard, unused but fresh (its card is not saved yet), unused and old
  const onProfile = await uploadTestPhoto(app.app, confirmed.cookie);
  await app.db
    .updateTable('profiles')
    .set({ profile_pic: onProfile })
    .where('id', '=', confirmed.userId)
    .execute();
  const onCard = await uploadTestPhoto(app.app, confirmed.cookie);
  await app.db
    .insertInto('vcards')
    .values({ user_id: confirmed.userId, name: 'Card', photo: onCard })
    .execute();
  const fresh = await uploadTestPhoto(app.app, confirmed.cookie);
  const unused = await uploadTestPhoto(app.app, confirmed.cookie);
  await backdate(
    app,
    'media',
    'key',
    [onProfile, onCard, unused].map((photo) => mediaKeyOf(photo) ?? ''),
    (PHOTO_GRACE_HOURS + 1) * HOUR_MS,
  );

  // files: one left by an upload whose row never came (old), one being uploaded now, one not ours
  const oldStrayFile = strayFile(app, (PHOTO_GRACE_HOURS + 1) * HOUR_MS);
  const youngStrayFile = strayFile(app, HOUR_MS);
  const foreignFile = path.join(mediaFolder(app), 'README.txt');
  writeFileSync(foreignFile, 'someone else’s file');
  utimesSync(foreignFile, ago(DAY_MS * 100), ago(DAY_MS * 100));

  return {
    confirmedId: confirmed.userId,
    oldConfirmedId: oldConfirmed.userId,
    youngUnconfirmedId,
    oldUnconfirmedId,
    oldUnconfirmedPhotoFile: fileOf(app, heldPhoto),
    liveSessionId: liveSession?.id ?? '',
    liveVerificationId,
    liveCrmConnectState,
    recentStripeEventId,
    recentCountBatchId,
    recentMailRecordId,
    recentWebhookDeliveryId,
    recentIdempotencyKey,
    recentLeadPostId,
    recentRateLimitKey,
    oldRateLimitKey,
    heldUsername,
    heldLinkCode,
    keptPhotoFiles: [onProfile, onCard, fresh].map((photo) => fileOf(app, photo)),
    unusedPhotoFile: fileOf(app, unused),
    oldStrayFile,
    youngStrayFile,
    foreignFile,
  };
}

const ONE_OF_EACH: CleanupCounts = {
  expiredSessions: 1,
  expiredVerifications: 1,
  expiredCrmConnects: 1,
  unconfirmedAccounts: 1,
  unusedPhotos: 1,
  strayPhotoFiles: 1,
  oldStripeEvents: 1,
  expiredUsernameHolds: 1,
  expiredLinkCodeHolds: 1,
  oldCountBatches: 1,
  oldMailRecords: 1,
  oldRateLimits: 1,
  oldTeamEvents: 1,
  oldWebhookDeliveries: 1,
  oldIdempotencyKeys: 1,
  expiredLeads: 1,
  oldLeadPosts: 1,
};

async function expectAllThere(app: TestApp, arranged: Arranged): Promise<void> {
  const userIds = (await app.db.selectFrom('users').select('id').execute()).map((row) => row.id);
  expect(userIds).toContain(arranged.oldUnconfirmedId);
  expect(
    await app.db
      .selectFrom('sessions')
      .select('id')
      .where('expires_at', '<', sql<Date>`now()`)
      .execute(),
  ).toHaveLength(1);
  expect(existsSync(arranged.oldUnconfirmedPhotoFile)).toBe(true);
  expect(existsSync(arranged.unusedPhotoFile)).toBe(true);
  expect(existsSync(arranged.oldStrayFile)).toBe(true);
}

describe('cleanUp', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts in a dry run, then removes exactly what nobody can use, and nothing on a second run', async () => {
    const deps = await depsOf(t);
    const arranged = await arrange(t);

    expect(await cleanUp(deps, { dryRun: true })).toEqual(ONE_OF_EACH);
    await expectAllThere(t, arranged);

    expect(await cleanUp(deps, { dryRun: false })).toEqual(ONE_OF_EACH);
    expect(await cleanUp(deps, { dryRun: false })).toEqual(NOTHING);

    // accounts: the old unconfirmed one is gone with its profile, photo rows and file
    const userIds = (await t.db.selectFrom('users').select('id').execute()).map((row) => row.id);
    expect(userIds).not.toContain(arranged.oldUnconfirmedId);
    expect(userIds).toEqual(
      expect.arrayContaining([arranged.confirmedId, arranged.oldConfirmedId, arranged.youngUnconfirmedId]),
    );
    const leftOfAccount = await t.db
      .selectFrom('profiles')
      .select('id')
      .where('id', '=', arranged.oldUnconfirmedId)
      .unionAll(
        t.db.selectFrom('media').select('user_id as id').where('user_id', '=', arranged.oldUnconfirmedId),
      )
      .execute();
    expect(leftOfAccount).toEqual([]);
    expect(existsSync(arranged.oldUnconfirmedPhotoFile)).toBe(false);

    // sessions and tokens: the valid ones stay
    expect((await t.db.selectFrom('sessions').select('id').execute()).map((row) => row.id)).toContain(
      arranged.liveSessionId,
    );
    expect(
      await t.db
        .selectFrom('sessions')
        .select('id')
        .where('expires_at', '<', sql<Date>`now()`)
        .execute(),
    ).toEqual([]);
    expect((await t.db.selectFrom('verifications').select('id').execute()).map((row) => row.id)).toEqual([
      arranged.liveVerificationId,
    ]);
    expect((await t.db.selectFrom('crm_connects').select('state').execute()).map((row) => row.state)).toEqual(
      [arranged.liveCrmConnectState],
    );
    // Stripe events: the recent one is still known, so its repeated delivery still changes nothing
    expect((await t.db.selectFrom('stripe_events').select('id').execute()).map((row) => row.id)).toEqual([
      arranged.recentStripeEventId,
    ]);
    // count batches: the recent one is still known, so its replay from a spill file still counts nothing
    expect((await t.db.selectFrom('count_batches').select('id').execute()).map((row) => row.id)).toContain(
      arranged.recentCountBatchId,
    );
    expect((await t.db.selectFrom('mail_outbox').select('id').execute()).map((row) => row.id)).toContain(
      arranged.recentMailRecordId,
    );
    expect((await t.db.selectFrom('webhook_deliveries').select('id').execute()).map((row) => row.id)).toEqual(
      [arranged.recentWebhookDeliveryId],
    );
    expect(
      (await t.db.selectFrom('api_idempotency_keys').select('key').execute()).map((row) => row.key),
    ).toEqual([arranged.recentIdempotencyKey]);
    expect((await t.db.selectFrom('lead_posts').select('id').execute()).map((row) => Number(row.id))).toEqual(
      [arranged.recentLeadPostId],
    );
    // sign-in limits: the counter in use stays, and no other address is left from long ago
    const rateLimitKeys = (await t.db.selectFrom('rate_limits').select('key').execute()).map(
      (row) => row.key,
    );
    expect(rateLimitKeys).toContain(arranged.recentRateLimitKey);
    expect(rateLimitKeys).not.toContain(arranged.oldRateLimitKey);
    // the team's log keeps its recent entries only
    const teamEventAges = await t.db.selectFrom('team_events').select(['action', 'created_at']).execute();
    expect(teamEventAges.map((row) => row.action)).toContain('team_renamed');
    expect(
      teamEventAges.filter((row) => row.created_at.getTime() < Date.now() - TEAM_EVENTS_KEPT_DAYS * DAY_MS),
    ).toEqual([]);

    // usernames: the one still in its hold stays blocked
    expect(
      (await t.db.selectFrom('usernames').select('username').where('user_id', 'is', null).execute()).map(
        (row) => row.username,
      ),
    ).toEqual([arranged.heldUsername]);
    // chosen codes: the one still in its hold stays held
    expect(
      (await t.db.selectFrom('link_codes').select('code').where('link_id', 'is', null).execute()).map(
        (row) => row.code,
      ),
    ).toEqual([arranged.heldLinkCode]);

    // photos and files: used, fresh and foreign ones stay
    for (const file of arranged.keptPhotoFiles) expect(existsSync(file)).toBe(true);
    expect(existsSync(arranged.unusedPhotoFile)).toBe(false);
    expect(existsSync(arranged.oldStrayFile)).toBe(false);
    expect(existsSync(arranged.youngStrayFile)).toBe(true);
    expect(existsSync(arranged.foreignFile)).toBe(true);
    const rows = await t.db.selectFrom('media').select('key').execute();
    expect(rows.map((row) => row.key).sort()).toEqual(
      arranged.keptPhotoFiles.map((file) => path.basename(file)).sort(),
    );
  });

  it('removes an account as unconfirmed only while it is: one confirmed meanwhile stays', async () => {
    const deps = await depsOf(t);
    const id = await unconfirmedSignUp(t, (UNCONFIRMED_ACCOUNT_DAYS + 1) * DAY_MS);
    // confirmed between the clean-up's query and its delete: the delete checks again in its own statement
    await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', id).execute();
    expect(await removeAccount(deps, id, { unconfirmedOnly: true })).toBe(false);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', id).execute()).toHaveLength(1);
    expect((await cleanUp(deps, { dryRun: false })).unconfirmedAccounts).toBe(0);
  });

  it('removes each thing once when two runs go at the same time', async () => {
    const deps = await depsOf(t);
    await cleanUp(deps, { dryRun: false });
    const arranged = await arrange(t);
    const runs = await Promise.all([cleanUp(deps, { dryRun: false }), cleanUp(deps, { dryRun: false })]);
    const rowCounts = (counts: CleanupCounts) => [
      counts.expiredSessions,
      counts.expiredVerifications,
      counts.expiredCrmConnects,
      counts.unconfirmedAccounts,
      counts.unusedPhotos,
      counts.oldStripeEvents,
      counts.expiredUsernameHolds,
      counts.expiredLinkCodeHolds,
      counts.oldCountBatches,
      counts.oldMailRecords,
      counts.oldRateLimits,
      counts.oldTeamEvents,
      counts.oldWebhookDeliveries,
      counts.oldIdempotencyKeys,
      counts.expiredLeads,
      counts.oldLeadPosts,
    ];
    const [first, second] = runs.map(rowCounts);
    // each thing was removed by one of the two runs, never by both
    const sums = first?.map((count, index) => count + (second?.[index] ?? 0));
    expect(sums).toEqual(first?.map(() => 1));
    expect(existsSync(arranged.oldStrayFile)).toBe(false);
    expect(existsSync(arranged.youngStrayFile)).toBe(true);
  });
});

describe('npm run cleanup', { timeout: 120_000 }, () => {
  it(
    'refuses with a clear message while a running server holds the embedded database',
    onceOnEmbedded(),
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-cleanup-held-'));
      const app = await buildTestApp(embeddedAt(dataDir));
      try {
        const stray = strayFile(app, 2 * PHOTO_GRACE_HOURS * HOUR_MS);
        const run = await runAdminScript('cleanup', [], { DATA_DIR: dataDir, DATABASE_URL: '' });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(
          `cleanup: the embedded database in ${dataDir} is held by another Tapcard process (pid ${process.pid} on host ${hostname()}, started at `,
        );
        expect(run.stdout).toBe('');
        expect(existsSync(stray)).toBe(true);
        expect((await injectFromApp(app.app, { method: 'GET', url: '/health' })).statusCode).toBe(200);
      } finally {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('prints the counts; --dry-run deletes nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-cleanup-script-'));
    // an embedded database can only be opened by the script once the app has let go of it
    const app = await buildTestApp(onPostgres ? {} : embeddedAt(dataDir));
    const stray = strayFile(app, 2 * PHOTO_GRACE_HOURS * HOUR_MS);
    await unconfirmedSignUp(app, (UNCONFIRMED_ACCOUNT_DAYS + 1) * DAY_MS);
    const env = scriptEnvFor(app.config);
    if (!onPostgres) await app.close();
    try {
      const dry = await runAdminScript('cleanup', ['--dry-run'], env);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toBe(
        [
          'Dry run: would delete (nothing was deleted)',
          '  expired sessions: 0',
          '  expired verification tokens: 0',
          '  CRM connections begun and never finished (their OAuth state expired): 0',
          `  accounts unconfirmed after ${UNCONFIRMED_ACCOUNT_DAYS} days: 1`,
          `  photos no profile or vCard uses (older than ${PHOTO_GRACE_HOURS} hours): 0`,
          `  photo files without a row (older than ${PHOTO_GRACE_HOURS} hours): 1`,
          `  processed Stripe event ids older than ${STRIPE_EVENT_DAYS} days: 0`,
          `  ids of written count batches older than ${COUNT_BATCH_DAYS} days: 0`,
          `  records of e-mails queued more than ${MAIL_RECORD_DAYS} days ago: 0`,
          `  sign-in limit counters of a client address untouched for ${RATE_LIMIT_HOURS * 60} minutes: 0`,
          `  entries of team audit logs older than ${TEAM_EVENTS_KEPT_DAYS} days: 0`,
          `  webhook deliveries (endpoints' logs) older than ${WEBHOOK_DELIVERY_KEPT_DAYS} days: 0`,
          `  answers of REST API creates kept for their Idempotency-Key, older than ${IDEMPOTENCY_KEY_DAYS * 24} hours: 0`,
          '  leads older than the automatic deletion their account chose: 0',
          `  records of lead form posts (what the form's limits count) older than ${LEAD_POSTS_KEPT_DAYS} day: 0`,
          `  usernames of accounts deleted ${ADDRESS_HOLD_DAYS} days ago or more (free again): 0`,
          `  chosen short-link codes of links deleted ${ADDRESS_HOLD_DAYS} days ago or more (free again): 0`,
          '',
        ].join('\n'),
      );
      expect(existsSync(stray)).toBe(true);

      const real = await runAdminScript('cleanup', [], env);
      expect(real.code, real.stderr).toBe(0);
      expect(real.stdout).toContain('Deleted\n');
      expect(real.stdout).toContain(`accounts unconfirmed after ${UNCONFIRMED_ACCOUNT_DAYS} days: 1`);
      expect(real.stdout).toContain(`photo files without a row (older than ${PHOTO_GRACE_HOURS} hours): 1`);
      expect(existsSync(stray)).toBe(false);
      expect(readdirSync(path.dirname(stray))).toEqual([]);
    } finally {
      if (onPostgres) await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
