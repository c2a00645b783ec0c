import { randomBytes } from 'node:crypto';
import { dropDatabase, withDatabase, withPgClient } from '../../server/lib/pg-client.ts';
import { backToTemplateStatements } from './template-state.ts';

// The API suite's databases on PostgreSQL, kept for reuse within a test worker, as the embedded ones are
// (embedded-databases.ts): copying the migrated template (CREATE DATABASE … TEMPLATE) costs PostgreSQL
// half a second, emptying a database back to the template's state a few hundredths. A closed app's
// database is emptied and kept for the next app of the worker; global-setup.ts drops what the run kept.

/** The names of one run's databases: `tapcard_test_<run>_<random>` (dropped together at the end). */
export function testDatabasePrefix(template: string): string {
  return `tapcard_test_${template.replace(/^tapcard_template_/, '')}_`;
}

const idle: string[] = [];

/**
 * Back to the template's state (template-state.ts). A connection still in the database (a server process a
 * failed test left running) makes it fail within seconds instead of waiting.
 */
async function empty(url: string): Promise<void> {
  await withPgClient(url, async (client) => {
    await client.query(`set lock_timeout = '3s'`);
    await client.query(await backToTemplateStatements((sql, params) => client.query(sql, params)));
  });
}

/**
 * A database on the server named by `serverUrl` in the template's state, for one test file's app; its
 * `giveBack()` empties it and keeps it for the next, or drops it when it cannot be emptied.
 */
export async function leasePostgresDatabase(
  serverUrl: string,
  template: string,
): Promise<{ url: string; giveBack(): Promise<void> }> {
  let name = idle.pop();
  if (!name) {
    name = `${testDatabasePrefix(template)}${randomBytes(6).toString('hex')}`;
    await withPgClient(serverUrl, (client) => client.query(`create database ${name} template ${template}`));
  }
  const url = withDatabase(serverUrl, name);
  const leased = name;
  let giving: Promise<void> | undefined;
  return {
    url,
    giveBack: () =>
      (giving ??= (async () => {
        try {
          await empty(url);
          idle.push(leased);
        } catch {
          await dropDatabase(serverUrl, leased);
        }
      })()),
  };
}

/** Drops every database a run kept (its workers have ended). */
export async function dropKeptDatabases(serverUrl: string, template: string): Promise<void> {
  const { rows } = await withPgClient(serverUrl, (client) =>
    client.query<{ name: string }>(`select datname as name from pg_database where starts_with(datname, $1)`, [
      testDatabasePrefix(template),
    ]),
  );
  for (const { name } of rows) await dropDatabase(serverUrl, name);
}
