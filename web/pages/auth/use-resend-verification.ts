import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { EMAIL_LINK_VALIDITY_HOURS } from '#src/email-links.ts';
import { useSearchParams } from 'react-router';
import { NEXT_PARAM } from '#src/routes.ts';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { signUpLanding } from '../../lib/sign-in-next.ts';
import { toast } from '../../lib/toast.ts';

/**
 * Sends a new confirmation e-mail whose link signs the person in on /onboarding (spec section 7, resend
 * the signup confirmation), or on the page asked for through sign-in. The server answers the same whether or not an account waits for a link, so
 * the text says what happens without claiming that a mail was sent.
 */
export function useResendVerification(): { resend: (email: string) => Promise<void>; busy: boolean } {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const hours = EMAIL_LINK_VALIDITY_HOURS.verifyEmail;
  const landing = signUpLanding(useSearchParams()[0].get(NEXT_PARAM));

  async function resend(email: string) {
    setBusy(true);
    const { error } = await authCall(authClient.sendVerificationEmail({ email, callbackURL: landing }));
    setBusy(false);
    if (error) {
      toast({ variant: 'destructive', title: t`Error`, description: i18n._(authErrorMessage(error)) });
    } else {
      toast({
        title: t`Check your email`,
        description: t`If an account needs confirming, a new link is on its way. It is valid for ${hours} hours.`,
      });
    }
  }

  return { resend, busy };
}
