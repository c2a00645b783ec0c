import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Locale } from '#src/i18n.ts';
import { trpcErrorMessage } from './error-messages.ts';
import { changeLocale } from './i18n.ts';
import { toast } from './toast.ts';
import { trpc } from './trpc.ts';

/**
 * A signed-in person's language choice (spec section 4, language): saved to the profile, then applied and
 * remembered on this device. The toast is written in the new language.
 */
export function useSaveLanguage(): { save: (locale: Locale) => Promise<void>; busy: boolean } {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.profile.setLanguage.useMutation();
  const [busy, setBusy] = useState(false);

  async function save(language: Locale) {
    setBusy(true);
    try {
      await mutateAsync({ language });
    } catch (error) {
      setBusy(false);
      toast({
        variant: 'destructive',
        title: i18n._(msg`Failed to update language`),
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    utils.profile.me.setData(undefined, (profile) => profile && { ...profile, language });
    await changeLocale(language);
    setBusy(false);
    toast({ title: i18n._(msg`Language updated successfully`) });
  }

  return { save, busy };
}
