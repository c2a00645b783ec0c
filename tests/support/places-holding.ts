import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Every place in the database (every text and JSON column of every table of every schema, the job queue's
 * included) that holds one of `values`, as "schema.table.column": where an erased lead could linger.
 */
export async function placesHolding(db: Kysely<Database>, values: readonly string[]): Promise<string[]> {
  const { rows: columns } = await sql<{ schema: string; table: string; column: string }>`
    select c.table_schema as schema, c.table_name as table, c.column_name as column
    from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where tb.table_type = 'BASE TABLE'
      and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`.execute(db);
  const places: string[] = [];
  for (const { schema, table, column } of columns) {
    const { rows } = await sql<{ found: boolean }>`
      select exists (
        select 1 from ${sql.table(`${schema}.${table}`)}
        where ${sql.join(
          values.map((value) => sql`strpos(${sql.ref(column)}::text, ${value}) > 0`),
          sql` or `,
        )}
      ) as found`.execute(db);
    if (rows[0]?.found) places.push(`${schema}.${table}.${column}`);
  }
  return places.sort();
}
