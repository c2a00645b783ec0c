import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, accessSync, constants } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { PrivacySwitch } from '../src/analytics.ts';
import { WEBHOOK_BATCH_INTERVAL_SECONDS } from '../src/webhooks.ts';
import { PAID_PLAN_IDS, type BillingInterval, type PaidPlanId } from '../src/plans.ts';
import { StartupError } from './lib/startup-error.ts';
import { parseDnsServers, parseNetworks, type AllowedNetwork } from './lib/address-lists.ts';
import { DEFAULT_DATABASE_POOL_MAX } from './lib/db.ts';

// The environment is parsed once, here. Everything else receives the frozen Config object and never reads
// process.env, so tests build the app from a config written in code.

/** Retries of a webhook delivery: with pg-boss's doubling waits they span WEBHOOK_RETRY_WINDOW_HOURS. */
const WEBHOOK_RETRY = { limit: 10, delaySeconds: 60 } as const;

/**
 * Retries of a lead's sync to a CRM: the waits double from a minute (about 4 hours over 8 tries), unless
 * the CRM says how long to wait (a 429's Retry-After).
 */
const CRM_RETRY = { limit: 8, delaySeconds: 60 } as const;

/** PASSWORD_HASHING: `standard` (better-auth's scrypt) everywhere but the test suite's servers. */
const PASSWORD_HASHINGS = ['standard', 'low-cost'] as const;
export type PasswordHashing = (typeof PASSWORD_HASHINGS)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** The levels the phones' reports to Apple's pass web service may be written at (APPLE_PASS_LOG_LEVEL). */
const WALLET_LOG_LEVELS = ['warn', 'info', 'debug', 'trace', 'silent'] as const;
export type WalletLogLevel = (typeof WALLET_LOG_LEVELS)[number];
const MIN_SECRET_LENGTH = 32;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

const postgresUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be a postgres:// or postgresql:// URL with a host, for example postgres://user:pass@127.0.0.1:5432/tapcard');

const stripePriceId = z.string().startsWith('price_', 'must be a Stripe price id (price_…)');

/** TRUST_PROXY: off by default; "true" trusts every hop, else a comma-separated list of proxy addresses. */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): boolean | string[] => {
    const trimmed = value.trim();
    if (trimmed === 'false') return false;
    if (trimmed === 'true') return true;
    const list = trimmed
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (list.length === 0 || list.some((part) => !/^[0-9a-fA-F.:/]+$/.test(part))) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be true, false, or a comma-separated list of proxy addresses (for example 10.0.0.1,10.0.0.2)',
      });
      return z.NEVER;
    }
    return list;
  });

/** WEBHOOK_ALLOWED_NETWORKS: none by default; else a comma-separated list of CIDRs webhooks may reach. */
const allowedNetworks = z
  .string()
  .default('')
  .transform((value, ctx): AllowedNetwork[] => {
    try {
      return parseNetworks(value);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `${(error as Error).message}: must be a comma-separated list of networks, for example 192.168.1.0/24,fd00::/8`,
      });
      return z.NEVER;
    }
  });

/**
 * SSO_PRIVATE_ORIGINS: none by default; else a comma-separated list of origins (`https://sso.intranet:8443`)
 * on a private network whose OIDC providers company sign-in may call (docs/decisions/028-company-sign-in.md).
 */
