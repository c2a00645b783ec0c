import { useDeferredValue, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Download, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '#src/routes.ts';
import { leadFilterNarrows, type LeadFilterInput } from '#src/schemas/lead-list.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { Button } from '../components/ui/Button.tsx';
import { ConfirmDialog } from '../components/ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../components/ui/use-confirmed-action.ts';
import { trpc } from '../lib/trpc.ts';
import { BROWSER_TIME_ZONE } from './analytics/browser-time-zone.ts';
import { leadDownloadUrl } from './leads/lead-filter.ts';
import { LeadFilters, NO_FILTER, type LeadFilterValues } from './leads/LeadFilters.tsx';
import { LeadList } from './leads/LeadList.tsx';
import { LeadSettingsCard } from './leads/LeadSettingsForm.tsx';

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
  const { mutateAsync } = trpc.leads.eraseAll.useMutation();
  const narrowed = leadFilterNarrows(filter);
  const erase = useConfirmedAction({
    run: () => mutateAsync(filter),
    failureTitle: t`Failed to erase the leads`,
    success: { title: t`Leads erased` },
    refresh: () => utils.leads.list.invalidate(),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden />
          {narrowed ? <Trans>Erase the leads shown</Trans> : <Trans>Erase all leads</Trans>}
        </Button>
      }
      title={
        narrowed ? (
          <Plural value={total} one="Erase the # lead shown?" other="Erase the # leads shown?" />
        ) : (
          <Plural value={total} one="Erase your # lead?" other="Erase all your # leads?" />
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

/** How leads come in, for an account that has none yet. */
function NoLeadsYet() {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        <Trans>No leads yet.</Trans>
      </p>
      <p>
        <Trans>
          Leads are the contacts visitors share back on your card's page. Turn on “Share your contact back” in
          the{' '}
          <Link className="font-medium text-ink underline" to={paths.vcardEditor}>
            vCard editor
          </Link>
          : visitors then leave their name, email or phone, and each lead keeps a receipt of what they agreed
          to.
        </Trans>
      </p>
    </div>
  );
}

/** /dashboard/leads: the contacts visitors shared on the person's cards, with their receipts. */
export function Leads() {
  const { t } = useLingui();
  const [values, setValues] = useState<LeadFilterValues>(NO_FILTER);
  // typing in the search box does not ask the server at every key while it is busy
  const filter = filterInput(useDeferredValue(values));
  const leads = trpc.leads.list.useInfiniteQuery(
    { filter },
    { getNextPageParam: (page) => page.nextCursor, placeholderData: (previous) => previous },
  );
  const items = leads.data?.pages.flatMap((page) => page.items) ?? [];
  const total = leads.data?.pages[0]?.total ?? 0;
  const narrowed = leadFilterNarrows(filter);

  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Leads`}
        description={
          <Trans>The contacts visitors shared with you on your cards, each with its consent receipt.</Trans>
        }
      />
      <SectionCard title={<Trans>Your leads</Trans>}>
        <LeadFilters value={values} onChange={setValues} />
        {leads.isSuccess ? (
          total === 0 && !narrowed ? (
            <NoLeadsYet />
          ) : (
            <div className="space-y-4">
              <div className="flex flex-wrap items-center gap-2">
                <p className="mr-auto text-sm text-slate-700" aria-live="polite">
                  <Plural value={total} one="# lead" other="# leads" />
                </p>
                <Button asChild variant="secondary" size="sm">
                  <a href={leadDownloadUrl('csv', filter)} download>
                    <Download aria-hidden />
                    <Trans>Export CSV</Trans>
                  </a>
                </Button>
                <Button asChild variant="secondary" size="sm">
                  <a href={leadDownloadUrl('vcf', filter)} download>
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
      <LeadSettingsCard />
    </div>
  );
}
