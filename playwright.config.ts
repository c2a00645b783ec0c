import { randomBytes } from 'node:crypto';
import { mkdtempSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E: the built app (node dist/server/main.js) with a fresh DATA_DIR, driven in Debian's Chromium.
// scripts/e2e.mjs finds the browser and sets CHROMIUM_PATH. With DATABASE_URL set, the app uses that
// PostgreSQL instead of the embedded database.

const port = Number(process.env.E2E_PORT ?? 3100);
// localhost (as PUBLIC_URL's default): a secure context and a domain name, so passkeys work (WebAuthn
// refuses an IP address as the RP ID); the server still listens on 127.0.0.1 only
const baseURL = `http://localhost:${port}`;
// set once in the main process; workers inherit them
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'tapcard-e2e-'));
process.env.E2E_MAIL_DIR ??= path.join(process.env.E2E_DATA_DIR, 'received-mail');
process.env.E2E_SMTP_PORT ??= String(port + 25);
// tests/e2e/domains.spec.ts answers custom domains' TXT records from a DNS server of its own on loopback
process.env.E2E_DNS_PORT ??= String(port + 53);
// the fake HubSpot of tests/e2e/webhooks.spec.ts (tests/support/fake-hubspot.ts), which the server connects to
process.env.E2E_HUBSPOT_PORT ??= String(port + 44);
// tests/e2e/company-sign-in.spec.ts: its own DNS server (asked first: it refuses names it does not know)
// and its OpenID Connect provider, both on loopback
process.env.E2E_SSO_DNS_PORT ??= String(port + 54);
process.env.E2E_OIDC_PORT ??= String(port + 80);
// the server's secret, which the tests also sign a sign-up's confirmation link with (tests/e2e/support.ts)
process.env.E2E_AUTH_SECRET ??= randomBytes(32).toString('hex');
const reportDir = process.env.TEST_REPORT_DIR;

/**
 * Whether Chromium may keep its shared memory (the frames and tiles its processes pass each other) in
 * /dev/shm. Playwright turns that off by default for containers' 64 MB /dev/shm, which then puts it in
 * files under /tmp, on disk here; with a /dev/shm of 1 GiB or more the suite takes about 5% less time
 * (measured: billing.spec.ts in 82-85 s against 88-90 s on 2 cores).
 */
function sharedMemoryIsRoomy(): boolean {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    return bavail * bsize >= 2 ** 30;
  } catch {
    return false;
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  // a flow of several screens with two sign-ins (two-factor) ran past 30 s on the loaded 2-core machine
  timeout: 60_000,
  // a sign-in hashes a password: on a busy 2-core machine that alone can take seconds
  expect: { timeout: 10_000 },
  workers: 2,
  // tests, not files, are handed to the workers: neither works alone at the end of a run on a long file
  // (measured with files: one worker alone for the last 80 s of a 14-minute run), and one spec's tests
  // run two at a time; a file whose tests share one resource of the run says so (tests/e2e/domains.spec.ts)
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  reporter: reportDir
    ? [['list'], ['json', { outputFile: path.join(reportDir, `playwright-${process.pid}.json`) }]]
    : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    // Both for CPU, the suite's bottleneck on 2 cores (measured: together a third off the wall time).
    // Without motion, spinners and transitions stop repainting in Chromium's software rendering; a
    // failure's trace keeps its DOM snapshots, without the screencast of every frame (the failure's
    // own screenshot is still taken).
    reducedMotion: 'reduce',
    // CI keeps no trace (nobody opens it there; recording cost 7% of the run): its log names the failure
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      ignoreDefaultArgs: sharedMemoryIsRoomy() ? ['--disable-dev-shm-usage'] : [],
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // tests/e2e/domains.spec.ts opens cards on customers' domains (*.example.org) served by this server
        '--host-resolver-rules=MAP *.example.org 127.0.0.1',
      ],
    },
  },
  webServer: {
    command: 'node dist/server/main.js',
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      // a test configuration: low-cost password hashing (refused anywhere else), and the demo card a
      // development server has (the landing's "See a demo card")
      NODE_ENV: 'test',
      PASSWORD_HASHING: 'low-cost',
      DEMO_CARD: 'on',
      AUTH_SECRET: process.env.E2E_AUTH_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      // card subdomains ({username}.localhost:port; browsers resolve *.localhost to this machine)
      CARD_DOMAIN: 'localhost',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      // tests/e2e/support.ts gives each test its own client address through X-Forwarded-For
      TRUST_PROXY: '127.0.0.1',
      // tests/e2e/webhooks.spec.ts posts to a receiver of its own on loopback and waits for a batch
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
      WEBHOOK_BATCH_SECONDS: '5',
      DNS_SERVERS: `127.0.0.1:${process.env.E2E_SSO_DNS_PORT},127.0.0.1:${process.env.E2E_DNS_PORT}`,
      SSO_PRIVATE_ORIGINS: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`,
      HUBSPOT_CLIENT_ID: 'hubspot-client-id',
      HUBSPOT_CLIENT_SECRET: 'hubspot-client-secret',
      HUBSPOT_API_BASE: `http://127.0.0.1:${process.env.E2E_HUBSPOT_PORT}`,
      HUBSPOT_APP_BASE: `http://127.0.0.1:${process.env.E2E_HUBSPOT_PORT}`,
    },
  },
});
