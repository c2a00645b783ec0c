// npm run test:durations -- <report-dir>: writes tests/support/file-durations.json, what each Vitest test
// file cost (its import, hooks and tests, in seconds) in the runs whose reports are in <report-dir> (CI's
// .ci-reports, or any TEST_REPORT_DIR), the higher where a file ran twice (once per database). The test
// runs order their files by it, the slowest first (tests/support/slowest-first.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [reportDir] = process.argv.slice(2);
if (!reportDir) {
  console.error('usage: npm run test:durations -- <report-dir>');
  process.exit(1);
}
const output = path.join(import.meta.dirname, '../tests/support/file-durations.json');

/** Every file-times-*.json under `dir` (tests/support/file-times-reporter.ts). */
function fileTimes(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /^file-times-\d+\.json$/.test(entry.name))
    .flatMap((entry) => JSON.parse(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')));
}

const durations = {};
for (const { file, project, ms } of fileTimes(reportDir)) {
  const key = `${project}:${file}`;
  durations[key] = Math.max(durations[key] ?? 0, Math.round(ms / 100) / 10);
}
if (Object.keys(durations).length === 0) {
  console.error(`test:durations: no file-times-*.json under ${reportDir}`);
  process.exit(1);
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(output, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(
  `test:durations: ${Object.keys(sorted).length} files written to ${path.relative(process.cwd(), output)}`,
);