const ssoPrivateOrigins = z
  .string()
  .default('')
  .transform((value, ctx): string[] => {
    const origins: string[] = [];
    for (const part of value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)) {
      const url = URL.canParse(part) ? new URL(part) : null;
      if (
        !url ||
        (url.protocol !== 'https:' && url.protocol !== 'http:') ||
        url.origin !== part.replace(/\/+$/, '')
      ) {
        ctx.addIssue({
          code: 'custom',
          message: `${part}: must be a comma-separated list of origins, for example https://sso.intranet.example:8443`,
        });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

/** DNS_SERVERS: the system's by default; else a comma-separated list of servers custom domains are checked with. */
const dnsServers = z
  .string()
  .default('')
  .transform((value, ctx): string[] => {
    try {
      return parseDnsServers(value);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `${(error as Error).message}: must be a comma-separated list of DNS servers, for example 1.1.1.1,[2606:4700:4700::1111]:53`,
      });
      return z.NEVER;
    }
  });

/** A domain name: dot-separated labels of letters, digits and inner hyphens (`localhost` included). */
const CARD_DOMAIN_SHAPE =
  /^(?=.{1,200}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A privacy switch of the analytics (ANALYTICS_*): on by default. */
const recordingSwitch = z.preprocess(blankToUndefined, z.enum(['on', 'off']).default('on'));

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    blankToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(blankToUndefined, z.string().min(1).default('localhost')),
  PUBLIC_URL: z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  CARD_DOMAIN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(CARD_DOMAIN_SHAPE, 'must be a domain name such as cards.example.com, without scheme or port')
      .optional(),
  ),
  DNS_SERVERS: z.preprocess(blankToUndefined, dnsServers),
  SSO_PRIVATE_ORIGINS: z.preprocess(blankToUndefined, ssoPrivateOrigins),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().min(1).default('./data')),
  MEDIA_DIR: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  METRICS_TOKEN: z.preprocess(
    blankToUndefined,
    z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`).optional(),
  ),
  COUNT_QUEUE_GROUPS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(100, 'must be at least 100').default(20_000),
  ),
  DATABASE_URL: z.preprocess(blankToUndefined, postgresUrl.optional()),
  DATABASE_POOL_MAX: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int()
      .min(2, 'must be at least 2')
      .max(500, 'must be at most 500')
      .default(DEFAULT_DATABASE_POOL_MAX),
  ),
  AUTH_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`).optional(),
  ),
  LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS).default('info')),
  PASSWORD_HASHING: z.preprocess(blankToUndefined, z.enum(PASSWORD_HASHINGS).default('standard')),
  DEMO_CARD: z.preprocess(blankToUndefined, z.enum(['on', 'off']).optional()),
  LOG_CLIENT_ADDRESS: z.preprocess(blankToUndefined, z.enum(['on', 'off']).default('off')),
  TRUST_PROXY: z.preprocess(blankToUndefined, trustProxy),
  WEB_DIST: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  SMTP_URL: z.preprocess(
    blankToUndefined,
    z
      .url({
        protocol: /^smtps?$/,
        error: 'must be an smtp:// or smtps:// URL, for example smtps://user:pass@smtp.example.com',
      })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    blankToUndefined,
    z.string().min(3).default('Tapcard <no-reply@tapcard.localhost>'),
  ),
  MAIL_RETRY_LIMIT: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(0, 'must be 0 or more').max(20, 'must be at most 20').default(8),
  ),
  MAIL_RETRY_DELAY_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1, 'must be at least 1').default(30),
  ),
  SUPPORT_EMAIL: z.preprocess(
    blankToUndefined,
    z.email('must be an e-mail address').default('support@tapcard.localhost'),
  ),
  SUPPORT_EMAIL_BUSINESS: z.preprocess(blankToUndefined, z.email('must be an e-mail address').optional()),
  GOOGLE_CLIENT_ID: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  APPLE_CLIENT_ID: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  APPLE_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  COOKIE_SECURE: z.preprocess(blankToUndefined, z.enum(['auto', 'true', 'false']).default('auto')),
  S3_BUCKET: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  S3_REGION: z.preprocess(blankToUndefined, z.string().min(1).default('us-east-1')),
  S3_ENDPOINT: z.preprocess(
    blankToUndefined,
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http:// or https:// URL, for example https://<account>.r2.cloudflarestorage.com',
      })
      .optional(),
  ),
  S3_ACCESS_KEY_ID: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(blankToUndefined, z.enum(['true', 'false']).default('false')),
  STRIPE_SECRET_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    blankToUndefined,
    z.string().startsWith('whsec_', 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  ),
  STRIPE_PRICE_PRO_MONTHLY: z.preprocess(blankToUndefined, stripePriceId.optional()),
  STRIPE_PRICE_PRO_YEARLY: z.preprocess(blankToUndefined, stripePriceId.optional()),
  STRIPE_PRICE_BUSINESS_MONTHLY: z.preprocess(blankToUndefined, stripePriceId.optional()),
  STRIPE_PRICE_BUSINESS_YEARLY: z.preprocess(blankToUndefined, stripePriceId.optional()),
  APPLE_PASS_TYPE_ID: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^pass(\.[A-Za-z0-9-]+)+$/, 'must be a Pass Type ID such as pass.com.example.card')
      .optional(),
  ),
  APPLE_TEAM_ID: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'must be the Apple Developer Team ID: 10 capital letters and digits')
      .optional(),
  ),
  APPLE_PASS_CERT: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  APPLE_PASS_KEY: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  APPLE_WWDR_CERT: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  APPLE_PASS_PUSH: z.preprocess(blankToUndefined, z.enum(['on', 'off']).default('off')),
  APPLE_PASS_LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(WALLET_LOG_LEVELS).default('info')),
  GOOGLE_WALLET_ISSUER_ID: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{5,25}$/, 'must be the Google Wallet issuer ID: digits only')
      .optional(),
  ),
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  ANALYTICS_DEVICES: recordingSwitch,
  ANALYTICS_REFERRERS: recordingSwitch,
  ANALYTICS_COUNTRIES: recordingSwitch,
  CACHE_MB: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a number of megabytes, for example 64' })
      .positive('must be a positive number of megabytes, for example 64')
      .default(64),
  ),
  CACHE_STALE_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds, for example 5' })
      .min(0, 'must be 0 or more seconds, for example 5')
      .default(5),
  ),
  WEBHOOK_ALLOWED_NETWORKS: z.preprocess(blankToUndefined, allowedNetworks),
  WEBHOOK_BATCH_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds, for example 60' })
      .int('must be a whole number of seconds, for example 60')
      .min(5, 'must be 5 seconds or more')
      .max(3600, 'must be 3600 seconds (an hour) or less')
      .default(WEBHOOK_BATCH_INTERVAL_SECONDS),
  ),
  HUBSPOT_CLIENT_ID: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  HUBSPOT_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  // tests point the connector at a fake HubSpot on loopback (its API and its authorization page)
  HUBSPOT_API_BASE: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default('https://api.hubapi.com'),
  ),
  HUBSPOT_APP_BASE: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default('https://app.hubspot.com'),
  ),
  SALESFORCE_CLIENT_ID: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  SALESFORCE_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  // a sandbox's (https://test.salesforce.com), an org's My Domain, or the tests' fake Salesforce on loopback
  SALESFORCE_LOGIN_BASE: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default('https://login.salesforce.com'),
  ),
  // tests point the SDK at a fake Stripe on loopback
  STRIPE_API_BASE: z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
});

