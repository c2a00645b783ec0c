import { serverPaths } from '#src/routes.ts';
import type { LeadFilterInput } from '#src/schemas/lead-list.ts';

/** The download of the leads the page lists (the same filters), as CSV or as one .vcf. */
export function leadDownloadUrl(kind: 'csv' | 'vcf', filter: LeadFilterInput): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (typeof value === 'string' && value) query.set(key, value);
  }
  return `${kind === 'csv' ? serverPaths.leadsCsv : serverPaths.leadsVcf}?${query}`;
}
