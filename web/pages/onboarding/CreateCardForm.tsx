import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, type FieldPath } from 'react-hook-form';
import { normalizePlanId } from '#src/plans.ts';
import { CreateCardSchema, type CreateCardValues } from '#src/schemas/card.ts';
import { CardFields } from '../../components/card/CardFields.tsx';
import { ColourPicker } from '../../components/card/ColourPicker.tsx';
import {
  UsernameAndPhotoFields,
  useUsernameAndPhoto,
} from '../../components/card/UsernameAndPhotoFields.tsx';
import { withUsernameRule } from '../../components/card/username-rule.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { toast } from '../../lib/toast.ts';
import { photoFailureText, type PhotoFailure } from '../../lib/upload-photo.ts';
import { initialCardValues, type OnboardingProfile } from './card-step-values.ts';
import { LiveCardPreview } from './LiveCardPreview.tsx';
import { useCreateCard } from './use-create-card.ts';

/**
 * Step 3's form: username, photo, card fields and theme colour, with the live preview beside the fields
 * on wide screens and just above the submit button on phones.
 */
export function CreateCardForm({ profile }: { profile: OnboardingProfile }) {
  const { t, i18n } = useLingui();
  const plan = normalizePlanId(profile.plan_type);
  const schema = useMemo(
    () => withUsernameRule(CreateCardSchema, plan, profile.username),
    [plan, profile.username],
  );
  const [initialValues] = useState(() => initialCardValues(profile, plan));
  const form = useZodForm(schema, initialValues);
  const { errors, isSubmitting } = form.formState;
  const usernameAndPhoto = useUsernameAndPhoto(form.control, plan, profile.username);
  const createCard = useCreateCard();

  function reportPhotoFailure(failure: PhotoFailure) {
    // spec section 8: a file that cannot be a photo is the person's to fix, but a failed upload does not
    // stop the card, which is saved without the photo
    const keepsCard = failure.kind !== 'invalid_type' && failure.kind !== 'too_large';
    const text = photoFailureText(failure);
    toast({
      variant: 'destructive',
      title: keepsCard ? t`Upload failed` : i18n._(text.title),
      description: keepsCard ? t`Failed to upload photo. Continuing without it.` : i18n._(text.description),
    });
  }

  // the procedure parses the form's own values with the same schema, so those are what is sent
  const onSubmit = form.submit(async () => {
    const fieldErrors = await createCard(form.getValues());
    fieldErrors.forEach(({ path, message }, index) => {
      form.setError(path as FieldPath<CreateCardValues>, { message }, { shouldFocus: index === 0 });
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6 md:grid-cols-[minmax(0,1fr)_17rem] md:gap-8">
      <div className="min-w-0 space-y-6">
        <SectionCard
          title={t`Your public profile`}
          description={<Trans>Your card's link and QR code are made from your username.</Trans>}
        >
          <UsernameAndPhotoFields
            {...usernameAndPhoto.fields}
            photoLabel={<Trans>Photo</Trans>}
            onPhotoError={reportPhotoFailure}
          />
        </SectionCard>
        <SectionCard
          title={t`Your details`}
          description={<Trans>What your card shows. Only your name is required.</Trans>}
        >
          <CardFields control={form.control} />
        </SectionCard>
        <SectionCard
          title={t`Theme colour`}
          description={<Trans>The background of your card and public page.</Trans>}
        >
          <Controller
            control={form.control}
            name="themeColour"
            render={({ field }) => <ColourPicker {...field} error={errors.themeColour?.message} />}
          />
        </SectionCard>
      </div>
      <div className="md:sticky md:top-6 md:col-start-2 md:row-span-2 md:row-start-1 md:self-start">
        <LiveCardPreview control={form.control} plan={plan} savedUsername={profile.username} />
      </div>
      <div className="md:col-start-1">
        <SubmitButton
          busy={isSubmitting}
          busyLabel={<Trans>Creating your card...</Trans>}
          disabled={usernameAndPhoto.blocksSubmit}
        >
          <Trans>Create my card</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}