/**
 * Every environment variable this server reads: `.env.example` and docs/configuration.md's table list
 * exactly these (tests/unit/config.test.ts compares them).
 */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as readonly (keyof typeof envSchema.shape)[];

export type DatabaseConfig =
  | { kind: 'pglite'; dataDir: string | null }
  /** poolMax: connections the pool may open (the change bus's listener is one more). */
  | { kind: 'postgres'; url: string; poolMax?: number };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Origin the product is reached at, without a trailing slash. Links in e-mails and QR codes use it. */
  publicUrl: string;
  /**
   * CARD_DOMAIN: with it, `{username}.{cardDomain}` serves the card of a Pro or Business account
   * (customSubdomain; wildcard DNS and a proxy that passes the Host header). Null: no card subdomains.
   */
  cardDomain: string | null;
  /**
   * DNS_SERVERS: the servers custom domains' TXT records are looked up with (`ip`, `ip:port`,
   * `[ipv6]:port`); empty: the system's resolver configuration.
   */
  dnsServers: string[];
  /**
   * SSO_PRIVATE_ORIGINS: origins on a private network (loopback, RFC 1918…) whose OIDC providers company
   * sign-in may call; any other private address is refused, public ones are always allowed.
   */
  ssoPrivateOrigins: string[];
  dataDir: string;
  /**
   * Counted views and hits held in memory while the database is slow or away, in groups (one row each,
   * about 400 bytes); past it they are spilled to `spillDir` and replayed when it answers again.
   */
  countQueue: { maxGroups: number; spillDir: string };
  /** METRICS_TOKEN: with it, GET /metrics answers requests that carry it as a bearer token; null: no metrics. */
  metricsToken: string | null;
  database: DatabaseConfig;
  /** Undefined until resolved by loadConfig (generated in development, required in production). */
  authSecret: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * PASSWORD_HASHING: `standard` (better-auth's scrypt); `low-cost` only in the test suite's servers
   * (NODE_ENV=test), which make thousands of accounts (server/auth/password-hashing.ts).
   */
  passwordHashing: PasswordHashing;
  /**
   * LOG_CLIENT_ADDRESS: each request logged at info with the client's address and user agent, for
   * operators who need them; off (the default), no log line carries either (server/lib/request-log.ts).
   */
  logClientAddress: boolean;
  /** Which proxies may set X-Forwarded-For; off means the client address is the socket's. */
  trustProxy: boolean | string[];
  /** Serve the client through Vite's dev server instead of the built files. */
  viteDev: boolean;
  /** Folder of the built client (index.html and assets/). */
  webDist: string;
  mail: {
    /** SMTP server to send through; without it the dev mailbox keeps messages in DATA_DIR/mail. */
    smtpUrl: string | undefined;
    from: string;
    supportEmail: string;
    /** Where Business accounts' support messages go (dedicated support); null: SUPPORT_EMAIL too. */
    supportEmailBusiness: string | null;
    /**
     * A message the mail server refuses is tried again up to `limit` times, the waits doubling from
     * `delaySeconds` (with jitter: 30 s gives about 30-60 s, then 1-2 min, … about 2-4 h before the 8th).
     */
    retry: { limit: number; delaySeconds: number };
  };
  /** The job queue (pg-boss, server/jobs/queue.ts): how often an idle worker asks for new jobs. */
  jobs: { pollingIntervalSeconds: number };
  webhooks: WebhooksConfig;
  /**
   * Sign-in providers that have a client id and secret configured
   * (docs/decisions/007-security-beyond-the-spec.md: buttons only then).
   */
  oauth: {
    google: { clientId: string; clientSecret: string } | undefined;
    apple: { clientId: string; clientSecret: string } | undefined;
  };
  /** Secure cookies: on with an https PUBLIC_URL, or forced with COOKIE_SECURE (TLS ended by a proxy). */
  secureCookies: boolean;
  /**
   * Make the demo card (/demo) at start when it is not there (server/demo/service.ts; several processes
   * starting at once make one): DEMO_CARD, by default on in development only.
   */
  demoCard: boolean;
  /** S3-compatible photo storage; null keeps photos in mediaDir. */
  s3: S3Config | null;
  /**
   * Where photos are kept without S3: MEDIA_DIR, by default DATA_DIR/media. Unlike DATA_DIR, servers on one
   * machine may share it (each photo is written once, under a random name, and renamed into place).
   */
  mediaDir: string;
  /** Real payments through Stripe; null runs the demo billing (local pages, no money moves). */
  stripe: StripeConfig | null;
  /** Wallet passes of a card (server/wallet/), each kind only with the operator's credentials. */
  wallet: WalletConfig;
  /**
   * What a counted visit records beside its item and time: the device class and browser
   * family, the referring host, the country looked up from the address. Each can be turned off.
   */
  analyticsRecords: Record<PrivacySwitch, boolean>;
  /** The in-process caches of public pages and short links (docs/architecture.md "Caches"). */
  cache: CacheConfig;
  /** CRM connectors (server/crm/), each CRM only with the operator's registered app. */
  crm: CrmConfig;
}

