import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { NEXT_PARAM } from '#src/routes.ts';
import type { SignUpInput } from '#src/schemas/auth.ts';
import { ConnectionNotice } from '../components/ConnectionNotice.tsx';
import { PublicPageLayout } from '../components/PublicPageLayout.tsx';
import { SessionRecoveryDialog } from '../components/session/SessionRecoveryDialog.tsx';
import { useSessionHold } from '../components/session/use-session-hold.ts';
import { invitationNext } from '../lib/sign-in-next.ts';
import { useSessionStatus } from '../lib/use-session-status.ts';
import {
  readAwaitingConfirmation,
  storeAwaitingConfirmation,
  type AwaitingConfirmation,
} from './onboarding/awaiting-confirmation.ts';
import { SignedInSteps } from './onboarding/SignedInSteps.tsx';
import { SignUpStep } from './onboarding/SignUpStep.tsx';
import { useVerificationLinkError } from './onboarding/use-verification-link-error.ts';
import { VerifyEmailWaiting } from './onboarding/VerifyEmailWaiting.tsx';

function OnboardingContent() {
  const linkError = useVerificationLinkError();
  const invitation = invitationNext(useSearchParams()[0].get(NEXT_PARAM));
  const { status, refetch } = useSessionStatus();
  // a new account that waits for its confirmation link (kept across a reload of this tab)
  const [awaiting, setAwaiting] = useState(readAwaitingConfirmation);
  // what the sign-up form shows again after 'Use a different email' (the password only in memory)
  const [draft, setDraft] = useState<SignUpInput>(() => ({
    name: awaiting?.name ?? '',
    email: '',
    password: '',
  }));
  const signedIn = status === 'signed-in';
  // a session that ends while the card step has unsaved changes: the step stays, under the sign-in dialog
  const hold = useSessionHold(status === 'signed-out');

  useEffect(() => {
    if (signedIn) storeAwaitingConfirmation(null);
  }, [signedIn]);

  function wait(next: AwaitingConfirmation | null) {
    storeAwaitingConfirmation(next);
    setAwaiting(next);
  }

  if (status === 'checking') {
    return (
      <p role="status" className="py-10 text-center text-slate-700">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  // signed up from a team invitation's link (confirmed in another tab): the invitation comes first
  if (signedIn && invitation) return <Navigate to={invitation} replace />;
  if (signedIn || hold) {
    return (
      <>
        <SignedInSteps />
        <SessionRecoveryDialog />
      </>
    );
  }
  if (awaiting) {
    return (
      <VerifyEmailWaiting
        email={awaiting.email}
        mailTicket={awaiting.mailTicket}
        onSessionFound={refetch}
        onChangeEmail={() => {
          // only the address was wrong: the name and password stay
          setDraft((current) => ({ ...current, email: '' }));
          wait(null);
        }}
      />
    );
  }
  return (
    <SignUpStep
      linkError={linkError}
      initialValues={draft}
      onAwaitingConfirmation={(values, mailTicket) => {
        setDraft(values);
        wait({ email: values.email, name: values.name, mailTicket });
      }}
    />
  );
}

/** spec section 2, /onboarding: sign-up (with its e-mail confirmation), plan, virtual card. */
export function Onboarding() {
  return (
    <PublicPageLayout>
      <ConnectionNotice shape="box" className="sticky top-2 z-20" />
      <div className="space-y-6">
        <OnboardingContent />
      </div>
    </PublicPageLayout>
  );
}
