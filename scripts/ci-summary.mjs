// Prints what CI's steps cost and its closing line "N passed, N failed"; exits non-zero on any failure.
// Usage: node scripts/ci-summary.mjs <report-dir> [--postgres-runs=name,…] [check=exit-code ...]
//        [--run=name=exit-code ...]
//   check=code      a plain check (type check, lint): one test that passed or failed
//   --run=name=code a test run whose Vitest and Playwright JSON reports are in <report-dir>/<name>; its
//                   tests are counted, and a failed run with no failed test in its reports (a crash
//                   before any report was written) counts as one failure
//   --postgres-runs the runs made on PostgreSQL: a test there tagged as needing PostgreSQL (Vitest's tag
//                   `postgres`, Playwright's `@postgres`) that was skipped counts as a failure; in every
//                   other run (on the embedded database) so does a skipped test tagged `embedded`, which
//                   runs only there (tests/support/postgres.ts)
// Each failed test is named (file and title) under its report's line, with the first lines of its reason,
// so CI's last lines say what failed and why. Before the closing line: each step's wall time
// (<report-dir>/times.tsv, written by .ci/run) and the 15 slowest test files of every run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [reportDir, ...args] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const postgresRuns = new Set(
  args
    .filter((arg) => arg.startsWith('--postgres-runs='))
    .flatMap((arg) => arg.slice('--postgres-runs='.length).split(','))
    .filter(Boolean),
);
/** Every test file's time in every run: { run, file, seconds }. */
const fileTimes = [];

/**
 * The first lines of a failure's message, without colour codes: CI's tail often is all that is kept of a
 * run, and a test named without its reason cannot be told from a flake.
 */
function reasonOf(message) {
  if (!message) return '';
  const lines = String(message)
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 4);
  return lines.map((line) => `\n        ${line.slice(0, 300)}`).join('');
}

/** The failed tests of a Vitest JSON report: "file › title", and why. */
function vitestFailures(report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map(
        (test) =>
          `${path.relative(process.cwd(), file.name)} › ${test.fullName}${reasonOf(test.failureMessages?.[0])}`,
      ),
  );
}

/** Tests of a Vitest JSON report with the tag that were skipped. */
function vitestSkipped(report, tag) {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status !== 'passed' && test.status !== 'failed')
      .filter((test) => (test.tags ?? []).includes(tag))
      .map((test) => `${path.relative(process.cwd(), file.name)} › ${test.fullName}`),
  );
}

/** Every test of a Playwright JSON report with its spec and the titles of its describe blocks. */
function playwrightTests(report) {
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) tests.push({ spec, test, titles: [...titles, spec.title] });
    }
    // a file's suite holds its describe blocks, whose titles go before the test's
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const fileSuite of report.suites ?? []) walk(fileSuite, []);
  return tests;
}

/** The failed and flaky tests of a Playwright JSON report: "file:line › title". */
function playwrightFailures(report) {
  return playwrightTests(report)
    .filter(({ test }) => test.status === 'unexpected' || test.status === 'flaky')
    .map(({ spec, test, titles }) => {
      const error = test.results?.find((result) => result.error)?.error;
      return `${spec.file}:${spec.line} › ${titles.join(' › ')} (${test.status})${reasonOf(error?.message)}`;
    });
}

/** Tests of a Playwright JSON report tagged @postgres that were skipped. */
function playwrightSkippedOnPostgres(report) {
  return playwrightTests(report)
    .filter(({ spec, test }) => test.status === 'skipped' && (spec.tags ?? []).includes('postgres'))
    .map(({ spec, titles }) => `${spec.file}:${spec.line} › ${titles.join(' › ')}`);
}

/** Each file's time in a Playwright JSON report: the sum of its tests' (fixtures and hooks included). */
function playwrightFileTimes(report) {
  const seconds = new Map();
  for (const { spec, test } of playwrightTests(report)) {
    const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
    const file = path.join('tests/e2e', spec.file);
    seconds.set(file, (seconds.get(file) ?? 0) + ms / 1000);
  }
  return [...seconds].map(([file, total]) => ({ file, seconds: total }));
}