/** The OAuth app the operator registered at a CRM, and where its API and authorization page are. */
export interface CrmAppConfig {
  clientId: string;
  clientSecret: string;
  /** The REST API's address (HubSpot: https://api.hubapi.com; a fake CRM in tests). */
  apiBase: string;
  /** Where a person grants access (HubSpot: https://app.hubspot.com). */
  appBase: string;
}

export interface CrmConfig {
  /** HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET, both set; null: HubSpot is not offered. */
  hubspot: CrmAppConfig | null;
  /**
   * SALESFORCE_CLIENT_ID and SALESFORCE_CLIENT_SECRET (the connected app's consumer key and secret), both
   * set; null: Salesforce is not offered. Its OAuth is at SALESFORCE_LOGIN_BASE (apiBase and appBase), its
   * REST API at each org's instance_url.
   */
  salesforce: CrmAppConfig | null;
  /** A failed sync is tried again up to `limit` times, the waits doubling from `delaySeconds`. */
  retry: { limit: number; delaySeconds: number };
}

/** Outgoing webhooks (server/webhooks/). */
export interface WebhooksConfig {
  /**
   * WEBHOOK_ALLOWED_NETWORKS: networks a webhook may be sent into although they are not public (the
   * operator's own LAN); none by default.
   */
  allowedNetworks: AllowedNetwork[];
  /**
   * A failed delivery is tried again up to `limit` times, the waits doubling from `delaySeconds` (pg-boss
   * backoff with jitter: 1-2 min, 2-4 min, … 8.5-17 h before the 10th), about 24 hours in all.
   */
  retry: { limit: number; delaySeconds: number };
  /** WEBHOOK_BATCH_SECONDS: how often the counted events (link.scanned, profile.viewed) are sent, in batches. */
  batchIntervalSeconds: number;
}

