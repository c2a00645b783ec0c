import { Trans, useLingui } from '@lingui/react/macro';
import { ComingSoonBanner } from '../components/ComingSoonBanner.tsx';
import { PageHeading } from '../components/PageHeading.tsx';

export function Links() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Links`}
        description={<Trans>Add the links shown on your public profile and drag them into order.</Trans>}
      />
      <ComingSoonBanner />
    </div>
  );
}
