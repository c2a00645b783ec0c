import { Trans, useLingui } from '@lingui/react/macro';
import { ComingSoonBanner } from '../components/ComingSoonBanner.tsx';
import { PageHeading } from '../components/PageHeading.tsx';

export function VCardEditor() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Edit vCard`}
        description={<Trans>Change the details, photo and colours of your digital business card.</Trans>}
      />
      <ComingSoonBanner />
    </div>
  );
}
