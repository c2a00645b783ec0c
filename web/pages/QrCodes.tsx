import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { planUsage, type PlanUsage } from '../components/dashboard/plan-usage.ts';
import { PlanUsagePanel } from '../components/dashboard/PlanUsagePanel.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { Dialog } from '../components/ui/Dialog.tsx';
import type { KeepLiveButtonProps } from '../components/dashboard/KeepLiveButton.tsx';
import { trpc, type RouterOutputs } from '../lib/trpc.ts';
import { EmptyQrCodes } from './qr-codes/EmptyQrCodes.tsx';
import { QrCodeCard } from './qr-codes/QrCodeCard.tsx';
import { QrCodeDialog } from './qr-codes/QrCodeDialog.tsx';
import { QrStudioDialog } from './qr-codes/QrStudioDialog.tsx';
import type { QrCodeRow } from './qr-codes/types.ts';

type QrCodeList = RouterOutputs['links']['qrCodes'];

/** What the dialog is open for: a new QR code (null) or one whose destination changes. */
type DialogTarget = { qrCode: QrCodeRow | null };

function QrUsageSummary({ usage }: { usage: PlanUsage }) {
  const { count, limit } = usage;
  return usage.unlimited ? (
    <Trans>QR codes used: {count} · Unlimited</Trans>
  ) : (
    <Trans>
      QR codes used: {count} of {limit}
    </Trans>
  );
}

/** The swap that keeps a QR code over the limit live instead of `swapOut` (a vCard's own follows its vCard). */
function keepLiveOf(qrCode: QrCodeRow, swapOut: QrCodeList['swapOut']): KeepLiveButtonProps | null {
  if (qrCode.pause !== 'over_limit' || qrCode.vcardId !== null || !swapOut) return null;
  return { kind: 'qrCode', id: qrCode.id, title: qrCode.title, swapOut, becomesPrimary: false };
}

/**
 * /dashboard/qr-codes (spec section 2, My QR Codes): plan usage, the grid of QR codes, and the create/edit
 * dialog. A vCard's own QR code is listed but does not count against the plan.
 */
export function QrCodes() {
  const { t } = useLingui();
  const list = trpc.links.qrCodes.useQuery();
  const [target, setTarget] = useState<DialogTarget | null>(null);
  /** The id of the QR code open in the studio (the row itself is read from the list, so it stays fresh). */
  const [designing, setDesigning] = useState<string | null>(null);
  const designed = list.data?.items.find((qrCode) => qrCode.id === designing) ?? null;
  // the QR code being edited as the list has it now (live updates refresh it), or as it was opened once
  // it is gone from the list (its save then says so)
  const edited = target?.qrCode
    ? (list.data?.items.find((qrCode) => qrCode.id === target.qrCode?.id) ?? target.qrCode)
    : null;
  const create = () => setTarget({ qrCode: null });
  const usage = list.data ? planUsage(list.data.used, list.data.limit) : null;

  return (
    <div className="space-y-6">
      <PageHeading
        title={t`My QR Codes`}
        description={<Trans>Create, download and track QR codes that lead to your short links.</Trans>}
      />
      {list.data && usage ? (
        <>
          <PlanUsagePanel
            usage={usage}
            summary={<QrUsageSummary usage={usage} />}
            meterLabel={t`QR codes used`}
            createLabel={<Trans>Create New QR</Trans>}
            onCreate={create}
          />
          {list.data.items.length === 0 ? (
            <EmptyQrCodes onCreate={create} canCreate={!usage.full} />
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {list.data.items.map((qrCode) => (
                <QrCodeCard
                  key={qrCode.id}
                  qrCode={qrCode}
                  keepLive={keepLiveOf(qrCode, list.data.swapOut)}
                  onEdit={() => setTarget({ qrCode })}
                  onDesign={() => setDesigning(qrCode.id)}
                />
              ))}
            </div>
          )}
        </>
      ) : (
        <QueryStatus error={list.error} onRetry={() => void list.refetch()} />
      )}
      <Dialog open={target !== null} onOpenChange={(open) => !open && setTarget(null)}>
        {target && <QrCodeDialog qrCode={edited} onSaved={() => setTarget(null)} />}
      </Dialog>
      <Dialog open={designed !== null} onOpenChange={(open) => !open && setDesigning(null)}>
        {designed && <QrStudioDialog qrCode={designed} onDone={() => setDesigning(null)} />}
      </Dialog>
    </div>
  );
}
