import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Records a batch's id in the transaction that writes its counts; false when the id is there already: the
 * batch was written by an earlier try whose commit was never heard of, and must not be counted again.
 */
export async function isFirstWriteOf(trx: Transaction<Database>, batchId: string): Promise<boolean> {
  const claimed = await trx
    .insertInto('count_batches')
    .values({ id: batchId })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}