export interface CacheConfig {
  /** CACHE_MB in bytes: what the page and short-link caches may hold together (pages 3/4, links 1/4). */
  maxBytes: number;
  /**
   * CACHE_STALE_SECONDS in milliseconds: while another process's change notices may be missed (the
   * listening connection is lost), a cached page or link older than this is read again before it is served.
   */
  maxStaleMs: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price of each paid plan and interval. */
  prices: Record<PaidPlanId, Record<BillingInterval, string>>;
  /** Another Stripe API address (a fake Stripe in tests); unset means Stripe itself. */
  apiBase: string | undefined;
}

export interface WalletConfig {
  /** Apple Wallet: the Pass Type ID, its team, and the PEM files that sign a pass; null: no Apple passes. */
  apple: {
    passTypeId: string;
    teamId: string;
    certPath: string;
    keyPath: string;
    wwdrPath: string;
    /** APPLE_PASS_PUSH: a changed card wakes the phones that hold its pass through Apple's push service. */
    push: boolean;
    /** APPLE_PASS_LOG_LEVEL: the level the phones' reports (its log endpoint) are written at. */
    logLevel: WalletLogLevel;
  } | null;
  /** Google Wallet: the issuer and the service account's JSON key file; null: no Google passes. */
  google: { issuerId: string; serviceAccountPath: string } | null;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** Another provider's S3 API (R2, MinIO, Spaces…); unset means AWS itself. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket in the path (host/bucket/key), as MinIO and some others need. */
  forcePathStyle: boolean;
}

