import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { migrateToLatest } from '../db/migrate.ts';
import { TRPC_MAX_BATCH_SIZE } from '../src/api.ts';
import { serverPaths } from '../src/routes.ts';
import { createAuth, loadAuthModule, type Auth } from './auth/auth.ts';
import { createVisitRecording } from './analytics/recording.ts';
import { registerAnalyticsRoutes } from './analytics/routes.ts';
import { registerLeadDownloadRoutes } from './leads/download-routes.ts';
import { registerApiV1Routes } from './api/v1.ts';
import { createCountUnlessOwner } from './auth/owner-visits.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerBillingRoutes } from './billing/routes.ts';
import { registerDesignRoutes } from './designs/routes.ts';
import { resolveAuthSecret, type Config } from './config.ts';
import { DEMO_CARD_PATH } from '../src/demo.ts';
import { watchDemoCard } from './demo/presence.ts';
import { keepDemoPassword, seedDemoAccount } from './demo/service.ts';
import { registerHealthRoutes } from './health/routes.ts';
import { REASONS_LOGGED_BY_WATCH } from './lib/outage-watch.ts';
import { startJobQueue, stopJobQueue, WORKER_STOP_TIMEOUT_MS, type JobQueue } from './jobs/queue.ts';
import {
  MAINTENANCE_SCHEDULE,
  scheduleMaintenanceJobs,
  type MaintenanceSchedule,
} from './maintenance-schedule.ts';
import { stopSideBySide, type StoppingPart } from './lib/stop-side-by-side.ts';
import { registerMetricsRoutes } from './metrics/routes.ts';
import { openDatabase, type DatabaseHandle } from './lib/db.ts';
import { errorOutcome, logServerFault } from './lib/error-outcome.ts';
import { readBodiesBeforeAnswering } from './lib/unread-bodies.ts';
import { registerOriginCheck } from './lib/origin-check.ts';
import { registerLeadRoutes } from './public-profile/lead-routes.ts';
import { LEAD_PATH } from './public-profile/card-host.ts';
import { createLeadFormKit } from './leads/form-kit.ts';
import { loggingOptions, requestIdGenerator } from './lib/request-log.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { createMailer } from './mail/mailer.ts';
import { startOutbox } from './mail/outbox.ts';
import { registerDevMailRoutes } from './mail/routes.ts';
import type { MailTransport } from './mail/types.ts';
import { createLocalChangeBus, createPostgresChangeBus, type ChangeBus } from './lib/changes.ts';
import { endEventStreamsOnClose } from './live/close-streams.ts';
import { createMediaStorage } from './media/create-storage.ts';
import { registerMediaRoutes } from './media/routes.ts';
import type { MediaStorage } from './media/storage.ts';
import { registerShortLinkRoutes } from './links/routes.ts';
import { createFastLanes } from './lib/fast-lane.ts';
import { registerAccountExportRoutes } from './account-export/routes.ts';
import { registerAccountImportRoutes } from './account-import/routes.ts';
import { registerCardDavRoutes } from './carddav/routes.ts';
import { loadWalletCredentials } from './wallet/credentials.ts';
import type { PushTarget } from './wallet/push.ts';
import { registerWalletRoutes } from './wallet/routes.ts';
import { registerFontRoutes } from './public-profile/fonts.ts';
import { registerPublicProfileRoutes } from './public-profile/routes.ts';
import { registerQrStudioRoutes } from './qr-studio/routes.ts';
import { registerCardKitRoutes } from './card-kit/routes.ts';
import { passkeysOffLogMessage, passkeysOffReason } from './passkeys/relying-party.ts';
import type { AppDeps } from './lib/app-deps.ts';
import { makeCreateContext } from './trpc/context.ts';
import { appRouter, type AppRouter } from './app-router.ts';
import { registerTeamRoutes } from './teams/routes.ts';
import { builtFiles } from './web/manifest.ts';
import { registerWebRoutes } from './web/routes.ts';
import { startCountsSender } from './webhooks/counts.ts';
import { queueOwedMemberJoined } from './teams/auth-plugin.ts';
import { startWebhookDeliverer } from './webhooks/delivery.ts';
import { crmParts } from './crm/connectors.ts';
import { registerCrmRoutes } from './crm/routes.ts';
import { startCrmSyncer } from './crm/sync.ts';
import { systemResolver, type HostResolver } from './webhooks/target.ts';
import { dnsTxtResolver, type TxtResolver } from './domains/dns.ts';

