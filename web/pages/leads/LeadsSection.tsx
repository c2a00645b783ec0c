import { useDeferredValue, useState, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Download, Trash2 } from 'lucide-react';
import { leadFilterNarrows, type LeadFilterInput } from '#src/schemas/lead-list.ts';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../../components/ui/use-confirmed-action.ts';
import { trpc } from '../../lib/trpc.ts';
import { BROWSER_TIME_ZONE } from '../analytics/browser-time-zone.ts';
import { leadDownloadUrl } from './lead-filter.ts';
import { useLeadProcedures, useLeadScope } from './lead-scope.ts';
import { LeadFilters, NO_FILTER, type LeadFilterValues } from './LeadFilters.tsx';
import { LeadList } from './LeadList.tsx';

/** The filters as the server takes them: blank fields are no filter, days in the browser's time zone. */
function filterInput(values: LeadFilterValues): LeadFilterInput {
  return {
    search: values.search.trim(),
    vcardId: values.vcardId || null,
    from: values.from || null,
    to: values.to || null,
    timeZone: BROWSER_TIME_ZONE,
  };
}

/** Erases what the list shows: every lead, or with filters only those they match. */
function EraseAll({ filter, total }: { filter: LeadFilterInput; total: number }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = useLeadProcedures().eraseAll.useMutation();
  const narrowed = leadFilterNarrows(filter);
  const erase = useConfirmedAction({
    run: () => mutateAsync(filter),
    failureTitle: t`Failed to erase the leads`,
    success: { title: t`Leads erased` },
    // the list, and the card filter (the leads of deleted cards may be gone)
    refresh: () => utils.leads.invalidate(),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="removal" size="sm">
          <Trash2 aria-hidden />
          {narrowed ? <Trans>Erase the leads shown</Trans> : <Trans>Erase all leads</Trans>}
        </Button>
      }
      title={
        narrowed ? (
          <Plural value={total} one="Erase the # lead shown?" other="Erase the # leads shown?" />
        ) : (
          <Plural value={total} one="Erase the # lead?" other="Erase all # leads?" />
        )
      }
      description={
        narrowed ? (
          <Trans>
            Only the leads that match the search and filters are erased, with their consent receipts. This
            cannot be undone.
          </Trans>
        ) : (
          <Trans>Every lead and its consent receipt is deleted for good. This cannot be undone.</Trans>
        )
      }
      confirmLabel={<Trans>Erase leads</Trans>}
      pendingLabel={<Trans>Erasing...</Trans>}
      onConfirm={erase}
    />
  );
}

/**
 * The leads of the page's scope (lead-scope.ts) with their search, filters, downloads and erasing; while
 * there are none at all, "No leads yet." over `howLeadsComeIn`, which each scope says its own way.
 */
export function LeadsSection({ title, howLeadsComeIn }: { title: ReactNode; howLeadsComeIn: ReactNode }) {
  const scope = useLeadScope();
  const [values, setValues] = useState<LeadFilterValues>(NO_FILTER);
  // typing in the search box does not ask the server at every key while it is busy
  const filter = filterInput(useDeferredValue(values));
  const leads = useLeadProcedures().list.useInfiniteQuery(
    { filter },
    { getNextPageParam: (page) => page.nextCursor, placeholderData: (previous) => previous },
  );
  const items = leads.data?.pages.flatMap((page) => page.items) ?? [];
  const total = leads.data?.pages[0]?.total ?? 0;
  const narrowed = leadFilterNarrows(filter);

  return (
    <SectionCard title={title}>
      <LeadFilters value={values} onChange={setValues} />
      {leads.isSuccess ? (
        total === 0 && !narrowed ? (
          <div className="space-y-2 text-sm text-slate-700">
            <p>
              <Trans>No leads yet.</Trans>
            </p>
            <p>{howLeadsComeIn}</p>
          </div>
        ) : (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center gap-2">
              <p className="mr-auto text-sm text-slate-700" aria-live="polite">
                <Plural value={total} one="# lead" other="# leads" />
              </p>
              <Button asChild variant="secondary" size="sm">
                <a href={leadDownloadUrl('csv', filter, scope)} download>
                  <Download aria-hidden />
                  <Trans>Export CSV</Trans>
                </a>
              </Button>
              <Button asChild variant="secondary" size="sm">
                <a href={leadDownloadUrl('vcf', filter, scope)} download>
                  <Download aria-hidden />
                  <Trans>Export contacts (.vcf)</Trans>
                </a>
              </Button>
              {total > 0 && <EraseAll filter={filter} total={total} />}
            </div>
            {items.length === 0 ? (
              <p className="text-sm text-slate-700">
                <Trans>No lead matches the search and filters.</Trans>
              </p>
            ) : (
              <LeadList leads={items} />
            )}
            {leads.hasNextPage && (
              <Button
                variant="secondary"
                size="sm"
                disabled={leads.isFetchingNextPage}
                onClick={() => void leads.fetchNextPage()}
              >
                {leads.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Show more</Trans>}
              </Button>
            )}
          </div>
        )
      ) : (
        <QueryStatus error={leads.error} onRetry={() => void leads.refetch()} />
      )}
    </SectionCard>
  );
}
