import { Trans, useLingui } from '@lingui/react/macro';
import { ComingSoonBanner } from '../components/ComingSoonBanner.tsx';
import { PageHeading } from '../components/PageHeading.tsx';

export function QrCodes() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`My QR Codes`}
        description={<Trans>Create, download and track QR codes that lead to your short links.</Trans>}
      />
      <ComingSoonBanner />
    </div>
  );
}
