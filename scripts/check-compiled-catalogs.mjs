// npm run i18n:check's last step: compiles every catalog with `lingui compile --strict` (which fails on a
// message without its translation, or one that is not valid ICU), and fails when that changed a compiled
// server catalog. The server imports those (locales/{locale}/server.json, server/lib/server-i18n.ts), so
// they are committed beside their .po files, and one older than its .po would serve old words. Without git:
// on a clean clone (CI) a stale one fails the check; locally the check has just written it afresh, to commit.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';

const LOCALES_DIR = 'locales';

/** Each compiled server catalog: its path, its text ('' when it is not there) and its times. */
function compiledServerCatalogs() {
  return readdirSync(LOCALES_DIR).map((locale) => {
    const file = path.join(LOCALES_DIR, locale, 'server.json');
    const there = existsSync(file);
    return { file, text: there ? readFileSync(file, 'utf8') : '', stat: there ? statSync(file) : null };
  });
}

const before = compiledServerCatalogs();
const compile = spawnSync(path.join('node_modules', '.bin', 'lingui'), ['compile', '--strict', '--verbose'], {
  stdio: 'inherit',
});
if (compile.status !== 0) process.exit(compile.status ?? 1);

const stale = [];
for (const { file, text } of compiledServerCatalogs()) {
  const earlier = before.find((catalog) => catalog.file === file);
  if (earlier?.stat && earlier.text === text) {
    // written again with the same words: its old time back, so `npm start` does not build again for it
    // (scripts/build-if-stale.mjs)
    utimesSync(file, earlier.stat.atime, earlier.stat.mtime);
  } else {
    stale.push(file);
  }
}
if (stale.length > 0) {
  console.error(
    `Compiled server catalogs that did not hold the words of their .po files (or the code's English) are now compiled again: ${stale.join(
      ', ',
    )}. Commit them with the .po files (npm run i18n:extract compiles them too).`,
  );
  process.exit(1);
}
