import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Building2 } from 'lucide-react';
import { isSsoSignInError } from '#src/company-sign-in.ts';
import { NEXT_PARAM, paths, signInPath } from '#src/routes.ts';
import { CompanySignInSchema } from '#src/schemas/company-sign-in.ts';
import { EmailField } from '../../components/form/EmailField.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Button } from '../../components/ui/Button.tsx';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { authErrorMessage, SSO_SIGN_IN_ERROR_TEXT } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';

/**
 * 'Sign in with your company' on /auth (docs/decisions/028-company-sign-in.md): the person types their work
 * address, whose domain picks their team's provider, and the browser goes to the provider's own sign-in
 * page; it comes back signed in, or to /auth?error=… with why (said once, then dropped from the address).
 */
export function CompanySignIn() {
  const { t, i18n } = useLingui();
  const formId = useId();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const form = useZodForm(CompanySignInSchema, { email: '' });
  const { errors, isSubmitting } = form.formState;
  const returned = params.get('error');

  useEffect(() => {
    if (!isSsoSignInError(returned)) return;
    toast({
      variant: 'destructive',
      title: t`Company sign-in did not work`,
      description: i18n._(SSO_SIGN_IN_ERROR_TEXT[returned]),
    });
    setParams(
      (current) => {
        current.delete('error');
        return current;
      },
      { replace: true },
    );
  }, [returned, setParams, t, i18n]);

  const onSubmit = form.submit(async ({ email }) => {
    const next = params.get(NEXT_PARAM);
    const { data, error } = await authCall(
      authClient.$fetch<{ url: string }>('/sign-in/sso', {
        method: 'POST',
        // back to this screen, which goes on to the page asked for or the dashboard: a new account is a
        // member of the team, its onboarding done (its card is the team's)
        body: {
          email,
          callbackURL: signInPath(paths.auth, next),
          newUserCallbackURL: signInPath(paths.auth, next),
          errorCallbackURL: signInPath(paths.auth, next),
        },
      }),
    );
    if (error || !data) {
      toast({
        variant: 'destructive',
        title: t`Company sign-in did not work`,
        description: i18n._(authErrorMessage(error ?? { status: 0 })),
      });
      return;
    }
    window.location.assign(data.url);
  });

  return (
    <div className="space-y-3">
      <Button
        variant="secondary"
        size="block"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen(!open)}
      >
        <Building2 aria-hidden className="size-4" />
        <Trans>Sign in with your company</Trans>
      </Button>
      {open && (
        <form id={formId} noValidate onSubmit={onSubmit} className="space-y-3">
          <EmailField
            label={<Trans>Work email</Trans>}
            hint={<Trans>Your company's address picks its sign-in page.</Trans>}
            error={errors.email?.message}
            {...form.register('email')}
          />
          <SubmitButton busy={isSubmitting}>
            <Trans>Continue to your company</Trans>
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
