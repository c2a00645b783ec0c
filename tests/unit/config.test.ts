import { mkdtempSync, readFileSync, statSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, ensureDataDir, loadConfig, parseConfig } from '../../server/config.ts';
import { StartupError } from '../../server/lib/startup-error.ts';

/** A mail server's URL, which production requires. */
const PRODUCTION_SMTP = 'smtps://user:pass@smtp.example.com:465';

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(StartupError);
    return (error as Error).message;
  }
  throw new Error('expected a StartupError');
}

describe('parseConfig defaults', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = parseConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('localhost');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('data/pglite') });
    expect(config.logLevel).toBe('info');
    expect(config.trustProxy).toBe(false);
  });

  it('keeps photos in DATA_DIR/media, or in MEDIA_DIR when it is set, unless S3 is configured', () => {
    expect(parseConfig({ DATA_DIR: '/srv/tapcard' }).mediaDir).toBe(path.resolve('/srv/tapcard/media'));
    const shared = parseConfig({ DATA_DIR: '/srv/tapcard', MEDIA_DIR: 'shared/photos' });
    expect(shared.mediaDir).toBe(path.resolve('shared/photos'));
    expect(shared.s3).toBeNull();
  });

  it('switches to PostgreSQL with DATABASE_URL and derives PUBLIC_URL from PORT', () => {
    const config = parseConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/tapcard', PORT: '8080' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@127.0.0.1:5432/tapcard',
      poolMax: 10,
    });
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('sizes the PostgreSQL pool with DATABASE_POOL_MAX, within 2 to 500', () => {
    const url = 'postgres://u:p@127.0.0.1:5432/tapcard';
    expect(parseConfig({ DATABASE_URL: url, DATABASE_POOL_MAX: '4' }).database).toMatchObject({ poolMax: 4 });
    expect(errorOf(() => parseConfig({ DATABASE_URL: url, DATABASE_POOL_MAX: '1' }))).toMatch(
      /^Invalid DATABASE_POOL_MAX: must be at least 2/,
    );
    expect(errorOf(() => parseConfig({ DATABASE_URL: url, DATABASE_POOL_MAX: 'many' }))).toMatch(
      /^Invalid DATABASE_POOL_MAX: /,
    );
  });

  it("reads DNS_SERVERS as addresses with optional ports (none: the system's), and refuses anything else", () => {
    expect(parseConfig({}).dnsServers).toEqual([]);
    expect(
      parseConfig({ DNS_SERVERS: ' 1.1.1.1, 127.0.0.1:5353 ,::1,[2606:4700::1111]:53' }).dnsServers,
    ).toEqual(['1.1.1.1', '127.0.0.1:5353', '::1', '[2606:4700::1111]:53']);
    for (const bad of ['dns.example.com', '1.1.1.1:99999', '1.1.1', 'https://1.1.1.1', '[::1]:x']) {
      expect(errorOf(() => parseConfig({ DNS_SERVERS: bad }))).toMatch(/^Invalid DNS_SERVERS: /);
    }
  });

  it('reads CARD_DOMAIN as a lowercase domain name, and refuses a URL or a port', () => {
    expect(parseConfig({}).cardDomain).toBeNull();
    expect(parseConfig({ CARD_DOMAIN: '' }).cardDomain).toBeNull();
    expect(parseConfig({ CARD_DOMAIN: ' Cards.Example.com ' }).cardDomain).toBe('cards.example.com');
    expect(parseConfig({ CARD_DOMAIN: 'localhost' }).cardDomain).toBe('localhost');
    for (const bad of [
      'https://cards.example.com',
      'cards.example.com:443',
      '*.example.com',
      'a..b',
      '-a.com',
    ]) {
      expect(
        errorOf(() => parseConfig({ CARD_DOMAIN: bad })),
        bad,
      ).toMatch(/^Invalid CARD_DOMAIN/);
    }
  });

  it('keeps only the origin of PUBLIC_URL', () => {
    expect(parseConfig({ PUBLIC_URL: 'https://cards.example.com/' }).publicUrl).toBe(
      'https://cards.example.com',
    );
  });

  it('retries an e-mail 8 times from 30 s unless MAIL_RETRY_* say otherwise', () => {
    expect(parseConfig({}).mail.retry).toEqual({ limit: 8, delaySeconds: 30 });
    expect(parseConfig({ MAIL_RETRY_LIMIT: '0', MAIL_RETRY_DELAY_SECONDS: '5' }).mail.retry).toEqual({
      limit: 0,
      delaySeconds: 5,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('reads TRUST_PROXY as off, on, or a list of proxy addresses', () => {
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });
});

describe('parseConfig errors name the variable in one line', () => {
  it.each([
    [{ PORT: 'abc' }, /^Invalid PORT: .*\(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid PORT: /],
    [{ DATABASE_URL: 'mysql://localhost/db' }, /^Invalid DATABASE_URL: must be a postgres:\/\//],
    [{ DATABASE_URL: 'not a url' }, /^Invalid DATABASE_URL: /],
    [{ PUBLIC_URL: 'ftp://example.com' }, /^Invalid PUBLIC_URL: /],
    [{ LOG_LEVEL: 'loud' }, /^Invalid LOG_LEVEL: /],
    [{ NODE_ENV: 'staging' }, /^Invalid NODE_ENV: /],
    [{ TRUST_PROXY: 'yes please' }, /^Invalid TRUST_PROXY: /],
    [{ ANALYTICS_COUNTRIES: 'no' }, /^Invalid ANALYTICS_COUNTRIES: /],
    [
      { CACHE_MB: 'lots' },
      /^Invalid CACHE_MB: must be a number of megabytes, for example 64 \(got "lots"\)$/,
    ],
    [{ CACHE_MB: '0' }, /^Invalid CACHE_MB: must be a positive number of megabytes/],
    [{ CACHE_MB: '-8' }, /^Invalid CACHE_MB: must be a positive number of megabytes/],
    [{ CACHE_STALE_SECONDS: 'soon' }, /^Invalid CACHE_STALE_SECONDS: must be a number of seconds/],
    [{ CACHE_STALE_SECONDS: '-1' }, /^Invalid CACHE_STALE_SECONDS: must be 0 or more seconds/],
    [{ MAIL_RETRY_LIMIT: '-1' }, /^Invalid MAIL_RETRY_LIMIT: must be 0 or more/],
    [{ MAIL_RETRY_DELAY_SECONDS: '0' }, /^Invalid MAIL_RETRY_DELAY_SECONDS: must be at least 1/],
    [{ AUTH_SECRET: 'short' }, /^Invalid AUTH_SECRET: must be at least 32 characters \(got "\*\*\*"\)$/],
  ])('%j', (env, expected) => {
    const message = errorOf(() => parseConfig(env));
    expect(message).toMatch(expected);
    expect(message).not.toContain('\n');
  });

  it('records every visit fact unless an ANALYTICS_* switch is off', () => {
    expect(parseConfig({}).analyticsRecords).toEqual({ devices: true, referrers: true, countries: true });
    expect(
      parseConfig({ ANALYTICS_DEVICES: 'off', ANALYTICS_REFERRERS: 'on', ANALYTICS_COUNTRIES: 'off' })
        .analyticsRecords,
    ).toEqual({ devices: false, referrers: true, countries: false });
  });

  it('keeps client addresses out of the log unless LOG_CLIENT_ADDRESS is on', () => {
    expect(parseConfig({}).logClientAddress).toBe(false);
    expect(parseConfig({ LOG_CLIENT_ADDRESS: '' }).logClientAddress).toBe(false);
    expect(parseConfig({ LOG_CLIENT_ADDRESS: 'on' }).logClientAddress).toBe(true);
    expect(errorOf(() => parseConfig({ LOG_CLIENT_ADDRESS: 'yes' }))).toMatch(
      /^Invalid LOG_CLIENT_ADDRESS: /,
    );
  });

  it('reads the cache budget in megabytes and the stale cap in seconds', () => {
    expect(parseConfig({}).cache).toEqual({ maxBytes: 64 * 1024 * 1024, maxStaleMs: 5_000 });
    expect(parseConfig({ CACHE_MB: '1.5', CACHE_STALE_SECONDS: '0.25' }).cache).toEqual({
      maxBytes: 1.5 * 1024 * 1024,
      maxStaleMs: 250,
    });
    expect(parseConfig({ CACHE_STALE_SECONDS: '0' }).cache.maxStaleMs).toBe(0);
  });

  it('makes wallet passes only with a whole group of wallet settings, and says which are missing', () => {
    expect(parseConfig({}).wallet).toEqual({ apple: null, google: null });
    const apple = {
      APPLE_PASS_TYPE_ID: 'pass.com.example.card',
      APPLE_TEAM_ID: 'ABCDE12345',
      APPLE_PASS_CERT: 'certs/pass.pem',
      APPLE_PASS_KEY: 'certs/pass.key',
      APPLE_WWDR_CERT: 'certs/wwdr.pem',
    };
    expect(parseConfig(apple).wallet.apple).toEqual({
      passTypeId: 'pass.com.example.card',
      teamId: 'ABCDE12345',
      certPath: path.resolve('certs/pass.pem'),
      keyPath: path.resolve('certs/pass.key'),
      wwdrPath: path.resolve('certs/wwdr.pem'),
      push: false,
      logLevel: 'info',
    });
    expect(parseConfig({ ...apple, APPLE_PASS_PUSH: 'on' }).wallet.apple?.push).toBe(true);
    expect(parseConfig({ ...apple, APPLE_PASS_LOG_LEVEL: 'silent' }).wallet.apple?.logLevel).toBe('silent');
    expect(errorOf(() => parseConfig({ ...apple, APPLE_PASS_LOG_LEVEL: 'loud' }))).toMatch(
      /^Invalid APPLE_PASS_LOG_LEVEL: /,
    );
    expect(errorOf(() => parseConfig({ ...apple, APPLE_WWDR_CERT: '' }))).toBe(
      'Incomplete Apple Wallet settings: missing APPLE_WWDR_CERT. Set all of APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT, or none of them',
    );
    expect(errorOf(() => parseConfig({ APPLE_PASS_PUSH: 'on' }))).toMatch(
      /^APPLE_PASS_PUSH=on needs the Apple Wallet settings/,
    );
    expect(errorOf(() => parseConfig({ ...apple, APPLE_TEAM_ID: 'abc' }))).toMatch(
      /^Invalid APPLE_TEAM_ID: /,
    );
    expect(errorOf(() => parseConfig({ ...apple, APPLE_PASS_TYPE_ID: 'com.example' }))).toMatch(
      /^Invalid APPLE_PASS_TYPE_ID: /,
    );
    const google = {
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT: 'sa.json',
    };
    expect(parseConfig(google).wallet.google).toEqual({
      issuerId: '3388000000012345678',
      serviceAccountPath: path.resolve('sa.json'),
    });
    expect(errorOf(() => parseConfig({ GOOGLE_WALLET_ISSUER_ID: '3388000000012345678' }))).toMatch(
      /^Incomplete Google Wallet settings: missing GOOGLE_WALLET_SERVICE_ACCOUNT/,
    );
    expect(errorOf(() => parseConfig({ ...google, GOOGLE_WALLET_ISSUER_ID: 'issuer' }))).toMatch(
      /^Invalid GOOGLE_WALLET_ISSUER_ID: /,
    );
  });

  it('requires SMTP_URL in production, naming it', () => {
    expect(errorOf(() => parseConfig({ NODE_ENV: 'production', AUTH_SECRET: 'k'.repeat(32) }))).toBe(
      'Missing SMTP_URL: in production set it to your mail server (for example smtps://user:pass@smtp.example.com:465); sign-up, password resets and invitations are sent by e-mail',
    );
    expect(
      parseConfig({ NODE_ENV: 'production', AUTH_SECRET: 'k'.repeat(32), SMTP_URL: PRODUCTION_SMTP }).mail
        .smtpUrl,
    ).toBe(PRODUCTION_SMTP);
    // outside production the dev mailbox takes the mail
    expect(parseConfig({ NODE_ENV: 'development' }).mail.smtpUrl).toBeUndefined();
  });

  it('requires AUTH_SECRET in production', () => {
    expect(errorOf(() => parseConfig({ NODE_ENV: 'production', SMTP_URL: PRODUCTION_SMTP }))).toMatch(
      /^Missing AUTH_SECRET: /,
    );
    expect(
      parseConfig({ NODE_ENV: 'production', AUTH_SECRET: 'k'.repeat(32), SMTP_URL: PRODUCTION_SMTP })
        .authSecret,
    ).toBe('k'.repeat(32));
  });

  it('hashes passwords at full cost unless the test suite asks for low cost, which nothing else may', () => {
    expect(parseConfig({}).passwordHashing).toBe('standard');
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'k'.repeat(32), SMTP_URL: PRODUCTION_SMTP };
    for (const env of [{}, { NODE_ENV: 'development' }, production]) {
      expect(errorOf(() => parseConfig({ ...env, PASSWORD_HASHING: 'low-cost' }))).toBe(
        'Invalid PASSWORD_HASHING: low-cost is for the test suite only (NODE_ENV=test); leave it unset, or set it to standard',
      );
    }
    expect(parseConfig({ NODE_ENV: 'test', PASSWORD_HASHING: 'low-cost' }).passwordHashing).toBe('low-cost');
    expect(parseConfig({ ...production, PASSWORD_HASHING: 'standard' }).passwordHashing).toBe('standard');
    expect(errorOf(() => parseConfig({ NODE_ENV: 'test', PASSWORD_HASHING: 'none' }))).toMatch(
      /^Invalid PASSWORD_HASHING: /,
    );
  });

  it('makes the demo card in development, and elsewhere only when DEMO_CARD is on', () => {
    expect(parseConfig({}).demoCard).toBe(true);
    expect(parseConfig({ DEMO_CARD: 'off' }).demoCard).toBe(false);
    expect(parseConfig({ NODE_ENV: 'test' }).demoCard).toBe(false);
    expect(parseConfig({ NODE_ENV: 'test', DEMO_CARD: 'on' }).demoCard).toBe(true);
    expect(errorOf(() => parseConfig({ DEMO_CARD: 'yes' }))).toMatch(/^Invalid DEMO_CARD: /);
  });
});

describe('loadConfig', () => {
  it('generates a development secret once and keeps it in DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tapcard-config-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.authSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first.authSecret);
    expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
  });

  it('says plainly when DATA_DIR cannot be written', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'tapcard-ro-'));
    chmodSync(parent, 0o500);
    const dir = path.join(parent, 'data');
    // root ignores permissions; a path under a regular file fails for everyone
    const blocked = process.getuid?.() === 0 ? '/proc/version/data' : dir;
    expect(errorOf(() => ensureDataDir(blocked))).toMatch(/^DATA_DIR .* is not writable \(\w+\): /);
  });
});

describe('the documented settings', () => {
  const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

  /** The names `.env.example` sets (NAME=value lines). */
  function envExampleNames(): string[] {
    const text = readFileSync('.env.example', 'utf8');
    return [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? '');
  }

  /** The names in the first column of docs/configuration.md's table. */
  function documentedTableNames(): string[] {
    const lines = readFileSync('docs/configuration.md', 'utf8').split('\n');
    const start = lines.findIndex((line) => line.startsWith('|'));
    const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
    const table = lines.slice(start, end);
    return table.flatMap((row) => {
      const firstCell = row.split('|')[1] ?? '';
      return [...firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1] ?? '');
    });
  }

  it('lists every variable server/config.ts reads in .env.example, and nothing else', () => {
    expect(ENV_VARIABLES).toContain('STRIPE_SECRET_KEY');
    expect(sorted(envExampleNames())).toEqual(sorted(ENV_VARIABLES));
  });

  it("lists every variable server/config.ts reads in docs/configuration.md's table, and nothing else", () => {
    expect(sorted(documentedTableNames())).toEqual(sorted(ENV_VARIABLES));
  });
});
