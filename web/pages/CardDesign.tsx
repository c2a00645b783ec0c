import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { paths } from '#src/routes.ts';
import { UpgradePrompt } from '../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../components/billing/use-plan-feature.ts';
import { CardPicker } from '../components/CardPicker.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { trpc } from '../lib/trpc.ts';
import { DesignEditor } from './card-design/DesignEditor.tsx';

/**
 * /dashboard/design (customBranding, Pro+): a vCard's layout, font, buttons, cover, logo and colours, with
 * its public page previewed as it will be. Other plans see the upgrade prompt in place of the controls.
 */
export function CardDesign() {
  const { t } = useLingui();
  // false while the status loads too: it counts as the free plan until then
  const { allowed } = usePlanFeature('customBranding');
  const list = trpc.vcards.list.useQuery(undefined, { enabled: allowed });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const vcards = list.data?.vcards ?? [];
  const vcard =
    vcards.find((item) => item.id === chosenId) ??
    vcards.find((item) => item.id === list.data?.primaryId) ??
    vcards[0];
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Card design`}
        description={
          <Trans>Choose how your public card looks: layout, font, buttons, cover, logo and colours.</Trans>
        }
      />
      <UpgradePrompt feature="customBranding">
        <Trans>Layouts, fonts, button styles, a cover and your logo on your public card.</Trans>
      </UpgradePrompt>
      {allowed &&
        (list.data ? (
          vcard ? (
            <>
              {vcards.length > 1 && (
                <CardPicker
                  id="design-vcard"
                  label={<Trans>vCard</Trans>}
                  cards={vcards}
                  value={vcard.id}
                  onChange={setChosenId}
                />
              )}
              {/* another card starts a form of its own */}
              <DesignEditor key={vcard.id} vcard={vcard} />
            </>
          ) : (
            <p className="rounded-xl border border-brand/40 bg-brand-soft p-4 text-sm text-ink">
              <Trans>
                You don't have a vCard yet.{' '}
                <Link to={paths.vcardEditor} className="font-semibold underline">
                  Create your first one
                </Link>
                , then design it here.
              </Trans>
            </p>
          )
        ) : (
          <QueryStatus error={list.error} onRetry={() => void list.refetch()} />
        ))}
    </div>
  );
}
