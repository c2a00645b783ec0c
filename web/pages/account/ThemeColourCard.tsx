import { Trans, useLingui } from '@lingui/react/macro';
import { Controller } from 'react-hook-form';
import { ThemeColourSchema } from '#src/schemas/profile.ts';
import { ColourPicker } from '../../components/card/ColourPicker.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';

/** Theme accent colour: a preset or any #RRGGBB; the preview follows only complete colours. */
export function ThemeColourCard({ savedColour }: { savedColour: string }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.profile.setThemeColour.useMutation();
  const form = useZodForm(ThemeColourSchema, { themeColour: savedColour });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.submit(async ({ themeColour }) => {
    try {
      await mutateAsync({ themeColour });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to update theme colour`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    form.reset({ themeColour });
    toast({ title: t`Theme colour updated successfully` });
    await utils.profile.me.invalidate();
  });

  return (
    <SectionCard
      title={t`Theme accent colour`}
      description={<Trans>The colour of your card and public profile.</Trans>}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <Controller
          control={form.control}
          name="themeColour"
          render={({ field }) => <ColourPicker {...field} error={errors.themeColour?.message} />}
        />
        <SubmitButton busy={isSubmitting} disabled={!isDirty} block={false}>
          <Trans>Save colour</Trans>
        </SubmitButton>
      </form>
    </SectionCard>
  );
}
