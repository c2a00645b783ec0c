import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['web'] }],
  format: formatter({ lineNumbers: false }),
});
