import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '#src/routes.ts';
import { DELETE_CONFIRMATION_WORDS, DeleteAccountSchema } from '#src/schemas/auth.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/Dialog.tsx';
import { ACCOUNT_DELETED_STATE } from '../../lib/account-deleted.ts';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { clearAccountDrafts } from '../../lib/drafts.ts';
import { leaveWithoutAsking } from '../../lib/leave-guard.ts';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { whileLoggingOut } from '../../components/dashboard/use-logout.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLocale } from '../../lib/use-locale.ts';

/**
 * spec section 4, account deletion: type the word of the interface language (DELETE, ELIMINAR; upper-cased
 * as typed), the server deletes everything, then the person is signed out and sees /goodbye. Mounted only
 * while the dialog is open, so the word typed last time is gone next time.
 */
function DeleteAccountForm() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accountId = authClient.useSession().data?.user.id;
  const { mutateAsync, isPending } = trpc.account.delete.useMutation();
  const language = useLocale();
  const word = DELETE_CONFIRMATION_WORDS[language];
  const [confirmation, setConfirmation] = useState('');
  // the server checks the word of the language it was shown in
  const confirmed = DeleteAccountSchema.safeParse({ language, confirmation });

  async function deleteAccount() {
    if (!confirmed.success) return;
    try {
      await mutateAsync(confirmed.data);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to delete account. Please try again.`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    await whileLoggingOut(async () => {
      // the server already ended every session; this clears the cookie and the client's copy
      await authCall(authClient.signOut());
      queryClient.clear();
      if (accountId) clearAccountDrafts(localStorage, accountId);
      // nothing on the page can be saved any more
      await leaveWithoutAsking(() =>
        navigate(paths.goodbye, { replace: true, state: ACCOUNT_DELETED_STATE }),
      );
      return true;
    });
  }

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void deleteAccount();
      }}
    >
      <TextField
        label={<Trans>Type {word} to confirm</Trans>}
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value.toUpperCase())}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">
            <Trans>Cancel</Trans>
          </Button>
        </DialogClose>
        <SubmitButton
          busy={isPending}
          busyLabel={<Trans>Deleting...</Trans>}
          disabled={!confirmed.success}
          block={false}
          variant="destructive"
        >
          <Trans>Delete account</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}

export function DeleteAccountDialog() {
  return (
    <DialogContent>
      <DialogTitle>
        <Trans>Delete your account?</Trans>
      </DialogTitle>
      <DialogDescription>
        <Trans>
          Your cards, links, QR codes, photos and statistics are deleted, and any paid subscription is
          cancelled. This cannot be undone.
        </Trans>
      </DialogDescription>
      <DeleteAccountForm />
    </DialogContent>
  );
}
