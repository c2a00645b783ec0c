import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseChromium } from '../../scripts/e2e.mjs';

// What CI refuses to let pass: a browser suite without a browser, and a test that needs PostgreSQL
// skipped in a run on PostgreSQL (scripts/e2e.mjs, scripts/ci-summary.mjs).

describe('the browser the suite runs in', () => {
  const none = () => false;

  it('is the first Debian Chromium found, the headless shell first', () => {
    const found = new Set(['/usr/bin/chromium', '/usr/bin/chromium-headless-shell']);
    expect(
      chooseChromium({ chromiumPath: undefined, required: true, exists: (file) => found.has(file) }),
    ).toEqual({ chromium: '/usr/bin/chromium-headless-shell' });
  });

  it('fails a run that requires the suite (CI) when none is found, and skips, saying so, elsewhere', () => {
    expect(chooseChromium({ chromiumPath: undefined, required: true, exists: none }).fail).toMatch(
      /^e2e: no Chromium found, and this run requires the browser suite: install it/,
    );
    expect(chooseChromium({ chromiumPath: undefined, required: false, exists: none }).skip).toMatch(
      /^e2e: SKIPPED the browser suite: no Chromium found\./,
    );
  });

  it('fails when CHROMIUM_PATH names no file, rather than run another browser', () => {
    const exists = (file: string) => file === '/usr/bin/chromium-headless-shell';
    expect(chooseChromium({ chromiumPath: '/opt/no-chromium', required: false, exists })).toEqual({
      fail: 'e2e: CHROMIUM_PATH names /opt/no-chromium, which does not exist.',
    });
  });

  it('makes scripts/e2e.mjs exit 1 before Playwright starts', async () => {
    const run = promisify(execFile)(process.execPath, ['scripts/e2e.mjs'], {
      env: { ...process.env, CHROMIUM_PATH: '/opt/no-chromium', E2E_REQUIRED: '1' },
    });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('/opt/no-chromium') });
  });
});

describe("CI's summary", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A Vitest JSON report of one file with the given tests. */
  function vitestReport(tests: { title: string; status: string; tags?: string[] }[]) {
    return {
      numPassedTests: tests.filter((test) => test.status === 'passed').length,
      numFailedTests: tests.filter((test) => test.status === 'failed').length,
      numPendingTests: tests.filter((test) => test.status === 'skipped').length,
      testResults: [
        {
          name: path.resolve('tests/api/example.test.ts'),
          assertionResults: tests.map((test) => ({
            ...test,
            fullName: test.title,
            failureMessages: [],
            tags: test.tags ?? [],
          })),
        },
      ],
    };
  }

  /** A Playwright JSON report of one spec file with one test. */
  function playwrightReport(status: 'expected' | 'skipped', tags: string[]) {
    return {
      stats: {
        expected: status === 'expected' ? 1 : 0,
        unexpected: 0,
        flaky: 0,
        skipped: status === 'skipped' ? 1 : 0,
      },
      suites: [
        {
          title: 'billing.spec.ts',
          specs: [
            {
              file: 'billing.spec.ts',
              line: 3,
              title: 'an expired trial',
              tags,
              tests: [{ status, results: [{ duration: 1200 }] }],
            },
          ],
        },
      ],
    };
  }

  async function summary(runs: Record<string, object>, args: string[]) {
    dir = mkdtempSync(path.join(tmpdir(), 'tapcard-ci-summary-'));
    for (const [run, report] of Object.entries(runs)) {
      mkdirSync(path.join(dir, run));
      const name = 'stats' in report ? 'playwright-1.json' : 'vitest-1.json';
      writeFileSync(path.join(dir, run, name), JSON.stringify(report));
    }
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [
        'scripts/ci-summary.mjs',
        dir,
        ...args,
      ]);
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  }

  const skippedOnPostgres = [
    { title: 'two processes on one database', status: 'skipped', tags: ['postgres'] },
    { title: 'a plain test', status: 'passed' },
  ];

  it('fails a test that needs PostgreSQL and was skipped in a run on PostgreSQL, and names it', async () => {
    const { code, stdout } = await summary({ 'api-postgres': vitestReport(skippedOnPostgres) }, [
      '--postgres-runs=api-postgres',
      '--run=api-postgres=0',
    ]);
    expect(code).toBe(1);
    expect(stdout).toContain(
      'failed: tests/api/example.test.ts › two processes on one database (needs PostgreSQL, skipped in a run on PostgreSQL)',
    );
    expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 1 failed');
  });

  it('lets it be skipped on the embedded database', async () => {
    const { code, stdout } = await summary({ 'api-pglite': vitestReport(skippedOnPostgres) }, [
      '--postgres-runs=api-postgres',
      '--run=api-pglite=0',
    ]);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed');
  });

  const skippedOnEmbedded = [
    { title: 'a second server on the same embedded database', status: 'skipped', tags: ['embedded'] },
    { title: 'a plain test', status: 'passed' },
  ];

  it('fails a test that runs only on the embedded database and was skipped in its run there, and names it', async () => {
    const { code, stdout } = await summary({ 'api-pglite': vitestReport(skippedOnEmbedded) }, [
      '--postgres-runs=api-postgres',
      '--run=api-pglite=0',
    ]);
    expect(code).toBe(1);
    expect(stdout).toContain(
      'failed: tests/api/example.test.ts › a second server on the same embedded database (runs on the embedded database only, skipped in its run there)',
    );
    expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 1 failed');
  });

  it('lets it be skipped on PostgreSQL', async () => {
    const { code, stdout } = await summary({ 'api-postgres': vitestReport(skippedOnEmbedded) }, [
      '--postgres-runs=api-postgres',
      '--run=api-postgres=0',
    ]);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed');
  });

  it('fails a browser test tagged @postgres skipped on PostgreSQL, but not one that ran', async () => {
    const skipped = await summary({ 'browser-postgres': playwrightReport('skipped', ['postgres']) }, [
      '--postgres-runs=browser-postgres',
      '--run=browser-postgres=0',
    ]);
    expect(skipped.code).toBe(1);
    expect(skipped.stdout).toContain('failed: billing.spec.ts:3 › an expired trial (needs PostgreSQL');
    const ran = await summary({ 'browser-postgres': playwrightReport('expected', ['postgres']) }, [
      '--postgres-runs=browser-postgres',
      '--run=browser-postgres=0',
    ]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('the 15 slowest test files');
    expect(ran.stdout).toMatch(/1\.2 s {2}browser-postgres {2}tests\/e2e\/billing\.spec\.ts/);
  });
});
