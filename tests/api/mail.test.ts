import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../server/config.ts';
import { AppError } from '../../server/lib/errors.ts';
import { createMailer, listDevMailbox } from '../../server/mail/mailer.ts';
import { verifyEmail } from '../../server/mail/templates.ts';
import { DEMO_PASSWORD_FILE } from '../../server/demo/service.ts';
import { buildTestApp, injectFromApp, TEST_PASSWORD, testConfig, type TestApp } from '../support/harness.ts';
import { captureLogs } from '../support/logs.ts';
import { linkIn, startMailReceiver, type MailReceiver } from '../support/mail-receiver.ts';

// The two mailers (dev mailbox and SMTP) and the /dev/mail page.

const silent = pino({ level: 'silent' });

/** A config of its own for a mailer test (no database is opened for it). */
function mailConfig(mail: Partial<Config['mail']> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-mail-'));
  const base = testConfig({ kind: 'pglite', dataDir: null }, dataDir);
  return { ...base, mail: { ...base.mail, ...mail } };
}

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

const LINK = 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fonboarding';

describe('dev mailbox (no SMTP_URL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps each message under DATA_DIR/mail and lists them newest first', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mailer = createMailer(t.config, logger);
    await mailer.send({ to: 'first@example.com', ...verifyEmail('en', { name: 'Ana', url: LINK }) });
    await mailer.send({
      to: 'second@example.com',
      subject: '<script>alert(1)</script>',
      text: `Open ${LINK}.\n<b>not bold</b>`,
      html: '<p>hi</p>',
      replyTo: 'reply@example.com',
    });
    await mailer.close();

    const messages = await listDevMailbox(t.config.dataDir);
    expect(messages.map((mail) => mail.to)).toEqual(['second@example.com', 'first@example.com']);
    expect(messages[0]).toMatchObject({ from: t.config.mail.from, replyTo: 'reply@example.com' });
    expect(messages[1]?.text).toContain(LINK);
    // the console says where to read it, and never carries its link: e-mail links carry tokens
    expect(
      lines.some((line) =>
        line.includes(`to first@example.com: open ${t.config.publicUrl}/dev/mail to read it`),
      ),
      lines.join('\n'),
    ).toBe(true);
    expect(lines.filter((line) => line.includes(LINK))).toEqual([]);
  });

  it('shows them at /dev/mail, escaped, with clickable links', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(response.body).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    const escapedLink = LINK.replace(/&/g, '&amp;');
    expect(response.body).toContain(`<a href="${escapedLink}">${escapedLink}</a>.`);
    expect(response.body.indexOf('second@example.com')).toBeLessThan(
      response.body.indexOf('first@example.com'),
    );
    // the app's strict CSP still applies: no inline script on this page
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves a message as HTML under its own id only, sandboxed', async () => {
    const [newest] = await listDevMailbox(t.config.dataDir);
    const response = await t.app.inject({ method: 'GET', url: `/dev/mail/${newest?.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<p>hi</p>');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');

    for (const url of [
      '/dev/mail/..%2F..%2Fauth-secret',
      '/dev/mail/%2e%2e',
      `/dev/mail/${newest?.id}.json`,
      '/dev/mail/20260101T000000000Z-000001-00000000', // the right shape, but not a stored file
    ]) {
      const refused = await t.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(404);
      expect(refused.body, url).not.toContain('test-secret');
    }
  });
});

describe('/dev/mail in production', () => {
  it('does not exist', async () => {
    const t = await buildTestApp({ env: 'production' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/dev/mail' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Dev mailbox');
    } finally {
      await t.close();
    }
  });
});

describe('SMTP (SMTP_URL set)', () => {
  let receiver: MailReceiver;

  beforeAll(async () => {
    receiver = await startMailReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('delivers plain text and HTML in the recipient language', async () => {
    const config = mailConfig({ smtpUrl: receiver.url, from: 'Tapcard <no-reply@tapcard.test>' });
    const mailer = createMailer(config, silent);
    try {
      await mailer.send({ to: 'lucia@example.com', ...verifyEmail('es', { name: 'Lucía', url: LINK }) });
      const mail = await receiver.waitFor((m) => m.to.includes('lucia@example.com'));
      expect(mail.from).toBe('no-reply@tapcard.test');
      expect(mail.subject).toBe('Confirma tu correo electrónico en Tapcard');
      expect(mail.body).toMatch(/Content-Type: text\/plain/i);
      expect(mail.body).toMatch(/Content-Type: text\/html/i);
      expect(mail.body).toContain('Hola, Lucía:');
      expect(mail.body).toContain(LINK); // the text part
      expect(mail.body).toContain(`href="${LINK.replace(/&/g, '&amp;')}"`); // the HTML part
      expect(mail.body).not.toContain('Confirm your email'); // no English in the Spanish mail
    } finally {
      await mailer.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('fails fast with mail_unavailable when the server cannot be reached, and keeps nothing', async () => {
    const config = mailConfig({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    const mailer = createMailer(config, silent);
    const started = Date.now();
    try {
      const error = await mailer
        .send({ to: 'ana@example.com', ...verifyEmail('en', { name: 'Ana', url: LINK }) })
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).reason).toBe('mail_unavailable');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await listDevMailbox(config.dataDir)).toEqual([]);
    } finally {
      await mailer.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('secrets never in the log', () => {
  it("no line at any level carries a confirmation or reset token, nor the demo account's password", async () => {
    const logs = captureLogs();
    // every level, and the request lines with their addresses: the most an operator can turn on
    const t = await buildTestApp(
      { demoCard: true, logClientAddress: true },
      { logger: { level: 'trace', stream: logs.stream } },
    );
    try {
      const email = `tokens-${Date.now()}@example.com`;
      const post = (url: string, payload: object) => injectFromApp(t.app, { method: 'POST', url, payload });
      const mailWith = (pathPart: string) =>
        vi.waitFor(
          async () => {
            const found = (await listDevMailbox(t.config.dataDir)).find(
              (mail) => mail.to.includes(email) && mail.text.includes(pathPart),
            );
            if (!found) throw new Error(`no e-mail with ${pathPart} yet`);
            return found;
          },
          { timeout: 15_000, interval: 100 },
        );

      const signedUp = await post('/api/auth/sign-up/email', {
        name: 'Ada',
        email,
        password: TEST_PASSWORD,
        callbackURL: '/onboarding',
      });
      expect(signedUp.statusCode).toBe(200);
      const confirmation = linkIn((await mailWith('/api/auth/verify-email')).text, '/api/auth/verify-email');
      const confirmed = await t.app.inject({
        method: 'GET',
        url: confirmation.pathname + confirmation.search,
      });
      expect(confirmed.statusCode).toBe(302);

      const asked = await post('/api/auth/request-password-reset', { email, redirectTo: '/auth' });
      expect(asked.statusCode).toBe(200);
      const resetLink = linkIn(
        (await mailWith('/api/auth/reset-password/')).text,
        '/api/auth/reset-password/',
      );
      const landing = await t.app.inject({ method: 'GET', url: resetLink.pathname + resetLink.search });
      expect(landing.statusCode).toBe(302);
      const resetToken = new URL(String(landing.headers.location), t.config.publicUrl).searchParams.get(
        'token',
      );
      const reset = await post('/api/auth/reset-password', {
        token: resetToken,
        newPassword: 'Brand-New-Pass-77',
      });
      expect(reset.statusCode).toBe(200);

      const secrets = {
        confirmation: confirmation.searchParams.get('token') ?? '',
        reset: resetToken ?? '',
        demoPassword: readFileSync(path.join(t.config.dataDir, DEMO_PASSWORD_FILE), 'utf8').trim(),
      };
      for (const secret of Object.values(secrets)) expect(secret.length).toBeGreaterThan(8);
      // the log did see these requests and messages, so an empty log cannot pass
      expect(logs.lines.some((line) => JSON.stringify(line).includes('/api/auth/verify-email'))).toBe(true);
      expect(logs.lines.some((line) => line.msg?.startsWith('created the demo card'))).toBe(true);
      for (const [what, secret] of Object.entries(secrets)) {
        expect(
          logs.lines.filter((line) => JSON.stringify(line).includes(secret)),
          `${what} in the log`,
        ).toEqual([]);
      }
    } finally {
      await t.close();
    }
  });
});
