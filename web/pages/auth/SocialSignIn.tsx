import { useId, useState, type ComponentType } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { Button } from '../../components/ui/Button.tsx';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { useAuthProviders } from '../../lib/use-auth-providers.ts';
import { AppleIcon, GoogleIcon } from './ProviderIcons.tsx';

type SocialProvider = 'google' | 'apple';

// Brand names are not translated.
const PROVIDERS: readonly { id: SocialProvider; name: string; Icon: ComponentType }[] = [
  { id: 'google', name: 'Google', Icon: GoogleIcon },
  { id: 'apple', name: 'Apple', Icon: AppleIcon },
];

interface Destinations {
  /** Where an existing account lands after the provider's consent screen. */
  callbackURL: string;
  /** Where an account created by this sign-in lands. */
  newUserCallbackURL: string;
}

function ProviderButton({
  provider,
  name,
  Icon,
  destinations,
}: {
  provider: SocialProvider;
  name: string;
  Icon: ComponentType;
  destinations: Destinations;
}) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);

  async function signIn() {
    setBusy(true);
    // On success better-auth's client sends the browser to the provider; a refusal after that comes
    // back to /login?error=… (read there).
    const { error } = await authCall(
      authClient.signIn.social({ provider, ...destinations, errorCallbackURL: paths.login }),
    );
    if (error) {
      setBusy(false);
      toast({ variant: 'destructive', title: t`Error`, description: i18n._(authErrorMessage(error)) });
    }
  }

  return (
    <Button variant="secondary" size="block" disabled={busy} onClick={() => void signIn()}>
      <Icon />
      {name}
    </Button>
  );
}

/**
 * 'Or continue with' Google and Apple, each shown only when the server is configured for it
 * (docs/decisions/007-security-beyond-the-spec.md: no button that cannot work). Nothing at all while that is
 * unknown or when neither is.
 */
export function SocialSignIn(destinations: Destinations) {
  const labelId = useId();
  const configured = useAuthProviders();
  const available = PROVIDERS.filter((provider) => configured?.[provider.id]);
  if (available.length === 0) return null;
  return (
    <div role="group" aria-labelledby={labelId} className="space-y-4">
      <div className="flex items-center gap-3 text-sm text-slate-600">
        <span aria-hidden className="h-px flex-1 bg-slate-200" />
        <span id={labelId}>
          <Trans>Or continue with</Trans>
        </span>
        <span aria-hidden className="h-px flex-1 bg-slate-200" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {available.map(({ id, name, Icon }) => (
          <ProviderButton key={id} provider={id} name={name} Icon={Icon} destinations={destinations} />
        ))}
      </div>
    </div>
  );
}
