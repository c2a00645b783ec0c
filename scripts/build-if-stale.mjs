// Builds the client and server (npm run build) only when there is no build yet or a source is newer than
// it. `npm start` and the browser suite use it, so a second `npm test` in a row does not build again.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const OUTPUTS = ['dist/server/main.js', 'dist/web/index.html'];
const SOURCES = ['server', 'src', 'web', 'db', 'locales', 'package-lock.json', 'vite.config.ts'];
/**
 * Files in the sources that the build never reads: the client's catalogs `lingui compile` writes beside the
 * .po files (the build imports the .po itself), which `npm run lint` compiles again on every run. The
 * server's compiled catalogs (server.json) the build does read.
 */
const NOT_READ_BY_THE_BUILD = /^locales\/[^/]+\/messages\.(?:js|json)$/;

function newestMtime(root, entry) {
  const file = path.join(root, entry);
  if (!existsSync(file) || NOT_READ_BY_THE_BUILD.test(entry.split(path.sep).join('/'))) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(file).map((name) => newestMtime(root, path.join(entry, name))));
}

/** 'none' (no build yet), 'stale' (a source is newer than the build) or 'fresh', for the checkout at `root`. */
export function buildState(root = '.') {
  const builtAt = Math.min(
    ...OUTPUTS.map((file) =>
      existsSync(path.join(root, file)) ? statSync(path.join(root, file)).mtimeMs : 0,
    ),
  );
  if (builtAt === 0) return 'none';
  return Math.max(...SOURCES.map((entry) => newestMtime(root, entry))) > builtAt ? 'stale' : 'fresh';
}

/** Builds when needed; exits the process with the build's status when the build fails. */
export function buildIfStale() {
  const state = buildState();
  if (state === 'fresh') return;
  console.log(state === 'none' ? 'No build yet: building Tapcard…' : 'Sources changed: rebuilding Tapcard…');
  // always a production bundle, even for a server started with NODE_ENV=development (npm run bench,
  // npm run lighthouse): Vite keeps React's development build when NODE_ENV says so
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildIfStale();
