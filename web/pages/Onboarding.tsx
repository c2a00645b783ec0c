import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { PublicPageLayout } from '../components/PublicPageLayout.tsx';
import { useSessionStatus } from '../lib/use-session-status.ts';
import { SignedInSteps } from './onboarding/SignedInSteps.tsx';
import { SignUpStep } from './onboarding/SignUpStep.tsx';
import { useVerificationLinkError } from './onboarding/use-verification-link-error.ts';
import { VerifyEmailWaiting } from './onboarding/VerifyEmailWaiting.tsx';

function OnboardingContent() {
  const linkError = useVerificationLinkError();
  const { status, refetch } = useSessionStatus();
  // the address of a new account that waits for its confirmation link
  const [awaitingEmail, setAwaitingEmail] = useState<string | null>(null);

  if (status === 'checking') {
    return (
      <p role="status" className="py-10 text-center text-slate-700">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  if (status === 'signed-in') return <SignedInSteps />;
  if (awaitingEmail) {
    return (
      <VerifyEmailWaiting
        email={awaitingEmail}
        onSessionFound={refetch}
        onChangeEmail={() => setAwaitingEmail(null)}
      />
    );
  }
  return <SignUpStep linkError={linkError} onAwaitingConfirmation={setAwaitingEmail} />;
}

/** spec section 2, /onboarding: sign-up (with its e-mail confirmation), plan, virtual card. */
export function Onboarding() {
  return (
    <PublicPageLayout>
      <div className="space-y-6">
        <OnboardingContent />
      </div>
    </PublicPageLayout>
  );
}
