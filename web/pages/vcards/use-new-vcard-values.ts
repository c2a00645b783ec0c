import { useMemo } from 'react';
import { emptyVcardForm, type VcardFormValues } from '#src/schemas/vcard.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * A new vCard's form: empty, in the account's default card colour (Account settings), as the first card
 * of onboarding. Null while the profile loads; without the profile, the product's default colour.
 */
export function useNewVcardValues(): VcardFormValues | null {
  const profile = trpc.profile.me.useQuery();
  const themeColour = profile.data?.theme_color;
  const failed = profile.isError;
  return useMemo(() => {
    if (themeColour) return { ...emptyVcardForm(), backgroundColour: themeColour };
    return failed ? emptyVcardForm() : null;
  }, [themeColour, failed]);
}
