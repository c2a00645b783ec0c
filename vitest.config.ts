import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure src/ and web/ logic) and `api` (the real app in-process against a real
// database: in-memory PGlite by default, the PostgreSQL named by DATABASE_URL when it is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
