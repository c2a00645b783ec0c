import { Trans, useLingui } from '@lingui/react/macro';
import { ComingSoonBanner } from '../components/ComingSoonBanner.tsx';
import { PageHeading } from '../components/PageHeading.tsx';

export function Support() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Support`}
        description={<Trans>Find answers to common questions or send a message to our team.</Trans>}
      />
      <ComingSoonBanner />
    </div>
  );
}
