import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { cardAddressPath } from '#src/card-address.ts';
import { publicPageUrl } from '../components/card/public-url.ts';
import { planUsage, type PlanUsage } from '../components/dashboard/plan-usage.ts';
import { PlanUsagePanel } from '../components/dashboard/PlanUsagePanel.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { Dialog } from '../components/ui/Dialog.tsx';
import { trpc, type RouterOutputs } from '../lib/trpc.ts';
import { EmptyVcards } from './vcards/EmptyVcards.tsx';
import { VcardCard } from './vcards/VcardCard.tsx';
import type { VcardRow } from './vcards/types.ts';
import { VcardDialog } from './vcards/VcardDialog.tsx';

type VcardList = RouterOutputs['vcards']['list'];

/** What the dialog is open for: a new card (null) or one to edit. */
type DialogTarget = { vcard: VcardRow | null };

function absoluteUrl(path: string | null): string | null {
  return path ? publicPageUrl(path) : null;
}

function VcardUsageSummary({ usage }: { usage: PlanUsage }) {
  const { count, limit } = usage;
  return usage.unlimited ? (
    <Plural value={count} one="# vCard · unlimited on your plan" other="# vCards · unlimited on your plan" />
  ) : (
    <Trans>
      {count} of {limit} vCards
    </Trans>
  );
}

function VcardGrid({ list, onEdit }: { list: VcardList; onEdit: (vcard: VcardRow) => void }) {
  const { swapOut } = list;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {list.vcards.map((vcard) => (
        <VcardCard
          key={vcard.id}
          vcard={vcard}
          primary={vcard.id === list.primaryId}
          publicPath={cardAddressPath(vcard.id, list.primaryId, list.username)}
          keepLive={
            vcard.pause === 'over_limit' && swapOut
              ? {
                  kind: 'vcard',
                  id: vcard.id,
                  title: vcard.name,
                  swapOut: { id: swapOut.id, title: swapOut.name },
                  becomesPrimary: list.limit === 1,
                }
              : null
          }
          onEdit={() => onEdit(vcard)}
        />
      ))}
    </div>
  );
}

/** /dashboard/vcards (spec section 2, My vCards): usage, the cards, and the create/edit dialog. */
export function VCards() {
  const { t } = useLingui();
  const list = trpc.vcards.list.useQuery();
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const create = () => setTarget({ vcard: null });
  // the card as the list has it now (live updates refetch it), so the open form sees a newer version
  const editing = target?.vcard
    ? (list.data?.vcards.find((vcard) => vcard.id === target.vcard?.id) ?? target.vcard)
    : null;
  const usage = list.data ? planUsage(list.data.vcards.length, list.data.limit) : null;

  return (
    <div className="space-y-6">
      <PageHeading
        title={t`My vCards`}
        description={<Trans>Create and edit the digital business cards people save to their phones.</Trans>}
      />
      {list.data && usage ? (
        <>
          <PlanUsagePanel
            usage={usage}
            summary={<VcardUsageSummary usage={usage} />}
            meterLabel={t`vCards used`}
            createLabel={<Trans>Create vCard</Trans>}
            onCreate={create}
          />
          {list.data.vcards.length === 0 ? (
            <EmptyVcards onCreate={create} />
          ) : (
            <VcardGrid list={list.data} onEdit={(vcard) => setTarget({ vcard })} />
          )}
        </>
      ) : (
        <QueryStatus error={list.error} onRetry={() => void list.refetch()} />
      )}
      <Dialog open={target !== null} onOpenChange={(open) => !open && setTarget(null)}>
        {target && (
          <VcardDialog
            vcard={editing}
            publicUrl={
              editing && list.data
                ? absoluteUrl(cardAddressPath(editing.id, list.data.primaryId, list.data.username))
                : null
            }
            onSaved={() => setTarget(null)}
          />
        )}
      </Dialog>
    </div>
  );
}
