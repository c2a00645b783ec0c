import { useEffect, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { PasswordPromptSchema } from '#src/schemas/auth.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Button } from '../../components/ui/Button.tsx';

/** Asks for the account password before a security change (two-factor on or off, new backup codes). */
export function PasswordPrompt({
  description,
  submitLabel,
  onConfirm,
  onCancel,
}: {
  description: ReactNode;
  submitLabel: ReactNode;
  /** Runs the change; it reports its own failure. */
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useZodForm(PasswordPromptSchema, { password: '' });
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;
  useEffect(() => setFocus('password'), [setFocus]);

  const onSubmit = form.submit(({ password }) => onConfirm(password));

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <PasswordField
        label={<Trans>Your password</Trans>}
        hint={description}
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting} block={false}>
          {submitLabel}
        </SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
