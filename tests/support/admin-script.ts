import { spawn } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import type { Config } from '../../server/config.ts';
import { TEST_ORIGIN } from './harness.ts';

// Runs an admin command (npm run trials:expire / cleanup) as its own process, the way cron does: bundled as
// in production (dist/server/<script>.js; global-setup.ts builds it from the current sources).

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runAdminScript(
  script:
    | 'trials-expire'
    | 'cleanup'
    | 'backup-check'
    | 'db-dump'
    | 'db-restore'
    | 'media-to-s3'
    | 'db-to-postgres',
  args: string[],
  env: Record<string, string>,
): Promise<ScriptRun> {
  const child = spawn(process.execPath, [path.join(inject('serverBundle'), `${script}.js`), ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      AUTH_SECRET: 'test-secret-'.padEnd(40, 'x'),
      PUBLIC_URL: TEST_ORIGIN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The environment that points a script at a test app's database, mailbox and photos: on PostgreSQL while
 * the app runs; an embedded database only once the app has closed it (see embeddedAt).
 */
export function scriptEnvFor(config: Config): Record<string, string> {
  return {
    DATA_DIR: config.dataDir,
    MEDIA_DIR: config.mediaDir,
    DATABASE_URL: config.database.kind === 'postgres' ? config.database.url : '',
  };
}

/** Config overrides for a test app whose embedded database lives in DATA_DIR, where a script finds it. */
export function embeddedAt(dataDir: string): Pick<Config, 'dataDir' | 'mediaDir' | 'database'> {
  return {
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    database: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
  };
}
