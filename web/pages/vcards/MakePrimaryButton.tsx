import { Trans, useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useVcardsChanged } from './use-save-vcard.ts';

/** Makes a card the one shown at /{username}. */
export function MakePrimaryButton({ vcardId }: { vcardId: string }) {
  const { t, i18n } = useLingui();
  const vcardsChanged = useVcardsChanged();
  const { mutateAsync, isPending } = trpc.vcards.setPrimary.useMutation();

  async function makePrimary() {
    try {
      await mutateAsync({ id: vcardId });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to change the primary vCard. Please try again.`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    toast({ title: t`Primary vCard changed`, description: t`Your profile page now shows this card.` });
    await vcardsChanged();
  }

  return (
    <Button variant="ghost" size="sm" disabled={isPending} onClick={() => void makePrimary()}>
      <Star aria-hidden />
      <Trans>Make primary</Trans>
    </Button>
  );
}
