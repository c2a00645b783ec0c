import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { PASSKEY_REMEMBER_ME_PARAM } from '#src/schemas/passkey.ts';
import { Button } from '../../components/ui/Button.tsx';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { type AuthError } from '../../lib/auth-error.ts';
import { isCeremonyEnded, passkeyErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { useAuthProviders } from '../../lib/use-auth-providers.ts';

/**
 * 'Sign in with a passkey' under the e-mail and password form, and the same passkeys offered in the e-mail
 * field's autofill (WebAuthn conditional UI; the field's autocomplete ends with `webauthn`). Shown only when
 * the server offers passkeys and the browser can use them. A passkey sign-in needs no authenticator-app
 * code (server/passkeys/auth-plugin.ts), and gets the session length "Remember me" says, as a password's.
 */
/** What the sign-in asks of the server: the session of an unticked "Remember me" (or the kept one). */
function verifyOptions(rememberMe: boolean) {
  return rememberMe ? {} : { fetchOptions: { query: { [PASSKEY_REMEMBER_ME_PARAM]: 'false' } } };
}

export function PasskeySignIn({
  onSignedIn,
  rememberMe = true,
}: {
  onSignedIn: () => Promise<void>;
  /** "Remember me" of the password form beside it; without the box (/login) the session is kept. */
  rememberMe?: boolean;
}) {
  const { t, i18n } = useLingui();
  const offered = useAuthProviders()?.passkey === true;
  const available = offered && browserSupportsWebAuthn();
  const [busy, setBusy] = useState(false);

  function failed(error: AuthError) {
    toast({
      variant: 'destructive',
      title: t`Login failed`,
      description: i18n._(passkeyErrorMessage(error, 'sign-in')),
    });
  }

  // the latest callbacks, so a new render of the screen does not restart the autofill request
  const latest = useRef({ onSignedIn, failed });
  useEffect(() => {
    latest.current = { onSignedIn, failed };
  });

  useEffect(() => {
    if (!available) return;
    let active = true;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || !active) return;
      const { error } = await authCall(
        authClient.signIn.passkey({ autoFill: true, ...verifyOptions(rememberMe) }),
      );
      if (!active) return;
      // An offer in the autofill that ended without a passkey chosen is no failure of the person's: the
      // button started a ceremony of its own, we left, or the browser refused to offer it at all (some
      // refuse a conditional request at once). Telling them would replace the toast they need (a sign-up's
      // 'Check your email', shown as the screen comes back to sign-in).
      if (error && isCeremonyEnded(error)) return;
      if (error) latest.current.failed(error);
      else await latest.current.onSignedIn();
    })();
    // a changed "Remember me" starts the offer again, so the sign-in asks for what the box says now
    return () => {
      active = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [available, rememberMe]);

  if (!available) return null;

  async function signIn() {
    setBusy(true);
    const { error } = await authCall(authClient.signIn.passkey(verifyOptions(rememberMe)));
    if (error) {
      setBusy(false);
      failed(error);
      return;
    }
    await onSignedIn();
  }

  return (
    <Button variant="secondary" size="block" disabled={busy} onClick={() => void signIn()}>
      <KeyRound aria-hidden />
      {busy ? <Trans>Waiting for your passkey...</Trans> : <Trans>Sign in with a passkey</Trans>}
    </Button>
  );
}
