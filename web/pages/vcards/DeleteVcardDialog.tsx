import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/Dialog.tsx';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useVcardsChanged } from './use-save-vcard.ts';

/** The Delete button of a card and its confirmation; the card's QR code goes with it. */
export function DeleteVcardDialog({ vcardId, name }: { vcardId: string; name: string }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const vcardsChanged = useVcardsChanged();
  const { mutateAsync, isPending } = trpc.vcards.delete.useMutation();

  async function remove() {
    try {
      await mutateAsync({ id: vcardId });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to delete vCard. Please try again.`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    setOpen(false);
    toast({ title: t`vCard deleted` });
    await vcardsChanged();
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden />
          <Trans>Delete</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>
          <Trans>Delete this vCard?</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            The card of {name}, its public page and its QR code are deleted. This cannot be undone.
          </Trans>
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={isPending} onClick={() => void remove()}>
            {isPending ? <Trans>Deleting...</Trans> : <Trans>Delete vCard</Trans>}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