/** Largest request body any route accepts (uploads get their own limit where they are added). */
const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** An already opened database (main.ts opens it while this module loads); opened here otherwise. */
  database?: DatabaseHandle;
  /** The outbox's mail transport, of the caller's own (tests); its owner closes it. From config.mail otherwise. */
  mailer?: MailTransport;
  /** Photo storage of the caller's own (tests); made from the config otherwise. */
  storage?: MediaStorage;
  /** Change notices of the caller's own (tests joining two apps); made from the database otherwise. */
  changes?: ChangeBus;
  /** When the admin jobs run (server/maintenance-schedule.ts); 'off': not from this process (tests). */
  maintenance?: MaintenanceSchedule | 'off';
  /** How webhook targets' host names are resolved (tests answer for them); the system's resolver otherwise. */
  resolveHost?: HostResolver;
  /** How custom domains' TXT records are looked up (tests answer for them); node's resolver otherwise. */
  resolveTxt?: TxtResolver;
  /** Where wallet pass pushes go (tests answer for Apple's push service); Apple's otherwise. */
  applePush?: PushTarget;
}

/** The Fastify instance, with the fast lanes that answer the hottest requests beneath it. */
function createServer(config: Config, logger: BuildAppOptions['logger']) {
  const serverOptions: FastifyServerOptions = {
    ...loggingOptions(logger ?? { level: config.logLevel }, config.logClientAddress),
    genReqId: requestIdGenerator(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 5000 },
  };
  // the hottest requests are answered beneath Fastify when they can be (server/lib/fast-lane.ts)
  const lanes = createFastLanes(config);
  const app = Fastify({ ...serverOptions, serverFactory: lanes.serverFactory });
  lanes.attach(app);
  return { app, lanes };
}

/** The services the app stands on, opened before anything runs on it. */
interface BackingServices {
  database: DatabaseHandle;
  transport: MailTransport;
  storage: MediaStorage;
  changes: ChangeBus;
}

/**
 * Opens the database, the mail transport, photo storage and change notices, unless the caller gave them;
 * those it opens that hold connections are closed with the app.
 */
async function openBackingServices(
  app: FastifyInstance,
  config: Config,
  options: BuildAppOptions,
): Promise<BackingServices> {
  const database = options.database ?? (await openDatabase(config.database, app.log));
  app.addHook('onClose', () => database.close());
  // one transport (one SMTP pool) for the whole app: the outbox's worker sends every e-mail through it
  const transport = options.mailer ?? createMailer(config, app.log);
  if (!options.mailer) app.addHook('onClose', () => transport.close());
  const storage = options.storage ?? (await createMediaStorage(config, app.log));
  // several processes on one Postgres hear each other's changes; an embedded database has one process
  const changes =
    options.changes ??
    (config.database.kind === 'postgres'
      ? await createPostgresChangeBus(config.database.url, app.log)
      : createLocalChangeBus());
  if (!options.changes) app.addHook('onClose', () => changes.close());
  return { database, transport, storage, changes };
}

/**
 * Starts the job queue and its workers (the outbox, the webhook deliverer and counts, the maintenance jobs)
 * and stops them with the app; answers the queue and the parts every service is given (`deps`), whose
 * mailer is the outbox and whose webhooks are the deliverer.
 */
async function startWorkers(
  app: FastifyInstance,
  config: Config,
  options: BuildAppOptions,
  { database, transport, storage, changes }: BackingServices,
): Promise<{ queue: JobQueue; deps: AppDeps }> {
  const maintenance = options.maintenance ?? MAINTENANCE_SCHEDULE;
  const queue = await startJobQueue(database.db, app.log);
  // onClose hooks run last registered first: the workers stop side by side (jobs in hand may finish),
  // then the queue, then the database
  app.addHook('onClose', () => stopJobQueue(queue));
  const workers: StoppingPart[] = [];
  app.addHook('onClose', () => stopSideBySide(workers, app.log));
  const mailer = await startOutbox(queue, database.db, config, transport, app.log);
  workers.push({ name: 'the outbox', stop: () => mailer.stop(WORKER_STOP_TIMEOUT_MS) });
  const resolveHost = options.resolveHost ?? systemResolver;
  const webhooks = await startWebhookDeliverer(
    queue,
    { db: database.db, config, mailer, resolveHost },
    app.log,
  );
  workers.push({ name: 'the webhook deliverer', stop: () => webhooks.stop(WORKER_STOP_TIMEOUT_MS) });
  const stopCounts = startCountsSender(database.db, webhooks, config.webhooks.batchIntervalSeconds, app.log, [
    queueOwedMemberJoined,
  ]);
  workers.push({ name: 'the webhook counts', stop: stopCounts });
  const crm = await startCrmSyncer(queue, { db: database.db, config, ...crmParts(config) }, app.log);
  workers.push({ name: 'the CRM syncer', stop: () => crm.stop(WORKER_STOP_TIMEOUT_MS) });
  const resolveTxt = options.resolveTxt ?? dnsTxtResolver(config.dnsServers);
  const deps: AppDeps = {
    db: database.db,
    config,
    mailer,
    storage,
    changes,
    webhooks,
    crm,
    resolveHost,
    resolveTxt,
  };
  if (maintenance !== 'off') {
    const stopMaintenance = await scheduleMaintenanceJobs(queue, deps, app.log, maintenance);
    workers.push({ name: 'the maintenance jobs', stop: () => stopMaintenance(WORKER_STOP_TIMEOUT_MS) });
  }
  return { queue, deps };
}

