import { Trans, useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import { NAME_PART_MAX_LENGTH, PersonalInfoSchema, type PersonalInfoInput } from '#src/schemas/profile.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { authClient } from '../../lib/auth-client.ts';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

/** First and last name; the full name shown everywhere is their join (saved by the server). */
export function PersonalInfoForm({ initial }: { initial: PersonalInfoInput }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { refetch: refetchSession } = authClient.useSession();
  const { mutateAsync } = trpc.profile.updatePersonalInfo.useMutation();
  const form = useZodForm(PersonalInfoSchema, initial);
  const { errors, isSubmitting } = form.formState;
  useLeaveGuard(form.formState.isDirty);
  const [firstName, lastName] = useWatch({ control: form.control, name: ['firstName', 'lastName'] });

  const onSubmit = form.submit(async (values) => {
    try {
      await mutateAsync(values);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to update personal information`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    form.reset(values);
    toast({ title: t`Personal information updated successfully` });
    // the name also shows in the top bar, which reads the session
    await Promise.all([utils.profile.me.invalidate(), refetchSession()]);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={<Trans>First name</Trans>}
          autoComplete="given-name"
          required
          limit={{ max: NAME_PART_MAX_LENGTH, length: firstName.length }}
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label={<Trans>Last name</Trans>}
          autoComplete="family-name"
          limit={{ max: NAME_PART_MAX_LENGTH, length: lastName.length }}
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <SubmitButton busy={isSubmitting} block={false}>
        <Trans>Save changes</Trans>
      </SubmitButton>
    </form>
  );
}
