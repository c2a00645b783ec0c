import { Trans, useLingui } from '@lingui/react/macro';
import { ComingSoonBanner } from '../components/ComingSoonBanner.tsx';
import { PageHeading } from '../components/PageHeading.tsx';

export function VCards() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`My vCards`}
        description={<Trans>Create and edit the digital business cards people save to their phones.</Trans>}
      />
      <ComingSoonBanner />
    </div>
  );
}
