import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../../server/lib/data-dir-lock.ts';
import { onceOnEmbedded } from '../support/postgres.ts';
import { dataDirWithDatabase, startServerProcess } from '../support/server-process.ts';

// Bad start-up input (issue: "each stops the start with one clear line saying what to fix"). The servers are
// given settings of their own, never the run's DATABASE_URL: the file runs once, on the embedded database.

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'tapcard-start-'));

async function failingStart(env: Record<string, string>): Promise<string> {
  const server = startServerProcess(env);
  expect(await server.exited).toBe(1);
  const lines = server.stderr().trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^tapcard: /);
  return lines[0]!;
}

async function freePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = (blocker.address() as net.AddressInfo).port;
  return { port, release: () => new Promise((resolve) => blocker.close(() => resolve())) };
}

describe('start-up failures name what to fix', onceOnEmbedded(), () => {
  it('a malformed DATABASE_URL', async () => {
    const line = await failingStart({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://root@localhost/db' });
    expect(line).toMatch(/Invalid DATABASE_URL: must be a postgres:\/\//);
  });

  it('an unreachable database', async () => {
    const { port, release } = await freePort();
    await release(); // nothing listens there now
    const line = await failingStart({
      DATA_DIR: dataDir(),
      DATABASE_URL: `postgres://tapcard:secret@127.0.0.1:${port}/tapcard`,
    });
    expect(line).toContain(`Cannot use the database at 127.0.0.1:${port}/tapcard: connection refused`);
    expect(line).not.toContain('secret');
  });

  it('production without a mail server (SMTP_URL)', async () => {
    const line = await failingStart({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      AUTH_SECRET: 'k'.repeat(40),
      SMTP_URL: '',
    });
    expect(line).toBe(
      'tapcard: Missing SMTP_URL: in production set it to your mail server (for example smtps://user:pass@smtp.example.com:465); sign-up, password resets and invitations are sent by e-mail',
    );
  });

  it('an unwritable DATA_DIR', async () => {
    const line = await failingStart({ DATA_DIR: '/proc/version/tapcard' });
    expect(line).toMatch(/DATA_DIR \/proc\/version\/tapcard is not writable/);
  });

  // opens the embedded database in three processes: slower than the others
  it('a port in use, and a second server on the same embedded database', { timeout: 90_000 }, async () => {
    const shared = await dataDirWithDatabase('tapcard-start-');
    const { port, release } = await freePort();
    try {
      const portLine = await failingStart({ DATA_DIR: shared, HOST: '127.0.0.1', PORT: String(port) });
      expect(portLine).toContain(`Port ${port} is already in use`);
    } finally {
      await release();
    }
    const first = startServerProcess({ DATA_DIR: shared, HOST: '127.0.0.1', PORT: String(port) });
    try {
      expect(await first.ready).toBe(true);
      const lockLine = await failingStart({ DATA_DIR: shared, HOST: '127.0.0.1', PORT: '0' });
      expect(lockLine).toContain(
        `is in use by another Tapcard process (pid ${first.child.pid} on host ${hostname()}, started at `,
      );
    } finally {
      first.child.kill('SIGTERM');
    }
    // graceful stop: exit 0 and the embedded database unlocked (the lock file stays, unlocked)
    expect(await first.exited).toBe(0);
    lockDataDir(path.join(shared, 'pglite'))();
  });
});