/** Parses an environment into a Config. Throws StartupError naming the first bad variable. */
export function parseConfig(
  env: Record<string, string | undefined>,
  options: { viteDev?: boolean; webDist?: string } = {},
): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = env[name];
    const shown = got === undefined ? '' : ` (got ${JSON.stringify(name.includes('SECRET') ? '***' : got)})`;
    throw new StartupError(`Invalid ${name}: ${issue?.message ?? 'invalid value'}${shown}`);
  }
  const parsed = result.data;
  if (parsed.PASSWORD_HASHING === 'low-cost' && parsed.NODE_ENV !== 'test') {
    throw new StartupError(
      `Invalid PASSWORD_HASHING: low-cost is for the test suite only (NODE_ENV=test); leave it unset, or set it to standard`,
    );
  }
  if (parsed.NODE_ENV === 'production' && !parsed.AUTH_SECRET) {
    throw new StartupError(
      `Missing AUTH_SECRET: in production set it to a random string of at least ${MIN_SECRET_LENGTH} characters (for example: openssl rand -hex 32)`,
    );
  }
  // without a mail server sign-up never finishes (its confirmation link would only reach the dev
  // mailbox, which production does not serve): a half-configured production stops here instead
  if (parsed.NODE_ENV === 'production' && !parsed.SMTP_URL) {
    throw new StartupError(
      'Missing SMTP_URL: in production set it to your mail server (for example smtps://user:pass@smtp.example.com:465); sign-up, password resets and invitations are sent by e-mail',
    );
  }
  for (const provider of ['GOOGLE', 'APPLE'] as const) {
    if (Boolean(parsed[`${provider}_CLIENT_ID`]) !== Boolean(parsed[`${provider}_CLIENT_SECRET`])) {
      throw new StartupError(
        `Incomplete ${provider}_CLIENT_ID / ${provider}_CLIENT_SECRET: set both to enable ${provider === 'GOOGLE' ? 'Google' : 'Apple'} sign-in, or neither`,
      );
    }
  }
  const dataDir = path.resolve(parsed.DATA_DIR);
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '');
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    publicUrl: new URL(publicUrl).origin,
    cardDomain: parsed.CARD_DOMAIN ?? null,
    dnsServers: parsed.DNS_SERVERS,
    ssoPrivateOrigins: parsed.SSO_PRIVATE_ORIGINS,
    dataDir,
    countQueue: { maxGroups: parsed.COUNT_QUEUE_GROUPS, spillDir: path.join(dataDir, 'count-spill') },
    metricsToken: parsed.METRICS_TOKEN ?? null,
    database: parsed.DATABASE_URL
      ? { kind: 'postgres', url: parsed.DATABASE_URL, poolMax: parsed.DATABASE_POOL_MAX }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    authSecret: parsed.AUTH_SECRET,
    logLevel: parsed.LOG_LEVEL,
    passwordHashing: parsed.PASSWORD_HASHING,
    logClientAddress: parsed.LOG_CLIENT_ADDRESS === 'on',
    trustProxy: parsed.TRUST_PROXY,
    viteDev: options.viteDev ?? false,
    webDist: path.resolve(parsed.WEB_DIST ?? options.webDist ?? 'dist/web'),
    mail: {
      smtpUrl: parsed.SMTP_URL,
      from: parsed.MAIL_FROM,
      supportEmail: parsed.SUPPORT_EMAIL,
      supportEmailBusiness: parsed.SUPPORT_EMAIL_BUSINESS ?? null,
      retry: { limit: parsed.MAIL_RETRY_LIMIT, delaySeconds: parsed.MAIL_RETRY_DELAY_SECONDS },
    },
    jobs: { pollingIntervalSeconds: 2 },
    webhooks: {
      allowedNetworks: parsed.WEBHOOK_ALLOWED_NETWORKS,
      retry: WEBHOOK_RETRY,
      batchIntervalSeconds: parsed.WEBHOOK_BATCH_SECONDS,
    },
    oauth: {
      google: oauthClient(parsed.GOOGLE_CLIENT_ID, parsed.GOOGLE_CLIENT_SECRET),
      apple: oauthClient(parsed.APPLE_CLIENT_ID, parsed.APPLE_CLIENT_SECRET),
    },
    secureCookies:
      parsed.COOKIE_SECURE === 'auto' ? publicUrl.startsWith('https:') : parsed.COOKIE_SECURE === 'true',
    s3: s3Storage(parsed),
    mediaDir: path.resolve(parsed.MEDIA_DIR ?? path.join(dataDir, 'media')),
    stripe: stripeBilling(parsed),
    wallet: walletPasses(parsed),
    // not in the test suite's apps, which build their own data
    demoCard: parsed.DEMO_CARD ? parsed.DEMO_CARD === 'on' : parsed.NODE_ENV === 'development',
    analyticsRecords: {
      devices: parsed.ANALYTICS_DEVICES === 'on',
      referrers: parsed.ANALYTICS_REFERRERS === 'on',
      countries: parsed.ANALYTICS_COUNTRIES === 'on',
    },
    cache: {
      maxBytes: Math.round(parsed.CACHE_MB * 1024 * 1024),
      maxStaleMs: Math.round(parsed.CACHE_STALE_SECONDS * 1000),
    },
    crm: {
      hubspot: crmApp('HubSpot', 'HUBSPOT', parsed.HUBSPOT_CLIENT_ID, parsed.HUBSPOT_CLIENT_SECRET, {
        apiBase: parsed.HUBSPOT_API_BASE.replace(/\/+$/, ''),
        appBase: parsed.HUBSPOT_APP_BASE.replace(/\/+$/, ''),
      }),
      salesforce: crmApp(
        'Salesforce',
        'SALESFORCE',
        parsed.SALESFORCE_CLIENT_ID,
        parsed.SALESFORCE_CLIENT_SECRET,
        {
          apiBase: parsed.SALESFORCE_LOGIN_BASE.replace(/\/+$/, ''),
          appBase: parsed.SALESFORCE_LOGIN_BASE.replace(/\/+$/, ''),
        },
      ),
      retry: CRM_RETRY,
    },
  };
}

