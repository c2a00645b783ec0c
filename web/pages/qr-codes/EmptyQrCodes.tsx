import { Trans } from '@lingui/react/macro';
import { Plus, QrCode } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';

/** My QR Codes before the first one: what a QR code here does, and the way to make one. */
export function EmptyQrCodes({ onCreate, canCreate }: { onCreate: () => void; canCreate: boolean }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <QrCode aria-hidden className="size-10 text-brand-strong" />
      <div className="space-y-1">
        <h2 className="text-lg font-semibold text-ink">
          <Trans>No QR codes yet</Trans>
        </h2>
        <p className="max-w-md text-sm text-slate-700">
          <Trans>
            Make a QR code for a menu, a flyer or a product page. You can change where it leads at any time,
            and every scan is counted.
          </Trans>
        </p>
      </div>
      {canCreate && (
        <Button onClick={onCreate}>
          <Plus aria-hidden />
          <Trans>Create your first QR code</Trans>
        </Button>
      )}
    </div>
  );
}
