import { Trans, useLingui } from '@lingui/react/macro';
import { Controller } from 'react-hook-form';
import { ThemeColourSchema } from '#src/schemas/profile.ts';
import { ColourPicker } from '../../components/card/ColourPicker.tsx';
import { MyVcardsLink } from '../../components/card/MyVcardsLink.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

/**
 * The account's theme colour, shown as what it does: new vCards (onboarding's first card, My vCards, the
 * vCard editor) start with it, and the public page uses it only while there is no vCard; each vCard keeps
 * its own colour. A preset or any #RRGGBB; the preview follows only complete colours.
 */
export function ThemeColourCard({ savedColour }: { savedColour: string }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.profile.setThemeColour.useMutation();
  const form = useZodForm(ThemeColourSchema, { themeColour: savedColour });
  const { errors, isSubmitting, isDirty } = form.formState;
  useLeaveGuard(form.formState.isDirty);

  const onSubmit = form.submit(async ({ themeColour }) => {
    try {
      await mutateAsync({ themeColour });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to save the default card colour`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    form.reset({ themeColour });
    toast({ title: t`Default card colour saved` });
    await utils.profile.me.invalidate();
  });

  return (
    <SectionCard
      title={t`Default card colour`}
      description={
        <Trans>
          New vCards start with this colour, and your public page shows it while you have no vCard. Each vCard
          keeps its own colour: change it in <MyVcardsLink />.
        </Trans>
      }
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
