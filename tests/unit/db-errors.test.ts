import { describe, expect, it } from 'vitest';
import { describeDatabaseError, isDatabaseUnavailable } from '../../server/lib/db-errors.ts';

// What the database's refusals mean to a request: away or busy is "unavailable" (a 503 and a retry of the
// counts), anything else is an error of its own.

/** An error as pg gives it: the SQLSTATE in `code`. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('database errors', () => {
  it('reads a busy or starting server as unavailable, also wrapped as a cause', () => {
    const busy = pgError('53300', 'sorry, too many clients already');
    expect(isDatabaseUnavailable(busy)).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: busy }))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves the other refusals to their own handling', () => {
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('42P01', 'relation "x" does not exist'))).toBe(false);
  });

  it('says what to size when there are too many connections', () => {
    expect(describeDatabaseError(pgError('53300', 'too many connections for role "few"'))).toMatch(
      /^too many connections .*DATABASE_POOL_MAX/,
    );
  });
});
