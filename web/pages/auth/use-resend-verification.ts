import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { EMAIL_LINK_VALIDITY_HOURS } from '#src/email-links.ts';
import { paths } from '#src/routes.ts';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';

/**
 * Sends a new confirmation e-mail whose link signs the person in on /onboarding (spec section 7, resend
 * the signup confirmation). The server answers the same whether or not an account waits for a link, so
 * the text says what happens without claiming that a mail was sent.
 */
export function useResendVerification(): { resend: (email: string) => Promise<void>; busy: boolean } {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const hours = EMAIL_LINK_VALIDITY_HOURS.verifyEmail;

  async function resend(email: string) {
    setBusy(true);
    const { error } = await authCall(
      authClient.sendVerificationEmail({ email, callbackURL: paths.onboarding }),
    );
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
