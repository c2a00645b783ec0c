import { useId, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, RefreshCw } from 'lucide-react';
import type { SsoIssuerProblem } from '#src/company-sign-in.ts';
import { isSsoIssuerProblem } from '#src/company-sign-in.ts';
import { OidcProviderSchema, SsoDomainSchema } from '#src/schemas/company-sign-in.ts';
import { CheckboxField } from '../../components/form/CheckboxField.tsx';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Notice } from '../../components/Notice.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { trpcErrorMessage, trpcFailure, validationMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { FAILURE_TEXTS, RecordValue } from '../domains/DomainList.tsx';

// The team owner's Single sign-on (docs/decisions/028-company-sign-in.md): the team's e-mail domain and its
// TXT record, the company's OIDC provider (its secret is never shown again), and whether the domain's
// people must sign in through it. Each step opens once the one before it holds.

type View = RouterOutputs['companySignIn']['get'];

const ISSUER_PROBLEM_TEXT: Record<SsoIssuerProblem, MessageDescriptor> = {
  unreachable: msg`Nothing answered at the issuer's discovery address (/.well-known/openid-configuration). Check the issuer address, and that the provider can be reached from the internet.`,
  not_discovery: msg`The issuer answered, but not with an OpenID Connect discovery document. Check that the address is the issuer's, not its sign-in page.`,
  issuer_mismatch: msg`The provider names another issuer than the one typed. Copy the issuer exactly as your provider shows it (with or without its last /).`,
  not_allowed: msg`This address cannot be used: it is not http(s), or it is on a private network this server is not allowed to reach. Ask the server's operator to allow it (SSO_PRIVATE_ORIGINS).`,
};

/** A refusal's toast; the issuer's refusal says what the provider answered, in the library's English too. */
function useFailureToast() {
  const { i18n } = useLingui();
  return (title: string, error: unknown) => {
    const failure = trpcFailure(error);
    const problem = failure?.meta?.problem;
    if (failure?.reason === 'sso_issuer_unusable' && isSsoIssuerProblem(problem)) {
      const detail = typeof failure.meta?.detail === 'string' ? failure.meta.detail : '';
      toast({
        variant: 'destructive',
        title,
        description: `${i18n._(ISSUER_PROBLEM_TEXT[problem])}${detail ? ` (${detail})` : ''}`,
      });
      return;
    }
    const field = failure?.fieldErrors?.[0];
    toast({
      variant: 'destructive',
      title,
      description: i18n._(field ? validationMessage(field.message) : trpcErrorMessage(error)),
    });
  };
}

