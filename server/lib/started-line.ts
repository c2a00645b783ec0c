/**
 * What the server prints once it listens, before its address: the line scripts and tests that start it as
 * a process wait for (scripts/lib/app-process.ts, tests/support/server-process.ts).
 */
export const STARTED_LINE = 'Tapcard is running at';
