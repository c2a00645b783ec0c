import { lazy, Suspense, useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { authHref } from '../../pages/auth/auth-modes.ts';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { loadPageWithoutAsking } from '../../lib/leave-guard.ts';
import {
  endRecovery,
  hostRecovery,
  rememberPageAccount,
  useRecoveryState,
  type PageAccount,
} from '../../lib/session-recovery.ts';
import { toast } from '../../lib/toast.ts';
import { UserText } from '../UserText.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../ui/Dialog.tsx';

// the sign-in forms load only when a session ends, not with every dashboard page
const SignInFlow = lazy(() =>
  import('../../pages/auth/SignInFlow.tsx').then((m) => ({ default: m.SignInFlow })),
);

/** Kept for the next page load: the address of the account whose page was left for another account. */
const OTHER_ACCOUNT_KEY = 'tapcard.signedInAsAnotherAccount';

/**
 * The sign-in dialog over a page whose session ended (docs/decisions/020-edits-carry-their-version.md):
 * mounted with the dashboard and onboarding, it opens when a save is refused with `unauthenticated`
 * (web/lib/session-recovery-link.ts) or when the session is found gone while a form has unsaved changes
 * (use-session-hold.ts). It asks for the same account (its e-mail filled in): password, then the code
 * when the account has two-factor authentication, or a passkey. Signed in as that account, the waiting
 * saves are sent again. Signed in as another account, nothing of this page may reach it: the tab opens
 * that account's dashboard afresh (no data of the first account stays in memory) and says why.
 */
export function SessionRecoveryDialog() {
  const { t, i18n } = useLingui();
  const user = authClient.useSession().data?.user;
  const userId = user?.id;
  const userEmail = user?.email;
  useEffect(() => {
    if (userId && userEmail) rememberPageAccount({ id: userId, email: userEmail });
  }, [userId, userEmail]);
  useEffect(hostRecovery, []);
  useEffect(() => {
    const other = sessionStorage.getItem(OTHER_ACCOUNT_KEY);
    if (other === null) return;
    sessionStorage.removeItem(OTHER_ACCOUNT_KEY);
    toast({
      variant: 'destructive',
      title: t`Signed in as another account`,
      description: t`The changes you had not saved belong to ${other}, so they were not saved to this account.`,
    });
  }, [t]);
  const { open, account } = useRecoveryState();
  if (!account) return null;

  async function signedIn(pageAccount: PageAccount): Promise<void> {
    const { data, error } = await authCall(authClient.getSession());
    if (error || !data?.user) {
      toast({
        variant: 'destructive',
        title: t`Login failed`,
        description: i18n._(authErrorMessage(error ?? {})),
      });
      return;
    }
    if (data.user.id === pageAccount.id) {
      endRecovery('signed-in');
      return;
    }
    sessionStorage.setItem(OTHER_ACCOUNT_KEY, pageAccount.email);
    loadPageWithoutAsking(paths.dashboard);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) endRecovery('dismissed');
      }}
    >
      {/* the sign-in form, given the address, puts focus on the password */}
      <DialogContent>
        <DialogTitle>
          <Trans>Sign in again to continue</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            Your session ended, perhaps because you signed out on another device. Sign in as{' '}
            <UserText>{account.email}</UserText>: what you typed stays on the page, and a save you made is
            sent as soon as you are signed in.
          </Trans>
        </DialogDescription>
        <div className="mt-6 space-y-4">
          <Suspense
            fallback={
              <p role="status" className="text-sm text-slate-700">
                <Trans>Loading...</Trans>
              </p>
            }
          >
            <SignInFlow
              initialEmail={account.email}
              withRememberMe={false}
              forgotPassword={
                // in another tab, so this page and what it holds stay
                <a
                  href={authHref('reset')}
                  target="_blank"
                  rel="noopener"
                  className="rounded text-sm font-semibold text-brand-strong underline-offset-4 hover:underline"
                >
                  <Trans>Forgot password?</Trans>
                </a>
              }
              onSignedIn={() => signedIn(account)}
            />
          </Suspense>
          <DialogClose asChild>
            <Button variant="ghost" size="block">
              <Trans>Not now</Trans>
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
