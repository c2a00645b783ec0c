// Prints CI's closing line "N passed, N failed" and exits non-zero on any failure.
// Usage: node scripts/ci-summary.mjs <report-dir> [check=exit-code ...] [--run=name=exit-code ...]
//   check=code      a plain check (type check, lint): one test that passed or failed
//   --run=name=code a test run whose Vitest and Playwright JSON reports are in <report-dir>/<name>; its
//                   tests are counted, and a failed run with no failed test in its reports (a crash
//                   before any report was written) counts as one failure
// Each failed test is named (file and title) under its report's line, with the first lines of its reason,
// so CI's last lines say what failed and why.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [reportDir, ...args] = process.argv.slice(2);
let passed = 0;
let failed = 0;

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

/** The failed and flaky tests of a Playwright JSON report: "file:line › title". */
function playwrightFailures(report) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((result) => result.error)?.error;
          failures.push(
            `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} (${test.status})${reasonOf(error?.message)}`,
          );
        }
      }
    }
    // a file's suite holds its describe blocks, whose titles go before the test's
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const fileSuite of report.suites ?? []) walk(fileSuite, []);
  return failures;
}

function countReports(dir) {
  const totals = { passed: 0, failed: 0 };
  if (!existsSync(dir)) return totals;
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    let counts;
    let failures;
    if (report.stats && 'expected' in report.stats) {
      failures = playwrightFailures(report);
      // Playwright: a flaky test counts as failed (a flake is a bug to fix, not a pass)
      counts = {
        passed: report.stats.expected,
        failed: report.stats.unexpected + report.stats.flaky,
        skipped: report.stats.skipped,
      };
    } else {
      failures = vitestFailures(report);
      counts = {
        passed: report.numPassedTests,
        failed: report.numFailedTests,
        skipped: report.numPendingTests,
      };
    }
    console.log(
      `  ${path.basename(dir)}/${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    );
    for (const failure of failures) console.log(`    failed: ${failure}`);
    totals.passed += counts.passed;
    totals.failed += counts.failed;
  }
  return totals;
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
  } else {
    const [name, code] = arg.split('=');
    if (code === '0') passed += 1;
    else failed += 1;
    console.log(`  ${name}: ${code === '0' ? 'passed' : `failed (exit ${code})`}`);
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