function countReports(dir) {
  const totals = { passed: 0, failed: 0 };
  if (!existsSync(dir)) return totals;
  const run = path.basename(dir);
  const onPostgres = postgresRuns.has(run);
  for (const name of readdirSync(dir).filter((file) => file.startsWith('file-times-'))) {
    for (const { file, ms } of JSON.parse(readFileSync(path.join(dir, name), 'utf8'))) {
      fileTimes.push({ run, file, seconds: ms / 1000 });
    }
  }
  for (const name of readdirSync(dir)
    .filter((file) => /^(vitest|playwright)-.*\.json$/.test(file))
    .sort()) {
    const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    let counts;
    let failures;
    let skippedOnPostgres;
    let skippedOnEmbedded = [];
    if (report.stats && 'expected' in report.stats) {
      failures = playwrightFailures(report);
      skippedOnPostgres = onPostgres ? playwrightSkippedOnPostgres(report) : [];
      for (const time of playwrightFileTimes(report)) fileTimes.push({ run, ...time });
      // Playwright: a flaky test counts as failed (a flake is a bug to fix, not a pass)
      counts = {
        passed: report.stats.expected,
        failed: report.stats.unexpected + report.stats.flaky,
        skipped: report.stats.skipped,
      };
    } else {
      failures = vitestFailures(report);
      skippedOnPostgres = onPostgres ? vitestSkipped(report, 'postgres') : [];
      skippedOnEmbedded = onPostgres ? [] : vitestSkipped(report, 'embedded');
      counts = {
        passed: report.numPassedTests,
        failed: report.numFailedTests,
        skipped: report.numPendingTests,
      };
    }
    console.log(
      `  ${run}/${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    );
    for (const failure of failures) console.log(`    failed: ${failure}`);
    // a test that needs PostgreSQL and did not run where it has PostgreSQL is a test lost
    for (const skipped of skippedOnPostgres) {
      console.log(`    failed: ${skipped} (needs PostgreSQL, skipped in a run on PostgreSQL)`);
    }
    // and one that runs only on the embedded database, skipped there, ran nowhere
    for (const skipped of skippedOnEmbedded) {
      console.log(`    failed: ${skipped} (runs on the embedded database only, skipped in its run there)`);
    }
    totals.passed += counts.passed;
    totals.failed += counts.failed + skippedOnPostgres.length + skippedOnEmbedded.length;
  }
  return totals;
}

/** 75 as "1m 15s". */
function minutes(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
}

/** Each step's wall time, as .ci/run wrote them, and their sum. */
function printStepTimes() {
  const file = path.join(reportDir, 'times.tsv');
  if (!existsSync(file)) return;
  const steps = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .map(([name, seconds]) => ({ name, seconds: Number(seconds) }));
  const width = Math.max(...steps.map((step) => step.name.length), 'total'.length);
  console.log('\nwall time of each step');
  for (const step of steps) console.log(`  ${step.name.padEnd(width)}  ${minutes(step.seconds).padStart(7)}`);
  const total = steps.reduce((sum, step) => sum + step.seconds, 0);
  console.log(`  ${'total'.padEnd(width)}  ${minutes(total).padStart(7)}`);
}

function printSlowestFiles() {
  if (fileTimes.length === 0) return;
  console.log('\nthe 15 slowest test files');
  for (const { run, file, seconds } of [...fileTimes].sort((a, b) => b.seconds - a.seconds).slice(0, 15)) {
    console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${run.padEnd(16)}  ${file}`);
  }
}

for (const arg of args) {
  if (arg.startsWith('--run=')) {
    const [name, code] = arg.slice('--run='.length).split('=');
    const totals = countReports(path.join(reportDir, name));
    passed += totals.passed;
    failed += totals.failed;
    if (code !== '0' && totals.failed === 0) {
      failed += 1;
      console.log(`  ${name}: the run failed (exit ${code}) without a failed test in its reports`);
    }
  } else if (!arg.startsWith('--')) {
    const [name, code] = arg.split('=');
    if (code === '0') passed += 1;
    else failed += 1;
    console.log(`  ${name}: ${code === '0' ? 'passed' : `failed (exit ${code})`}`);
  }
}

printStepTimes();
printSlowestFiles();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
