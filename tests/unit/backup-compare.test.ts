import { describe, expect, it } from 'vitest';
import { compareCounts, formatComparison } from '../../server/backup/service.ts';

// npm run backup:check fails on any table whose rows differ after the restore, or that one side lacks.

describe('comparing the row counts of a backup and its restore', () => {
  it('finds equal counts the same', () => {
    const counts = new Map([
      ['public.users', 3],
      ['public.links', 0],
    ]);
    const rows = compareCounts(counts, new Map(counts));
    expect(rows).toEqual([
      { table: 'public.links', original: 0, restored: 0, same: true },
      { table: 'public.users', original: 3, restored: 3, same: true },
    ]);
  });

  it('reports a different count and a table missing on either side', () => {
    const rows = compareCounts(
      new Map([
        ['public.users', 3],
        ['public.links', 7],
        ['pgboss.job', 1],
      ]),
      new Map([
        ['public.users', 3],
        ['public.links', 6],
        ['public.extra', 0],
      ]),
    );
    expect(rows.filter((row) => !row.same).map((row) => row.table)).toEqual([
      'pgboss.job',
      'public.extra',
      'public.links',
    ]);
    const text = formatComparison(rows);
    expect(text).toMatch(/^pgboss\.job +1 +missing {2}DIFFERENT$/m);
    expect(text).toMatch(/^public\.extra +missing +0 {2}DIFFERENT$/m);
    expect(text).toMatch(/^public\.links +7 +6 {2}DIFFERENT$/m);
    expect(text).toMatch(/^public\.users +3 +3$/m);
  });
});
