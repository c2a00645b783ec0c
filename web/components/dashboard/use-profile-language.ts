import { useEffect } from 'react';
import { applyProfileLanguage } from '../../lib/i18n.ts';
import { logFailure } from '../../lib/log.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * spec section 4, language: once the user is loaded, their profile language wins over this device's
 * choice (a language chosen on another device follows the person here).
 */
export function useProfileLanguage(): void {
  const language = trpc.profile.me.useQuery().data?.language;
  useEffect(() => {
    if (language) applyProfileLanguage(language).catch(logFailure('Applying the profile language'));
  }, [language]);
}
