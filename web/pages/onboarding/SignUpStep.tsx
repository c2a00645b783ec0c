import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { NEXT_PARAM, paths } from '#src/routes.ts';
import type { SignUpInput } from '#src/schemas/auth.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { InvitationSignInNotice } from '../auth/InvitationSignInNotice.tsx';
import { SignUpForm, type SignUpResult } from '../auth/SignUpForm.tsx';
import { SocialSignIn } from '../auth/SocialSignIn.tsx';
import { TextLink } from '../auth/TextLink.tsx';
import { keepingNext, socialDestinations } from '../../lib/sign-in-next.ts';
import { toast } from '../../lib/toast.ts';
import { LinkErrorPanel } from './LinkErrorPanel.tsx';
import { OnboardingProgress } from './OnboardingProgress.tsx';
import type { VerificationLinkError } from './verification-link-error.ts';

/** Step 1 (spec section 2): create the account by e-mail, Google or Apple. */
export function SignUpStep({
  linkError,
  initialValues,
  onAwaitingConfirmation,
}: {
  linkError: VerificationLinkError | null;
  initialValues: SignUpInput;
  /** The account exists but its address must be confirmed before there is a session. */
  onAwaitingConfirmation: (values: SignUpInput, mailTicket: string | null) => void;
}) {
  const { t } = useLingui();
  const next = useSearchParams()[0].get(NEXT_PARAM);

  function onSignedUp({ values, signedIn, mailTicket }: SignUpResult) {
    if (!signedIn) {
      onAwaitingConfirmation(values, mailTicket);
      return;
    }
    // the new session moves the page on to the plan step
    toast({ title: t`Account created!`, description: t`Welcome to Tapcard. Let's choose your plan.` });
  }

  return (
    <>
      <OnboardingProgress current={1} />
      <AuthCard
        title={t`Create your account`}
        description={<Trans>Your digital business card is three short steps away.</Trans>}
      >
        {linkError && <LinkErrorPanel linkError={linkError} />}
        <InvitationSignInNotice />
        <SignUpForm
          nameLabel={<Trans>Full Name</Trans>}
          submitLabel={<Trans>Create Account</Trans>}
          busyLabel={<Trans>Creating account...</Trans>}
          initialValues={initialValues}
          onSignedUp={onSignedUp}
        />
        <SocialSignIn {...socialDestinations(keepingNext(paths.onboarding, next), next)} />
        <p className="text-center">
          <TextLink to={keepingNext(paths.login, next)}>
            <Trans>Already have an account? Sign in</Trans>
          </TextLink>
        </p>
      </AuthCard>
    </>
  );
}
