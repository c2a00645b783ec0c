import type { Kysely } from 'kysely';

// Each API key's rate limit as a fixed window (src/api-keys.ts API_KEY_RATE_LIMIT), counted on the key's row
// by one UPDATE ... RETURNING per request (server/api-keys/verify.ts), so every process on the database
// shares it: `rate_window_start` is the window the count is of, `rate_window_requests` the requests in it.
// The plugin's own counter (request_count, last_request's 10-second rule) is off and left unused.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('rate_window_start', 'timestamptz')
    .addColumn('rate_window_requests', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .dropColumn('rate_window_start')
    .dropColumn('rate_window_requests')
    .execute();
}
