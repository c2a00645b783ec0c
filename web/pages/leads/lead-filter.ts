import { serverPaths } from '#src/routes.ts';
import type { LeadFilterInput } from '#src/schemas/lead-list.ts';
import type { LeadScopeName } from './lead-scope.ts';

/** The download of the leads the page lists (the same scope and filters), as CSV or as one .vcf. */
export function leadDownloadUrl(kind: 'csv' | 'vcf', filter: LeadFilterInput, scope: LeadScopeName): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (typeof value === 'string' && value) query.set(key, value);
  }
  if (scope === 'team') query.set('team', '1');
  return `${kind === 'csv' ? serverPaths.leadsCsv : serverPaths.leadsVcf}?${query}`;
}