/** Creates the demo card's account if it is not there yet, and logs where to sign in to it. */
async function seedDemoCard(app: FastifyInstance, config: Config, deps: AppDeps, auth: Auth): Promise<void> {
  // the server starts without it: the landing page then has no 'View Demo'
  const demo = await seedDemoAccount({ ...deps, auth }).catch((error: unknown) => {
    app.log.warn({ err: error }, 'could not create the demo card or its photo');
    return { created: false } as const;
  });
  if (demo.created) {
    const url = `${config.publicUrl}${DEMO_CARD_PATH}`;
    await keepDemoPassword(config.dataDir, demo.password).then(
      (passwordFile) =>
        app.log.info(
          { url, email: demo.email, passwordFile },
          `created the demo card at ${url}: sign in as ${demo.email} with the password in ${passwordFile}`,
        ),
      (error: unknown) =>
        app.log.warn(
          { err: error, url, email: demo.email },
          'created the demo card; its password could not be kept',
        ),
    );
  }
}

/** The hooks every request through Fastify passes, and the answer of a plain route that failed. */
function registerRequestHooks(app: FastifyInstance, config: Config, security: Record<string, string>): void {
  const headers = Object.entries(security);
  // On every answer sent through Fastify, where the route did not set its own value, with the request's id
  // (`Request-Id`: the log's reqId); public pages and short links write their whole precomputed header block
  // themselves (public-profile, links routes).
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    reply.header('request-id', request.id);
    done(null, payload);
  });
  // an upload refused before it was read is answered once it has arrived (server/lib/unread-bodies.ts)
  readBodiesBeforeAnswering(app);
  registerOriginCheck(app, {
    allowedOrigins: [config.publicUrl],
    // signed webhooks and OAuth provider callbacks (protected by their signature or `state`), the REST
    // API, which takes API keys only (never the cookie a foreign page's request would carry), and the
    // contacts apps' CardDAV, which reads public cards and writes nothing, and Apple's pass web service,
    // which phones call with the pass's own token
    exemptPrefixes: [
      '/api/webhooks/',
      '/api/auth/callback/',
      `${serverPaths.apiV1}/`,
      `${serverPaths.carddav}/`,
      serverPaths.carddavWellKnown,
      `${serverPaths.appleWalletService}/`,
    ],
    // a card page's lead form, posted with `Origin: null` (no referrer): its route checks its token and origin
    exemptPaths: [LEAD_PATH],
  });
  // plain routes answer `{ reason, message }` and the reason's details (`meta`) when it has any, as tRPC
  // does (the REST API's scope answers problem+json instead)
  app.setErrorHandler((error, request, reply) => {
    const { reason, message, meta, status } = errorOutcome(error);
    logServerFault(request, error, { reason, message, meta, status });
    return reply.status(status).send(meta ? { reason, message, meta } : { reason, message });
  });
}