/** A CRM's app when its client id and secret are both set; neither: not offered; one alone stops the start. */
function crmApp(
  name: string,
  prefix: string,
  clientId: string | undefined,
  clientSecret: string | undefined,
  addresses: { apiBase: string; appBase: string },
): CrmAppConfig | null {
  if (clientId && clientSecret) return { clientId, clientSecret, ...addresses };
  if (clientId || clientSecret) {
    throw new StartupError(
      `Incomplete ${name} settings: set both ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET to offer ${name} connections, or neither`,
    );
  }
  return null;
}

/** S3 storage when bucket and keys are all set; none of them keeps photos in MEDIA_DIR. */
function s3Storage(parsed: z.output<typeof envSchema>): S3Config | null {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = parsed;
  if (bucket && accessKeyId && secretAccessKey) {
    return {
      bucket,
      region: parsed.S3_REGION,
      endpoint: parsed.S3_ENDPOINT,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: parsed.S3_FORCE_PATH_STYLE === 'true',
    };
  }
  if (bucket || accessKeyId || secretAccessKey) {
    throw new StartupError(
      'Incomplete S3_BUCKET / S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set all three to store photos in S3, or none to keep them in MEDIA_DIR (by default DATA_DIR/media)',
    );
  }
  return null;
}

const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_PRO_MONTHLY',
  'STRIPE_PRICE_PRO_YEARLY',
  'STRIPE_PRICE_BUSINESS_MONTHLY',
  'STRIPE_PRICE_BUSINESS_YEARLY',
] as const;

/** Stripe when its key, webhook secret and four prices are all set; none of them runs the demo billing. */
function stripeBilling(parsed: z.output<typeof envSchema>): StripeConfig | null {
  const missing = STRIPE_VARIABLES.filter((name) => !parsed[name]);
  if (missing.length === STRIPE_VARIABLES.length) return null;
  if (missing.length > 0) {
    throw new StartupError(
      `Incomplete Stripe settings: missing ${missing.join(', ')}. Set all of ${STRIPE_VARIABLES.join(', ')} to take payments with Stripe, or none of them to run the demo billing`,
    );
  }
  const value = (name: (typeof STRIPE_VARIABLES)[number]) => parsed[name] ?? '';
  const prices = {
    pro: { month: value('STRIPE_PRICE_PRO_MONTHLY'), year: value('STRIPE_PRICE_PRO_YEARLY') },
    business: { month: value('STRIPE_PRICE_BUSINESS_MONTHLY'), year: value('STRIPE_PRICE_BUSINESS_YEARLY') },
  };
  const all = PAID_PLAN_IDS.flatMap((plan) => Object.values(prices[plan]));
  if (new Set(all).size !== all.length) {
    throw new StartupError(
      'STRIPE_PRICE_* must be four different prices: each plan and interval is told apart by its price id',
    );
  }
  return {
    secretKey: value('STRIPE_SECRET_KEY'),
    webhookSecret: value('STRIPE_WEBHOOK_SECRET'),
    prices,
    apiBase: parsed.STRIPE_API_BASE,
  };
}