function DomainStep({ view }: { view: View }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const failed = useFailureToast();
  const setDomain = trpc.companySignIn.setDomain.useMutation();
  const check = trpc.companySignIn.checkDomain.useMutation();
  const form = useZodForm(SsoDomainSchema, { domain: view.domain?.name ?? '' });
  const { errors, isSubmitting } = form.formState;
  const domain = view.domain;

  const onSubmit = form.submit(async (values) => {
    try {
      utils.companySignIn.get.setData(undefined, await setDomain.mutateAsync(values));
      toast({ title: t`Email domain saved` });
    } catch (error) {
      failed(t`The email domain was not saved`, error);
    }
  });

  async function checkNow() {
    try {
      const checked = await check.mutateAsync();
      utils.companySignIn.get.setData(undefined, checked);
      if (checked.domain?.verifiedAt) toast({ title: t`Email domain proved` });
      else toast({ variant: 'destructive', title: t`The record was not found yet` });
    } catch (error) {
      failed(t`The email domain could not be checked`, error);
    }
  }

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={onSubmit} className="space-y-3">
        <TextField
          label={<Trans>Your company&apos;s email domain</Trans>}
          hint={<Trans>The part after @ in your people&apos;s work addresses, such as example.com.</Trans>}
          autoComplete="off"
          spellCheck={false}
          error={errors.domain?.message}
          {...form.register('domain')}
        />
        <SubmitButton busy={isSubmitting} block={false}>
          <Trans>Save domain</Trans>
        </SubmitButton>
      </form>
      {domain && domain.verifiedAt && (
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-800">
          <CheckCircle2 aria-hidden className="size-4" />
          <Trans>{domain.name} is proved.</Trans>
        </p>
      )}
      {domain && !domain.verifiedAt && (
        <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm text-ink">
            <Trans>
              Prove that the domain is your company&apos;s: add this TXT record at your DNS provider, then
              choose Check now. A custom domain of the team&apos;s with the same name proves it too.
            </Trans>
          </p>
          <dl className="grid gap-3">
            <RecordValue label={t`Name`} value={domain.recordName} />
            <RecordValue label={t`Value`} value={domain.recordValue} />
          </dl>
          {domain.lastCheckError && (
            <p className="text-sm text-red-800">{i18n._(FAILURE_TEXTS[domain.lastCheckError])}</p>
          )}
          <Button variant="secondary" disabled={check.isPending} onClick={() => void checkNow()}>
            <RefreshCw aria-hidden className="size-4" />
            <Trans>Check now</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}

function ProviderStep({ view }: { view: View }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const failed = useFailureToast();
  const save = trpc.companySignIn.saveOidc.useMutation();
  const form = useZodForm(OidcProviderSchema, {
    issuer: view.provider?.issuer ?? '',
    clientId: view.provider?.clientId ?? '',
    clientSecret: '',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.submit(async (values) => {
    try {
      utils.companySignIn.get.setData(undefined, await save.mutateAsync(values));
      form.resetField('clientSecret');
      toast({
        title: t`Sign-in provider saved`,
        description: t`The provider answered, and its settings are kept.`,
      });
    } catch (error) {
      failed(t`The sign-in provider was not saved`, error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <div className="space-y-1">
        <p className="text-sm font-medium text-ink">
          <Trans>Redirect URI to register at your provider</Trans>
        </p>
        <dl>
          <RecordValue label={t`Redirect URI`} value={view.redirectUri} />
        </dl>
      </div>
      <TextField
        label={<Trans>Issuer</Trans>}
        hint={
          <Trans>
            Your OpenID Connect provider&apos;s issuer address, such as https://login.example.com.
          </Trans>
        }
        type="url"
        autoComplete="off"
        spellCheck={false}
        error={errors.issuer?.message}
        {...form.register('issuer')}
      />
      <TextField
        label={<Trans>Client ID</Trans>}
        autoComplete="off"
        spellCheck={false}
        error={errors.clientId?.message}
        {...form.register('clientId')}
      />
      <PasswordField
        label={<Trans>Client secret</Trans>}
        autoComplete="new-password"
        required={view.provider === null}
        hint={
          view.provider ? (
            <Trans>A secret is saved and never shown again. Leave this empty to keep it.</Trans>
          ) : undefined
        }
        error={errors.clientSecret?.message}
        {...form.register('clientSecret')}
      />
      <SubmitButton busy={isSubmitting} block={false} busyLabel={<Trans>Asking the provider…</Trans>}>
        <Trans>Save provider</Trans>
      </SubmitButton>
    </form>
  );
}

function RequiredStep({ view }: { view: View }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const failed = useFailureToast();
  const setRequired = trpc.companySignIn.setRequired.useMutation();
  const [saving, setSaving] = useState<boolean | null>(null);
  const hintId = useId();
  const domain = view.domain?.name ?? '';

  async function change(required: boolean) {
    setSaving(required);
    try {
      utils.companySignIn.get.setData(undefined, await setRequired.mutateAsync({ required }));
      toast({ title: required ? t`Company sign-in is required` : t`Company sign-in is no longer required` });
    } catch (error) {
      failed(t`The setting was not changed`, error);
    }
    setSaving(null);
  }

  return (
    <div className="space-y-1">
      <CheckboxField
        label={<Trans>Require company sign-in for everyone at {domain}</Trans>}
        aria-describedby={hintId}
        checked={saving ?? view.required}
        disabled={saving !== null}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      <p id={hintId} className="text-sm text-slate-700">
        <Trans>
          Passwords, Google, Apple and passkeys are then refused for these addresses, with a message that says
          to use the company&apos;s sign-in.
        </Trans>
      </p>
    </div>
  );
}

/** The team's Single sign-on section, for its owner. */
export function TeamCompanySignIn() {
  const query = trpc.companySignIn.get.useQuery();
  const view = query.data;
  return (
    <SectionCard
      title={<Trans>Single sign-on</Trans>}
      description={
        <Trans>
          Your people sign in with their work accounts from your company&apos;s OpenID Connect provider: on
          the sign-in page they choose &apos;Sign in with your company&apos; and type their work email.
          Someone signing in for the first time joins the team as a member.
        </Trans>
      }
    >
      {!view ? (
        <QueryStatus error={query.error} onRetry={() => void query.refetch()} />
      ) : !view.available ? (
        <Notice tone="info" title={<Trans>Single sign-on is part of the Business plan</Trans>}>
          <p>
            <Trans>
              The team&apos;s owner needs the Business plan for its people to sign in through the company.
            </Trans>
          </p>
        </Notice>
      ) : (
        <div className="space-y-6">
          <DomainStep view={view} />
          {view.domain?.verifiedAt && <ProviderStep view={view} />}
          {view.domain?.verifiedAt && view.provider && <RequiredStep view={view} />}
        </div>
      )}
    </SectionCard>
  );
}
