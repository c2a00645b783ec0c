// Runs the Playwright suite in Debian's Chromium (Playwright's own browser download cannot work here).
// Debian's chromium-headless-shell comes first: it is the browser Playwright itself runs headless tests in,
// and without the full browser's windowing it costs a quarter less CPU (measured: the same three spec
// files in 124 s against 146 s in the full chromium on 2 cores).
// No browser: a plain "skipped" message and success, unless CI or E2E_REQUIRED asks for the browser
// suite, in which case that is a failure (CI must never skip it silently). A CHROMIUM_PATH that names no
// file is always a failure: the setting is wrong, and another browser would hide it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Where Debian installs Chromium, the headless shell first. */
export const DEBIAN_CHROMIUMS = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

const HOW =
  'install it (Debian: apt-get install chromium-headless-shell, or chromium) or set CHROMIUM_PATH to a Chromium binary';

/**
 * The browser to run the suite in, or why not: `{ chromium }`, `{ skip: message }` (no browser, not
 * required) or `{ fail: message }` (no browser where the suite is required, or a CHROMIUM_PATH that names
 * no file).
 */
export function chooseChromium({
  chromiumPath,
  required,
  candidates = DEBIAN_CHROMIUMS,
  exists = existsSync,
}) {
  if (chromiumPath) {
    return exists(chromiumPath)
      ? { chromium: chromiumPath }
      : { fail: `e2e: CHROMIUM_PATH names ${chromiumPath}, which does not exist.` };
  }
  const chromium = candidates.find((file) => exists(file));
  if (chromium) return { chromium };
  if (required) return { fail: `e2e: no Chromium found, and this run requires the browser suite: ${HOW}.` };
  return { skip: `e2e: SKIPPED the browser suite: no Chromium found. To run it, ${HOW}.` };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const choice = chooseChromium({
    chromiumPath: process.env.CHROMIUM_PATH,
    required: Boolean(process.env.CI || process.env.E2E_REQUIRED),
  });
  if (choice.fail) {
    console.error(choice.fail);
    process.exit(1);
  }
  if (choice.skip) {
    console.log(choice.skip);
    process.exit(0);
  }
  const result = spawnSync(
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: choice.chromium } },
  );
  process.exit(result.status ?? 1);
}
