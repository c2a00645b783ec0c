import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { NEXT_PARAM } from '#src/routes.ts';
import { keepingNext } from '../../lib/sign-in-next.ts';
import { toast } from '../../lib/toast.ts';
import { authHref as modeHref, INVALID_RESET_LINK_HREF, type AuthView } from './auth-modes.ts';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { Notice } from '../../components/Notice.tsx';
import { ResetRequestForm } from './ResetRequestForm.tsx';
import { CompanySignIn } from './CompanySignIn.tsx';
import { SignInFlow } from './SignInFlow.tsx';
import { SignUpForm } from './SignUpForm.tsx';
import { TextLink } from './TextLink.tsx';

function SwitchLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="text-center">
      <TextLink to={to}>{children}</TextLink>
    </p>
  );
}

/** The form of one /auth view, with the links to the other modes (spec section 2). */
export function AuthForm({ view, onSignedIn }: { view: AuthView; onSignedIn: () => Promise<void> }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  // every mode carries on the page asked for through sign-in (a team invitation's, for one)
  const next = useSearchParams()[0].get(NEXT_PARAM);
  const authHref = (mode: Parameters<typeof modeHref>[0]) => keepingNext(modeHref(mode), next);
  // spec section 4: after a successful sign-up or reset request the screen returns to sign-in
  const backToSignIn = () => void navigate(authHref('sign-in'), { replace: true });

  switch (view.kind) {
    case 'sign-in':
      return (
        <>
          <SignInFlow
            withRememberMe
            forgotPassword={
              <TextLink to={authHref('reset')}>
                <Trans>Forgot password?</Trans>
              </TextLink>
            }
            onSignedIn={onSignedIn}
          />
          <CompanySignIn />
          <SwitchLink to={authHref('sign-up')}>
            <Trans>Don't have an account? Sign up</Trans>
          </SwitchLink>
        </>
      );
    case 'sign-up':
      return (
        <>
          <SignUpForm
            nameLabel={<Trans>Name</Trans>}
            submitLabel={<Trans>Sign Up</Trans>}
            onSignedUp={({ values: { email }, signedIn }) => {
              // with a session the screen moves on to the dashboard by itself
              if (signedIn) return;
              // the same words for a new and a registered address (its owner got a mail saying so)
              toast({
                title: t`Check your email`,
                description: t`We sent a message to ${email}. Open the link in it to continue.`,
              });
              backToSignIn();
            }}
          />
          <SwitchLink to={authHref('sign-in')}>
            <Trans>Already have an account? Sign in</Trans>
          </SwitchLink>
        </>
      );
    case 'reset':
      return (
        <>
          {view.linkInvalid && (
            <Notice title={<Trans>This link no longer works</Trans>}>
              <p>
                <Trans>
                  The password reset link has expired or was already used. Enter your email to get a new one.
                </Trans>
              </p>
            </Notice>
          )}
          <ResetRequestForm onSent={backToSignIn} />
          <SwitchLink to={authHref('sign-in')}>
            <Trans>Back to sign in</Trans>
          </SwitchLink>
        </>
      );
    case 'new-password':
      return (
        <NewPasswordForm
          token={view.token}
          onDone={backToSignIn}
          onLinkInvalid={() => void navigate(INVALID_RESET_LINK_HREF, { replace: true })}
        />
      );
  }
}
