import { useMemo, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useWatch, type FieldPath } from 'react-hook-form';
import { paths } from '#src/routes.ts';
import { ProfileDetailsSchema, type ProfileDetailsValues } from '#src/schemas/card.ts';
import { VCARD_NAME_MAX_LENGTH } from '#src/schemas/vcard.ts';
import { cardSaveFailure } from '../../components/card/card-save-failure.ts';
import { ProfilePhotoHint } from '../../components/card/ProfilePhotoHint.tsx';
import {
  UsernameAndPhotoFields,
  useUsernameAndPhoto,
} from '../../components/card/UsernameAndPhotoFields.tsx';
import { withUsernameRule } from '../../components/card/username-rule.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { authClient } from '../../lib/auth-client.ts';
import { toast } from '../../lib/toast.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { startingUsername } from '../onboarding/card-step-values.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

const UPDATE_FAILED = { title: msg`Error`, description: msg`Failed to update profile` };

function TextLinkToAccount() {
  return (
    <Link
      to={paths.account}
      className="rounded font-medium text-brand-strong underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-strong"
    >
      <Trans>Account settings</Trans>
    </Link>
  );
}

/** Name, username (with the card step's rules and check) and picture; the e-mail is only shown. */
export function ProfileDetailsForm({ profile }: { profile: RouterOutputs['profile']['me'] }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { refetch: refetchSession } = authClient.useSession();
  const { mutateAsync } = trpc.profile.updateDetails.useMutation();
  const plan = profile.plan_in_effect;
  const schema = useMemo(
    () => withUsernameRule(ProfileDetailsSchema, plan, profile.username),
    [plan, profile.username],
  );
  const [initialValues] = useState<ProfileDetailsValues>(() => ({
    name: profile.name ?? '',
    // someone who has no username yet starts from a suggestion, as on the card step
    username: startingUsername(profile, plan, profile.name ?? ''),
    photo: profile.profile_pic,
  }));
  const form = useZodForm(schema, initialValues);
  const { errors, isSubmitting, isDirty } = form.formState;
  useLeaveGuard(form.formState.isDirty);
  const usernameAndPhoto = useUsernameAndPhoto(form.control, plan, profile.username);
  const name = useWatch({ control: form.control, name: 'name' });
  // a suggested username is new even though the form started with it
  const hasChanges = isDirty || profile.username === null;

  // the procedure parses the form's own values with the same schema, so those are what is sent
  const onSubmit = form.submit(async () => {
    const values = form.getValues();
    try {
      await mutateAsync(values);
    } catch (error) {
      const failure = cardSaveFailure(error, UPDATE_FAILED);
      failure.fieldErrors.forEach(({ path, message }, index) => {
        form.setError(path as FieldPath<ProfileDetailsValues>, { message }, { shouldFocus: index === 0 });
      });
      if (failure.fieldErrors.some(({ path }) => path === 'username'))
        void utils.profile.checkUsername.invalidate();
      if (failure.toast) {
        toast({
          variant: 'destructive',
          title: i18n._(failure.toast.title),
          description: i18n._(failure.toast.description),
        });
      }
      return;
    }
    form.reset(values);
    toast({ title: t`Profile updated successfully` });
    // the name also shows in the top bar, which reads the session
    await Promise.all([
      utils.profile.me.invalidate(),
      utils.profile.heldUsernames.invalidate(),
      refetchSession(),
    ]);
  });

  return (
    <SectionCard title={t`Your profile`}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <UsernameAndPhotoFields
          {...usernameAndPhoto.fields}
          photoLabel={<Trans>Profile picture</Trans>}
          photoHint={<ProfilePhotoHint />}
        >
          <TextField
            label={<Trans>Name</Trans>}
            autoComplete="name"
            required
            limit={{ max: VCARD_NAME_MAX_LENGTH, length: name.length }}
            error={errors.name?.message}
            {...form.register('name')}
          />
        </UsernameAndPhotoFields>
        <TextField
          label={<Trans>Email</Trans>}
          type="email"
          value={profile.email ?? ''}
          readOnly
          className="bg-slate-50 text-slate-700"
          hint={
            <Trans>
              To change your email address, go to <TextLinkToAccount />.
            </Trans>
          }
        />
        <SubmitButton
          busy={isSubmitting}
          disabled={!hasChanges || usernameAndPhoto.blocksSubmit}
          block={false}
        >
          <Trans>Save changes</Trans>
        </SubmitButton>
      </form>
    </SectionCard>
  );
}
