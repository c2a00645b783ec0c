import { Trans, useLingui } from '@lingui/react/macro';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '../../components/ui/Dialog.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';

export function DeleteAccountCard() {
  const { t } = useLingui();
  return (
    <SectionCard
      tone="danger"
      title={t`Delete account`}
      description={
        <Trans>
          Delete your account and everything in it for good: cards, links, QR codes, photos and statistics.
        </Trans>
      }
    >
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="destructive">
            <Trans>Delete account</Trans>
          </Button>
        </DialogTrigger>
        <DeleteAccountDialog />
      </Dialog>
    </SectionCard>
  );
}
