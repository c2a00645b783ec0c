import { useMemo, useRef, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useWatch, type FieldPath } from 'react-hook-form';
import { paths } from '#src/routes.ts';
import { ProfileDetailsSchema, type ProfileDetailsValues } from '#src/schemas/card.ts';
import { VCARD_NAME_MAX_LENGTH } from '#src/schemas/vcard.ts';
import { cardSaveFailure } from '../../components/card/card-save-failure.ts';
import { ProfilePhotoHint } from '../../components/card/ProfilePhotoHint.tsx';
import { conflictRecord, type Versioned } from '../../components/conflict/edit-conflict.ts';
import type { ConflictField } from '../../components/conflict/field-diff.ts';
import { useEditVersions } from '../../components/conflict/use-edit-versions.tsx';
import { useVersionedHookForm } from '../../components/conflict/use-versioned-form.ts';
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

type Profile = RouterOutputs['profile']['me'];

/** Every field of the form, named as the form names it, for the comparison of two versions. */
const PROFILE_CONFLICT_FIELDS: readonly ConflictField[] = [
  { path: 'photo', label: msg`Profile picture`, kind: 'photo' },
  { path: 'name', label: msg`Name` },
  { path: 'username', label: msg`Username` },
];

/** A stored profile as a version of the form (`suggested`: the username offered while it has none). */
function storedProfileForm(profile: Profile, suggested: string): Versioned<ProfileDetailsValues> {
  return {
    values: {
      name: profile.name ?? '',
      username: profile.username ?? suggested,
      photo: profile.profile_pic,
      baseVersion: profile.version,
    },
    version: profile.version,
  };
}

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
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { refetch: refetchSession } = authClient.useSession();
  const { mutateAsync } = trpc.profile.updateDetails.useMutation();
  const plan = profile.plan_in_effect;
  const schema = useMemo(
    () => withUsernameRule(ProfileDetailsSchema, plan, profile.username),
    [plan, profile.username],
  );
  // someone who has no username yet starts from a suggestion, as on the card step
  const [suggested] = useState(() => startingUsername(profile, plan, profile.name ?? ''));
  const [initialValues] = useState(() => storedProfileForm(profile, suggested).values);
  const form = useZodForm(schema, initialValues);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, isSubmitting, isDirty } = form.formState;
  useLeaveGuard(form.formState.isDirty);
  const usernameAndPhoto = useUsernameAndPhoto(form.control, plan, profile.username);
  const name = useWatch({ control: form.control, name: 'name' });
  // a suggested username is new even though the form started with it
  const hasChanges = isDirty || profile.username === null;

  /** Sends the values; answers the version saved, a newer version refusing them, or null (told). */
  async function send(values: ProfileDetailsValues) {
    try {
      const { version } = await mutateAsync(values);
      return { values, version };
    } catch (error) {
      const newer = conflictRecord<Profile>(error);
      if (newer) return { conflict: storedProfileForm(newer, suggested) };
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
      return {};
    }
  }

  // the procedure parses the form's own values with the same schema, so those are what is sent
  const onSubmit = form.submit(async () => {
    const outcome = await versions.save(form.getValues(), send);
    if (!outcome?.values) return;
    form.reset({ ...outcome.values, baseVersion: outcome.version });
    toast({ title: t`Profile updated successfully` });
    // the name also shows in the top bar, which reads the session
    await Promise.all([
      utils.profile.me.invalidate(),
      utils.profile.heldUsernames.invalidate(),
      refetchSession(),
    ]);
  });

  const versions = useEditVersions(
    useVersionedHookForm(form, { resubmit: () => void onSubmit(), formRef, dirty: hasChanges }),
    storedProfileForm(profile, suggested),
    PROFILE_CONFLICT_FIELDS,
  );

  return (
    <SectionCard title={t`Your profile`}>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5">
        {versions.notice}
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
        {versions.dialog}
      </form>
    </SectionCard>
  );
}
