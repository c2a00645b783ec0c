import { Trans, useLingui } from '@lingui/react/macro';
import { BackHomeLink } from '../components/BackHomeLink.tsx';
import { ComingSoonBanner } from '../components/ComingSoonBanner.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { PublicPageLayout } from '../components/PublicPageLayout.tsx';

export function Onboarding() {
  const { t } = useLingui();
  return (
    <PublicPageLayout>
      <div className="space-y-6">
        <PageHeading
          title={t`Get Started`}
          description={
            <Trans>Create your account, choose a plan and build your virtual card in three steps.</Trans>
          }
        />
        <ComingSoonBanner />
        <BackHomeLink />
      </div>
    </PublicPageLayout>
  );
}
