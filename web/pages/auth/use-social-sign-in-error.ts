import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { toast } from '../../lib/toast.ts';

/**
 * A Google or Apple sign-in that failed after leaving for the provider comes back with ?error=… (better-auth's
 * errorCallbackURL): say so once (spec section 8, OAuth failures), then drop the code from the address.
 */
export function useSocialSignInError(): void {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const code = params.get('error');
  useEffect(() => {
    if (!code) return;
    toast({
      variant: 'destructive',
      title: t`Error`,
      description: t`Signing in with Google or Apple did not work. Please try again.`,
    });
    setParams(
      (current) => {
        current.delete('error');
        return current;
      },
      { replace: true },
    );
  }, [code, setParams, t]);
}
