import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { PublicPageLayout } from '../components/PublicPageLayout.tsx';
import { AuthCard } from './auth/AuthCard.tsx';
import { InvitationSignInNotice } from './auth/InvitationSignInNotice.tsx';
import { authViewFor } from './auth/auth-modes.ts';
import { SignedOutOnly } from './auth/SignedOutOnly.tsx';
import { useLeaveSignInScreen } from './auth/use-leave-sign-in-screen.ts';

// the forms and their libraries (react-hook-form, zod, better-auth's calls) load beside the screen's
// heading, not before it (SignedOutOnly shows Loading... meanwhile)
const AuthForm = lazy(() => import('./auth/AuthForm.tsx').then((m) => ({ default: m.AuthForm })));

/** spec section 2, /auth: sign-in, sign-up and reset-password, and the landing page of the reset link. */
export function Auth() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const view = authViewFor(params);
  const leave = useLeaveSignInScreen();
  const heading = {
    'sign-in': { title: t`Sign In`, description: t`Welcome back! Sign in to manage your cards.` },
    'sign-up': {
      title: t`Sign Up`,
      description: t`Create your account to build your digital business card.`,
    },
    reset: { title: t`Reset password`, description: t`We'll email you a link to choose a new password.` },
    'new-password': {
      title: t`Choose a new password`,
      description: t`Enter your new password twice. Other devices will be signed out.`,
    },
  }[view.kind];

  return (
    <PublicPageLayout>
      <AuthCard title={heading.title} description={heading.description}>
        <SignedOutOnly leave={() => void leave({ welcome: false })}>
          <InvitationSignInNotice />
          <AuthForm key={view.kind} view={view} onSignedIn={() => leave({ welcome: true })} />
        </SignedOutOnly>
      </AuthCard>
    </PublicPageLayout>
  );
}
