import type { Migration } from 'kysely';
import { migrations } from '../../db/migrations/index.ts';

/**
 * Runs `before` in the database as it was just before the migration `name`: every later migration is taken
 * back first, newest first (a later one may read what `name` adds), then `name` itself; afterwards all of
 * them run again, oldest first. A migration's test meets the state the migration met in production.
 */
export async function beforeMigration(
  db: Parameters<Migration['up']>[0],
  name: string,
  before: () => Promise<void>,
): Promise<void> {
  const names = Object.keys(migrations).sort();
  const from = names.filter((candidate) => candidate >= name);
  if (from[0] !== name) throw new Error(`no migration ${name}`);
  for (const candidate of [...from].reverse()) {
    const migration = migrations[candidate];
    if (!migration?.down) throw new Error(`the migration ${candidate} cannot be taken back`);
    await migration.down(db);
  }
  await before();
  for (const candidate of from) await migrations[candidate]?.up(db);
}
