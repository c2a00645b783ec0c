import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// House boundaries (docs/architecture.md): src/ is isomorphic and imports neither server/ nor web/; web/ may
// import only *types* from server/ (the tRPC router type).
const serverImports = ['**/server/**', '#server/*'];
const webImports = ['**/web/**', '#web/*'];

/**
 * The floors of server/ (docs/decisions/024-server-floors.md), lowest first: each may import values from its own
 * floor and those under it, never from one above (types, erased at run time, may name anything). The
 * ground is the database, errors, HTTP helpers, caches, the jobs' queue and worker, counting and the config; access is
 * who is asking and what they may do; tRPC's init and context stand on those two only.
 */
const FLOORS = [
  { name: 'the ground', files: ['server/lib/**/*.ts', 'server/jobs/**/*.ts'], folders: ['lib', 'jobs'] },
  { name: 'access', files: ['server/access/**/*.ts'], folders: ['lib', 'jobs', 'access'] },
  { name: "tRPC's init", files: ['server/trpc/**/*.ts'], folders: ['lib', 'jobs', 'access', 'trpc'] },
];

/** An import specifier from a file of server/<floor>/ (or from server/config.ts) that climbs. */
function climbingImport(folders, { fromTop = false } = {}) {
  const allowed = `(?:${folders.join('|')})/`;
  return fromTop
    ? String.raw`^(?:\./|#server/)(?!${allowed})`
    : String.raw`^(?:\.\./|#server/)(?!${allowed}|config\.ts$|\.\./)`;
}

/** no-restricted-imports refusing the imports that climb out of one floor. */
function floorRule(name, files, regex) {
  return {
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex,
              allowTypeImports: true,
              message: `${name} imports no value from a floor above it (docs/architecture.md "Floors")`,
            },
          ],
        },
      ],
    },
  };
}

const floorRules = [
  ...FLOORS.map(({ name, files, folders }) => floorRule(name, files, climbingImport(folders))),
  floorRule('the ground', ['server/config.ts'], climbingImport(['lib', 'jobs'], { fromTop: true })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.ci-reports/**',
      'locales/**/*.js',
      'tests/support/fixtures/**',
      // generated from the REST API's document (npm run api:client)
      'sdk/tapcard-api.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // A function reads as one thing: at most 150 lines (blank lines and comments aside) in the server, the shared
  // rules and the scripts; a screen's component at most 250.
  {
    files: ['server/**/*.ts', 'src/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 250, skipBlankLines: true, skipComments: true }] },
  },
  ...floorRules,
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // @trpc/server/observable is the tRPC package's isomorphic helper for client links, not our server/
              group: [...serverImports, '!@trpc/server/observable'],
              allowTypeImports: true,
              message: 'web/ may import only types from server/',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='pipe']",
          message:
            "Chain streams with stream.pipeline (or csvStream, server/lib/csv.ts): .pipe() leaves the source's error unheard, and one failed download stops the process.",
        },
      ],
    },
  },
  {
    files: ['src/schemas/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message:
            'A text field starts from singleLineText() or multiLineText() (src/text.ts), which refuse control and invisible characters.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...serverImports, ...webImports],
              message: 'src/ is shared code: no server/ or web/ imports',
            },
          ],
        },
      ],
    },
  },
);
