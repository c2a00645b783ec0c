// npm start: builds the client and server when there is no build yet or the sources are newer, then runs
// the built server in this process (one pid to stop).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const OUTPUTS = ['dist/server/main.js', 'dist/web/index.html'];
const SOURCES = ['server', 'src', 'web', 'db', 'locales', 'package-lock.json', 'vite.config.ts'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const builtAt = Math.min(...OUTPUTS.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...SOURCES.map(newestMtime)) > builtAt) {
  console.log(builtAt === 0 ? 'No build yet: building Tapcard…' : 'Sources changed: rebuilding Tapcard…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(new URL('../dist/server/main.js', import.meta.url).href);
