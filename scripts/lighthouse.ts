// npm run lighthouse: Lighthouse scores of the landing page and the sign-in screen, as shipped.
//
// Starts the built app (node scripts/start.mjs, which builds first when there is no build or the sources
// are newer) on a fresh temporary DATA_DIR with the embedded database, and runs Lighthouse (the npm
// package, driving Debian's Chromium or CHROMIUM_PATH with the offline flags the browser tests use) on
// each page, 3 times in each form factor: mobile (Lighthouse's default: simulated slow 4G and a 4x slower
// CPU) and desktop. Prints every run and the medians. Targets: mobile performance >= 95 on the landing
// page and >= 90 on /auth. Never a test: the figures move with the machine's load (printed beside them).
// `npm run lighthouse -- --mobile` skips desktop; LIGHTHOUSE_PORTS=first-last picks the ports tried.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { chooseChromium } from './e2e.mjs';
import { freePort, portRange, startBuiltApp, stop } from './lib/app-process.ts';

const RUNS = 3;
const PAGES = [
  { path: '/', mobileTarget: 95 },
  { path: '/auth', mobileTarget: 90 },
] as const;
const FORM_FACTORS: { name: 'mobile' | 'desktop'; config: Config | undefined }[] = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  transferKiB: number;
  requests: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function score(result: Result, category: string): number {
  return Math.round((result.categories[category]?.score ?? 0) * 100);
}

function numeric(result: Result, audit: string): number {
  return result.audits[audit]?.numericValue ?? Number.NaN;
}

function runOf(result: Result): Run {
  const requests = result.audits['network-requests']?.details;
  return {
    performance: score(result, 'performance'),
    accessibility: score(result, 'accessibility'),
    bestPractices: score(result, 'best-practices'),
    seo: score(result, 'seo'),
    lcpMs: numeric(result, 'largest-contentful-paint'),
    fcpMs: numeric(result, 'first-contentful-paint'),
    tbtMs: numeric(result, 'total-blocking-time'),
    cls: numeric(result, 'cumulative-layout-shift'),
    transferKiB: numeric(result, 'total-byte-weight') / 1024,
    requests: requests?.type === 'table' ? requests.items.length : Number.NaN,
  };
}

function row(cells: (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

async function main(): Promise<void> {
  const mobileOnly = process.argv.includes('--mobile');
  // the browser the browser suite runs in (scripts/e2e.mjs: CHROMIUM_PATH, else Debian's, the headless
  // shell first), found before anything starts: no browser is a message, not an app left running
  const browser = chooseChromium({ chromiumPath: process.env.CHROMIUM_PATH, required: true });
  if (!browser.chromium) {
    console.error(`lighthouse: ${(browser.fail ?? browser.skip ?? '').replace(/^e2e: /, '')}`);
    process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-lighthouse-'));
  const port = await freePort(portRange('LIGHTHOUSE_PORTS', '3600-3699'));
  const origin = `http://127.0.0.1:${port}`;
  const app = startBuiltApp(port, dataDir);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await app.started;
    chrome = await chromeLauncher.launch({ chromePath: browser.chromium, chromeFlags: CHROMIUM_FLAGS });
    const table: string[] = [
      row([
        'page',
        'form factor',
        'performance, each run',
        '**median**',
        'a11y',
        'best pr.',
        'SEO',
        'LCP s',
        'FCP s',
        'TBT ms',
        'CLS',
        'KiB sent',
        'requests',
        'load avg',
      ]),
      row(Array(14).fill('---')),
    ];
    const verdicts: string[] = [];
    for (const formFactor of mobileOnly ? FORM_FACTORS.slice(0, 1) : FORM_FACTORS) {
      for (const page of PAGES) {
        const runs: Run[] = [];
        const loads: number[] = [];
        let failed = 0;
        while (runs.length < RUNS) {
          loads.push(loadavg()[0] ?? 0);
          const outcome = await lighthouse(
            origin + page.path,
            { port: chrome.port, output: 'json', logLevel: 'error' },
            formFactor.config,
          );
          const error = outcome ? outcome.lhr.runtimeError : { code: 'NO_RESULT', message: 'no result' };
          if (error) {
            // a run that could not measure (a page that painted nothing in time on a loaded machine)
            // is said and run again, never counted as a score of 0
            console.log(`${formFactor.name} ${page.path}: run failed (${error.code}: ${error.message})`);
            if (++failed > RUNS) throw new Error(`Lighthouse failed ${failed} times on ${page.path}`);
            continue;
          }
          const run = runOf((outcome as { lhr: Result }).lhr);
          runs.push(run);
          console.log(`${formFactor.name} ${page.path} run ${runs.length}: performance ${run.performance}`);
        }
        const mid = (pick: (run: Run) => number) => median(runs.map(pick));
        const performance = mid((run) => run.performance);
        table.push(
          row([
            page.path,
            formFactor.name,
            runs.map((run) => run.performance).join(', '),
            `**${performance}**`,
            mid((run) => run.accessibility),
            mid((run) => run.bestPractices),
            mid((run) => run.seo),
            (mid((run) => run.lcpMs) / 1000).toFixed(2),
            (mid((run) => run.fcpMs) / 1000).toFixed(2),
            Math.round(mid((run) => run.tbtMs)),
            mid((run) => run.cls).toFixed(3),
            Math.round(mid((run) => run.transferKiB)),
            mid((run) => run.requests),
            `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`,
          ]),
        );
        if (formFactor.name === 'mobile') {
          const met = performance >= page.mobileTarget;
          verdicts.push(
            `${page.path} mobile: median ${performance}, target ${page.mobileTarget}: ${met ? 'met' : 'NOT met'}`,
          );
        }
      }
    }
    console.log(
      `\nLighthouse, median of ${RUNS} runs (load average: the machine's 1-minute load while it ran)\n`,
    );
    console.log(table.join('\n'));
    console.log(`\n${verdicts.join('\n')}`);
  } finally {
    await chrome?.kill();
    await stop(app.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
