import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';
import type { ProfileLinkFormValues, ProfileLinkInput } from '#src/schemas/link.ts';
import { TextField } from '../../components/form/TextField.tsx';

/** The title and URL fields of a profile link, shared by the add form and the edit dialog. */
export function LinkFields({
  form,
}: {
  form: UseFormReturn<ProfileLinkFormValues, unknown, ProfileLinkInput>;
}) {
  const { t } = useLingui();
  const { errors } = form.formState;
  return (
    <>
      <TextField
        label={<Trans>Title</Trans>}
        autoComplete="off"
        placeholder={t`e.g. My portfolio`}
        required
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextField
        label={<Trans>URL</Trans>}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        required
        error={errors.url?.message}
        {...form.register('url')}
      />
    </>
  );
}