/** The tRPC API, under serverPaths.trpc. */
async function registerTrpcRoutes(app: FastifyInstance, deps: AppDeps, auth: Auth): Promise<void> {
  // a scope of its own, so that only tRPC requests pass the live streams' hook
  await app.register(async (api) => {
    endEventStreamsOnClose(api);
    await api.register(fastifyTRPCPlugin, {
      prefix: serverPaths.trpc,
      trpcOptions: {
        router: appRouter,
        createContext: makeCreateContext({ ...deps, auth }),
        maxBatchSize: TRPC_MAX_BATCH_SIZE,
        onError({ error, path, ctx, req }) {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            req.log.error({ err: error.cause ?? error, path }, 'tRPC failed');
          // the database or the payment provider: the person gets a retry message, the log the cause
          else if (
            error.code === 'SERVICE_UNAVAILABLE' &&
            !REASONS_LOGGED_BY_WATCH.has(errorOutcome(error).reason)
          )
            req.log.warn({ err: error.cause ?? error, path }, 'tRPC: a service was unavailable');
          // a refused payment request (a plan not for sale, the plan already held) leaves a trace
          else if (path?.startsWith('billing.') && error.code !== 'UNAUTHORIZED')
            req.log.warn(
              { path, userId: ctx?.user?.id, reason: errorOutcome(error).reason },
              'billing request refused',
            );
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });
}

/**
 * Builds the whole app from a config: database (migrated to latest), auth, tRPC, public routes and the
 * client. Tests call it in-process; main.ts adds only the environment and listen().
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { app, lanes } = createServer(config, options.logger);

  const authModuleLoading = loadAuthModule(); // overlaps with opening the database
  // read before anything opens: a wrong file stops the start with a sentence that names it
  const walletCredentials = await loadWalletCredentials(config.wallet);
  const services = await openBackingServices(app, config, options);
  const { database, transport, storage, changes } = services;
  try {
    await migrateToLatest(database.db);
    const { queue, deps } = await startWorkers(app, config, options, services);
    await authModuleLoading;
    const secret = config.authSecret ?? resolveAuthSecret(config);
    // the client build's manifest, read once: the lead form's script and the shell's catalogs are in it
    const clientBuild = config.viteDev ? [] : builtFiles(config.webDist);
    const leadForms = createLeadFormKit(secret, config, clientBuild);
    const auth = await createAuth({
      db: database.db,
      config,
      secret,
      logger: app.log,
      mailer: deps.mailer,
      changes,
      webhooks: deps.webhooks,
    });
    // the operator is told, not only the missing buttons (the account page says it too)
    const passkeysOff = passkeysOffReason(config.publicUrl);
    if (passkeysOff) {
      app.log.warn(
        { publicUrl: config.publicUrl, reason: passkeysOff },
        passkeysOffLogMessage(config.publicUrl, passkeysOff),
      );
    }
    if (config.demoCard) await seedDemoCard(app, config, deps, auth);
    const demoCard = await watchDemoCard(deps, app.log);
    app.addHook('onClose', async () => demoCard.close());

    const security = securityHeaders(config);
    registerRequestHooks(app, config, security);

    // what health and metrics read: every counter's queue (each recorder adds its own), the change bus
    const visits = await createVisitRecording(app, deps);
    const probes = {
      db: database.db,
      changes,
      countQueues: visits.countQueues,
      jobs: queue,
      outages: [storage.outage, transport.outage].filter((watch) => watch !== undefined),
      poolUse: database.poolUse,
    };
    registerHealthRoutes(app, probes, config.metricsToken);
    registerMetricsRoutes(app, config.metricsToken, { ...probes, lanes });
    await registerAuthRoutes(app, auth, config.publicUrl);
    await registerTrpcRoutes(app, deps, auth);
    await registerDevMailRoutes(app, config);
    await registerMediaRoutes(app, deps, auth);
    registerQrStudioRoutes(app, deps, auth);
    await registerAnalyticsRoutes(app, deps, auth);
    registerLeadDownloadRoutes(app, deps, auth);
    registerCrmRoutes(app, deps, auth);
    registerAccountExportRoutes(app, deps, auth);
    await registerAccountImportRoutes(app, deps, auth);
    await registerBillingRoutes(app, deps, auth);
    await registerTeamRoutes(app, deps, auth);
    await registerApiV1Routes(app, { ...deps, auth });
    await registerDesignRoutes(app, deps, auth, security);
    registerFontRoutes(app);
    // before the client: its not-found handler is where /{username} sends the client's own paths
    const countUnlessOwner = await createCountUnlessOwner(auth, app.log);
    const { isMainAddress, cardOf, shownCardOrAnswer, contactFileOf } = await registerPublicProfileRoutes(
      app,
      deps,
      security,
      countUnlessOwner,
      visits,
      leadForms,
      lanes,
    );
    await registerLeadRoutes(app, deps, security, leadForms);
    await registerCardDavRoutes(app, deps, { shownCardOrAnswer, contactFileOf });
    registerCardKitRoutes(app, deps, auth, { shownCardOrAnswer });
    registerWalletRoutes(app, deps, {
      cards: { cardOf, shownCardOrAnswer },
      credentials: walletCredentials,
      secret,
      pushTarget: options.applePush,
    });
    await registerShortLinkRoutes(app, deps, security, countUnlessOwner, visits, { lanes, isMainAddress });
    await registerWebRoutes(app, config, demoCard, clientBuild);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
