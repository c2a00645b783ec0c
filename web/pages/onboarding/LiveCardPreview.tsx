import { Trans } from '@lingui/react/macro';
import { useWatch, type Control } from 'react-hook-form';
import type { PlanId } from '#src/plans.ts';
import type { CreateCardInput, CreateCardValues } from '#src/schemas/card.ts';
import { usernameChangeProblem } from '#src/username.ts';
import { CardPreview } from '../../components/card/CardPreview.tsx';
import { publicProfileUrl } from '../../components/card/public-url.ts';
import { useAppliedColour } from '../../components/card/use-applied-colour.ts';

/** The card as it will look, following the form as it is typed (the colour only once complete). */
export function LiveCardPreview({
  control,
  plan,
  savedUsername,
}: {
  control: Control<CreateCardValues, unknown, CreateCardInput>;
  plan: PlanId;
  savedUsername: string | null;
}) {
  const values = useWatch({ control });
  const colour = useAppliedColour(values.themeColour ?? '');
  const username = values.username ?? '';
  // no QR code of an address that cannot exist
  const url = usernameChangeProblem(username, plan, savedUsername) ? null : publicProfileUrl(username);
  return (
    <div className="space-y-2">
      <h2 className="text-sm font-semibold text-slate-700">
        <Trans>Preview</Trans>
      </h2>
      <CardPreview fields={values} photo={values.photo ?? null} colour={colour} url={url} />
    </div>
  );
}
