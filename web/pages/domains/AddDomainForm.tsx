import { Trans, useLingui } from '@lingui/react/macro';
import type { ErrorReason } from '#src/errors.ts';
import { VALIDATION_MESSAGES, type ValidationMessageId } from '#src/messages.ts';
import { DomainFormSchema } from '#src/schemas/domain.ts';
import type { AccountOwner } from '#src/teams.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { trpcFailure } from '../../lib/trpc-failure.ts';

/** The server's refusals that belong to the domain field, with the message shown under it. */
const FIELD_REASONS: Partial<Record<ErrorReason, ValidationMessageId>> = {
  domain_reserved: VALIDATION_MESSAGES.domainReserved,
  domain_claimed: VALIDATION_MESSAGES.domainClaimed,
  domain_already_added: VALIDATION_MESSAGES.domainAlreadyAdded,
};

/** The field's message of a refused add, or null when a toast says why. */
function fieldMessage(error: unknown): string | null {
  const failure = trpcFailure(error);
  if (!failure) return null;
  const fieldError = failure.fieldErrors.find(({ path }) => path === 'domain');
  return fieldError?.message ?? FIELD_REASONS[failure.reason] ?? null;
}

/** "Add domain" of `owner`'s account: the name typed, its refusals under the field. */
export function AddDomainForm({ owner, disabled }: { owner: AccountOwner; disabled: boolean }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.domains.add.useMutation();
  const form = useZodForm(DomainFormSchema, { domain: '' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.submit(async (values) => {
    try {
      await mutateAsync({ owner, ...values });
    } catch (error) {
      const message = fieldMessage(error);
      if (message) {
        form.setError('domain', { message }, { shouldFocus: true });
        return;
      }
      toast({
        variant: 'destructive',
        title: t`The domain was not added`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    toast({ title: t`Domain added`, description: t`Add its DNS record next.` });
    form.reset({ domain: '' });
    await utils.domains.list.invalidate();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <TextField
          label={owner === 'team' ? <Trans>Team domain</Trans> : <Trans>Domain</Trans>}
          hint={<Trans>A domain or subdomain you manage, such as cards.example.com.</Trans>}
          placeholder="cards.example.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          disabled={disabled}
          error={errors.domain?.message}
          {...form.register('domain')}
        />
      </div>
      {/* level with the input, below its label */}
      <div className="sm:mt-7">
        <SubmitButton
          busy={isSubmitting}
          busyLabel={<Trans>Adding...</Trans>}
          block={false}
          disabled={disabled}
        >
          <Trans>Add domain</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}
