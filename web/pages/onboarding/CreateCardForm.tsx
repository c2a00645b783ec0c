import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, type FieldPath } from 'react-hook-form';
import { paths } from '#src/routes.ts';
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
import { Button } from '../../components/ui/Button.tsx';
import { initialCardValues, startingUsername, type OnboardingProfile } from './card-step-values.ts';
import { LiveCardPreview } from './LiveCardPreview.tsx';
import { useLocale } from '../../lib/use-locale.ts';
import { useCreateCard } from './use-create-card.ts';
import { useSkipCard } from './use-skip-card.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

/**
 * Step 3's form: username, photo, card fields and theme colour, with the live preview beside the fields
 * on wide screens and just above the submit button on phones; then 'Skip for now' (or, for a person who
 * skipped before, the way back to the dashboard).
 */
export function CreateCardForm({ profile, finished }: { profile: OnboardingProfile; finished: boolean }) {
  const { t } = useLingui();
  const plan = profile.plan_in_effect;
  const schema = useMemo(
    () => withUsernameRule(CreateCardSchema, plan, profile.username),
    [plan, profile.username],
  );
  const locale = useLocale();
  const [initialValues] = useState(() => initialCardValues(profile, plan, locale));
  const form = useZodForm(schema, initialValues);
  const { errors, isSubmitting } = form.formState;
  useLeaveGuard(form.formState.isDirty);
  const usernameAndPhoto = useUsernameAndPhoto(form.control, plan, profile.username);
  const createCard = useCreateCard();
  const { skip, skipping } = useSkipCard();

  // A plan paid for while this step is open (a live update) brings its username rule at once: a
  // suggestion nobody changed becomes the new plan's, and a typed name is judged again.
  const { getFieldState, getValues, resetField, trigger } = form;
  const planShown = useRef(plan);
  useEffect(() => {
    if (planShown.current === plan) return;
    planShown.current = plan;
    const username = getFieldState('username');
    if (!username.isDirty) {
      resetField('username', { defaultValue: startingUsername(profile, plan, getValues('name')) });
    } else if (username.error) {
      void trigger('username');
    }
  }, [plan, profile, getFieldState, getValues, resetField, trigger]);

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
          <UsernameAndPhotoFields {...usernameAndPhoto.fields} photoLabel={<Trans>Photo</Trans>} />
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
      <div className="space-y-3 md:col-start-1">
        <SubmitButton
          busy={isSubmitting}
          busyLabel={<Trans>Creating your card...</Trans>}
          disabled={usernameAndPhoto.blocksSubmit || skipping}
        >
          <Trans>Create my card</Trans>
        </SubmitButton>
        {finished ? (
          <Button asChild variant="ghost" size="block">
            <Link to={paths.dashboard}>
              <Trans>Back to dashboard</Trans>
            </Link>
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="block"
            disabled={isSubmitting || skipping}
            onClick={() => void skip()}
          >
            {skipping ? <Trans>Please wait...</Trans> : <Trans>Skip for now</Trans>}
          </Button>
        )}
      </div>
    </form>
  );
}