const APPLE_WALLET_VARIABLES = [
  'APPLE_PASS_TYPE_ID',
  'APPLE_TEAM_ID',
  'APPLE_PASS_CERT',
  'APPLE_PASS_KEY',
  'APPLE_WWDR_CERT',
] as const;
const GOOGLE_WALLET_VARIABLES = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT'] as const;

/** Whether none of a group of settings is set; throws when some of the group are and some not. */
function isUnsetGroup(
  parsed: z.output<typeof envSchema>,
  group: readonly (keyof z.output<typeof envSchema>)[],
  purpose: string,
): boolean {
  const missing = group.filter((name) => !parsed[name]);
  if (missing.length === group.length) return true;
  if (missing.length > 0) {
    throw new StartupError(
      `Incomplete ${purpose} settings: missing ${missing.join(', ')}. Set all of ${group.join(', ')}, or none of them`,
    );
  }
  return false;
}

/** Apple and Google Wallet passes, each when all of its settings are set (file paths resolved). */
function walletPasses(parsed: z.output<typeof envSchema>): WalletConfig {
  const file = (value: string | undefined) => path.resolve(value ?? '');
  const apple = isUnsetGroup(parsed, APPLE_WALLET_VARIABLES, 'Apple Wallet')
    ? null
    : {
        passTypeId: parsed.APPLE_PASS_TYPE_ID ?? '',
        teamId: parsed.APPLE_TEAM_ID ?? '',
        certPath: file(parsed.APPLE_PASS_CERT),
        keyPath: file(parsed.APPLE_PASS_KEY),
        wwdrPath: file(parsed.APPLE_WWDR_CERT),
        push: parsed.APPLE_PASS_PUSH === 'on',
        logLevel: parsed.APPLE_PASS_LOG_LEVEL,
      };
  if (!apple && parsed.APPLE_PASS_PUSH === 'on') {
    throw new StartupError(
      `APPLE_PASS_PUSH=on needs the Apple Wallet settings: ${APPLE_WALLET_VARIABLES.join(', ')}`,
    );
  }
  const google = isUnsetGroup(parsed, GOOGLE_WALLET_VARIABLES, 'Google Wallet')
    ? null
    : {
        issuerId: parsed.GOOGLE_WALLET_ISSUER_ID ?? '',
        serviceAccountPath: file(parsed.GOOGLE_WALLET_SERVICE_ACCOUNT),
      };
  return { apple, google };
}

function oauthClient(clientId: string | undefined, clientSecret: string | undefined) {
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}

/** Makes sure DATA_DIR exists and can be written, or says plainly what to fix. */
export function ensureDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new StartupError(
      `DATA_DIR ${dataDir} is not writable (${code}): choose a folder this user can write, or fix its permissions`,
    );
  }
}

/**
 * Development convenience: without AUTH_SECRET, a random secret is generated once and kept in DATA_DIR,
 * so sessions survive restarts. (Production refuses to start without one: see parseConfig.)
 */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= MIN_SECRET_LENGTH) return existing;
  } catch {
    // not generated yet
  }
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Reads the process environment, checks DATA_DIR and resolves the secret: the whole start-up config. */
export function loadConfig(
  env: Record<string, string | undefined>,
  options: { viteDev?: boolean; webDist?: string } = {},
): Config {
  const config = parseConfig(env, options);
  ensureDataDir(config.dataDir);
  return Object.freeze({ ...config, authSecret: resolveAuthSecret(config) });
}
