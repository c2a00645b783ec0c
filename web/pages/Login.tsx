import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { NEXT_PARAM, paths, signInPath } from '#src/routes.ts';
import { BackHomeLink } from '../components/BackHomeLink.tsx';
import { PublicPageLayout } from '../components/PublicPageLayout.tsx';
import { EmailChangeNotice } from './account/EmailChangeNotice.tsx';
import { AuthCard } from './auth/AuthCard.tsx';
import { keepingNext, socialDestinations } from '../lib/sign-in-next.ts';
import { authHref } from './auth/auth-modes.ts';
import { InvitationSignInNotice } from './auth/InvitationSignInNotice.tsx';
import { SignedOutOnly } from './auth/SignedOutOnly.tsx';
import { SocialSignIn } from './auth/SocialSignIn.tsx';
import { TextLink } from './auth/TextLink.tsx';
import { useLeaveSignInScreen } from './auth/use-leave-sign-in-screen.ts';
import { useSocialSignInError } from './auth/use-social-sign-in-error.ts';

// the form and its libraries load beside the screen's heading (SignedOutOnly shows Loading... meanwhile)
const SignInFlow = lazy(() => import('./auth/SignInFlow.tsx').then((m) => ({ default: m.SignInFlow })));

/** spec section 2, /login: e-mail and password, Google and Apple, a way to sign up. */
export function Login() {
  const { t } = useLingui();
  const leave = useLeaveSignInScreen();
  const [searchParams] = useSearchParams();
  useSocialSignInError();
  return (
    <PublicPageLayout>
      <div className="space-y-6">
        <AuthCard title={t`Sign In`} description={<Trans>Welcome back! Sign in to manage your cards.</Trans>}>
          <EmailChangeNotice />
          <InvitationSignInNotice />
          <SignedOutOnly leave={() => void leave({ welcome: false })}>
            <SignInFlow
              withRememberMe={false}
              forgotPassword={
                <TextLink to={authHref('reset')}>
                  <Trans>Forgot password?</Trans>
                </TextLink>
              }
              onSignedIn={() => leave({ welcome: true })}
            />
            {/* back here with the session, which leaves this screen as any sign-in does */}
            <SocialSignIn
              {...socialDestinations(
                signInPath(paths.login, searchParams.get(NEXT_PARAM)),
                searchParams.get(NEXT_PARAM),
              )}
            />
            <p className="text-center text-sm text-slate-700">
              <TextLink to={keepingNext(paths.onboarding, searchParams.get(NEXT_PARAM))}>
                <Trans>Don't have an account? Sign up</Trans>
              </TextLink>
            </p>
          </SignedOutOnly>
        </AuthCard>
        <div className="flex justify-center">
          <BackHomeLink />
        </div>
      </div>
    </PublicPageLayout>
  );
}
