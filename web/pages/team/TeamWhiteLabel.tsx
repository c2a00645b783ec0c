import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckboxField } from '../../components/form/CheckboxField.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { trpc } from '../../lib/trpc.ts';
import type { Team } from './types.ts';
import { useTeamAction } from './use-team-action.ts';

/**
 * The owner and admins turn white label on or off (Business): the team's card pages and e-mails then
 * carry the team's name and logo instead of Tapcard's. Saved at once.
 */
export function TeamWhiteLabel({ team }: { team: Team }) {
  const { t } = useLingui();
  const act = useTeamAction();
  const setWhiteLabel = trpc.teams.setWhiteLabel.useMutation();
  // the box shows the choice being saved until the team is read again, then the saved state
  const [saving, setSaving] = useState<boolean | null>(null);
  const save = async (whiteLabel: boolean) => {
    setSaving(whiteLabel);
    await act({
      run: () => setWhiteLabel.mutateAsync({ whiteLabel }),
      failureTitle: t`White label was not changed`,
      success: whiteLabel ? { title: t`White label is on` } : { title: t`White label is off` },
    });
    setSaving(null);
  };
  return (
    <SectionCard
      title={<Trans>White label</Trans>}
      description={
        <Trans>
          The team&apos;s card pages, their downloads and the team&apos;s e-mails show the team&apos;s name
          and logo (the card template&apos;s logo, else the team logo) instead of the Tapcard name.
        </Trans>
      }
    >
      <CheckboxField
        label={<Trans>Use the team&apos;s brand only</Trans>}
        checked={saving ?? team.whiteLabel}
        disabled={saving !== null}
        onChange={(event) => void save(event.currentTarget.checked)}
      />
    </SectionCard>
  );
}
