import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { planUsage } from '../components/dashboard/plan-usage.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { trpc } from '../lib/trpc.ts';
import { AddLinkForm } from './links/AddLinkForm.tsx';
import { SortableLinkList } from './links/SortableLinkList.tsx';

/**
 * /dashboard/links (spec section 2): the links of the public profile, in their order. Add, edit, delete,
 * and drag (or move from the keyboard) into a new order; a link over the plan's limit says it is paused.
 */
export function Links() {
  const { t } = useLingui();
  const list = trpc.links.profileLinks.useQuery();
  const listHeadingId = useId();

  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Links`}
        description={<Trans>Add the links shown on your public profile and drag them into order.</Trans>}
      />
      {list.data ? (
        <>
          <AddLinkForm usage={planUsage(list.data.used, list.data.limit)} />
          <section aria-labelledby={listHeadingId} className="space-y-3">
            <h2 id={listHeadingId} className="text-lg font-semibold text-ink">
              <Trans>Your links</Trans>
            </h2>
            {list.data.items.length === 0 ? (
              <p className="rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-700">
                <Trans>
                  No links yet. Add your website, shop or portfolio: they appear on your public profile in
                  this order.
                </Trans>
              </p>
            ) : (
              <>
                <p className="text-sm text-slate-700">
                  <Trans>
                    Drag a link by its handle to change the order, or focus the handle and use Space and the
                    arrow keys.
                  </Trans>
                </p>
                <SortableLinkList items={list.data.items} swapOut={list.data.swapOut} />
              </>
            )}
          </section>
        </>
      ) : (
        <QueryStatus error={list.error} onRetry={() => void list.refetch()} />
      )}
    </div>
  );
}
