import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  catalogs: [
    // the client's words (web/, macros compiled by Vite; the Vite plugin compiles the .po on import)
    { path: '<rootDir>/locales/{locale}/messages', include: ['web', 'src/validation-texts.ts'] },
    // the server's words: explicit ids marked /*i18n*/ (no macros: the server runs without Babel), read at
    // run time from the compiled catalogs beside the .po (server/lib/server-i18n.ts)
    { path: '<rootDir>/locales/{locale}/server', include: ['server', 'src/validation-texts.ts'] },
  ],
  // `lingui compile` writes locales/{locale}/server.json, which the server imports; the client's compiled
  // messages.json is written too but never read (gitignored)
  compileNamespace: 'json',
  format: formatter({ lineNumbers: false }),
});
