import { Trans, useLingui } from '@lingui/react/macro';
import { ComingSoonBanner } from '../components/ComingSoonBanner.tsx';
import { PageHeading } from '../components/PageHeading.tsx';

export function Billing() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Billing`}
        description={<Trans>See your plan, its renewal date and your invoices, and change your plan.</Trans>}
      />
      <ComingSoonBanner />
    </div>
  );
}
