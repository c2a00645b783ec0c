import { useRef, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import { NAME_PART_MAX_LENGTH, PersonalInfoSchema, type PersonalInfoValues } from '#src/schemas/profile.ts';
import { conflictRecord, type Versioned } from '../../components/conflict/edit-conflict.ts';
import type { ConflictField } from '../../components/conflict/field-diff.ts';
import { useEditVersions } from '../../components/conflict/use-edit-versions.tsx';
import { useVersionedHookForm } from '../../components/conflict/use-versioned-form.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { authClient } from '../../lib/auth-client.ts';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

type Profile = RouterOutputs['profile']['me'];

/** Every field of the form, named as the form names it, for the comparison of two versions. */
const PERSONAL_INFO_CONFLICT_FIELDS: readonly ConflictField[] = [
  { path: 'firstName', label: msg`First name` },
  { path: 'lastName', label: msg`Last name` },
];

/** A stored profile as a version of the form. */
function storedPersonalInfo(profile: Profile): Versioned<PersonalInfoValues> {
  return {
    values: {
      firstName: profile.first_name ?? '',
      lastName: profile.last_name ?? '',
      baseVersion: profile.version,
    },
    version: profile.version,
  };
}

/**
 * First and last name; the full name shown everywhere is their join (saved by the server). `profile` is
 * the profile query's, which live updates refresh.
 */
export function PersonalInfoForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { refetch: refetchSession } = authClient.useSession();
  const { mutateAsync } = trpc.profile.updatePersonalInfo.useMutation();
  const [initialValues] = useState(() => storedPersonalInfo(profile).values);
  const form = useZodForm(PersonalInfoSchema, initialValues);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, isSubmitting } = form.formState;
  useLeaveGuard(form.formState.isDirty);
  const [firstName, lastName] = useWatch({ control: form.control, name: ['firstName', 'lastName'] });

  /** Sends the values; answers the version saved, a newer version refusing them, or nothing (told). */
  async function send(values: PersonalInfoValues) {
    try {
      const { version } = await mutateAsync(values);
      return { values, version };
    } catch (error) {
      const newer = conflictRecord<Profile>(error);
      if (newer) return { conflict: storedPersonalInfo(newer) };
      toast({
        variant: 'destructive',
        title: t`Failed to update personal information`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return {};
    }
  }

  const onSubmit = form.submit(async () => {
    const outcome = await versions.save(form.getValues(), send);
    if (!outcome?.values) return;
    form.reset({ ...outcome.values, baseVersion: outcome.version });
    toast({ title: t`Personal information updated successfully` });
    // the name also shows in the top bar, which reads the session
    await Promise.all([utils.profile.me.invalidate(), refetchSession()]);
  });

  const versions = useEditVersions(
    useVersionedHookForm(form, { resubmit: () => void onSubmit(), formRef }),
    storedPersonalInfo(profile),
    PERSONAL_INFO_CONFLICT_FIELDS,
  );

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {versions.notice}
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
      {versions.dialog}
    </form>
  );
}
