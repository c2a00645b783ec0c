// Builds the client and server (npm run build) only when there is no build yet or a source is newer than
// it. `npm start` and the browser suite use it, so a second `npm test` in a row does not build again.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const OUTPUTS = ['dist/server/main.js', 'dist/web/index.html'];
const SOURCES = ['server', 'src', 'web', 'db', 'locales', 'package-lock.json', 'vite.config.ts'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** Builds when needed; exits the process with the build's status when the build fails. */
export function buildIfStale() {
  const builtAt = Math.min(...OUTPUTS.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  if (builtAt !== 0 && Math.max(...SOURCES.map(newestMtime)) <= builtAt) return;
  console.log(builtAt === 0 ? 'No build yet: building Tapcard…' : 'Sources changed: rebuilding Tapcard…');
  // always a production bundle, even for a server started with NODE_ENV=development (npm run bench,
  // npm run lighthouse): Vite keeps React's development build when NODE_ENV says so
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildIfStale();
