import { KEPT_RECORDS_META, keptRecordsOf, type KeptRecord } from '#src/privacy.ts';
import { useInBrowser } from './use-in-browser.ts';

/**
 * What this server keeps of its visitors (src/privacy.ts), as its HTML shell says; null where the page is
 * rendered outside a browser, where a page then says nothing that depends on it.
 */
export function useKeptRecords(): ReadonlySet<KeptRecord> | null {
  // the server writes it into the shell once at start (server/web/routes.ts): it never changes
  const inBrowser = useInBrowser();
  if (!inBrowser) return null;
  const content = document.querySelector(`meta[name="${KEPT_RECORDS_META}"]`)?.getAttribute('content');
  return keptRecordsOf(content ?? '');
}
